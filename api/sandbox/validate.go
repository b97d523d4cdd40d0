package sandbox

import (
	"slices"
	"strconv"

	"github.com/stratop/stratop/api"
)

// Field rules of the create and update routes (spec 4.3, 4.4 and the limits
// of section 8). Each check returns messages naming the field, all of them
// at once, and the handlers validate fully before touching any state.
//
// Where the spec gives no bound we chose one and say so:
//   - orders and dcaFrequency: integers >= 1; percentage: > 0 and <= 100;
//   - gasThreshold: >= 0 (default 50 when smart gas is on);
//   - scheduledStartAt: >= 0 (a time in the past starts at once);
//   - volumeExclusionAddresses: at most 150 ("up to about 150"), each an
//     address of the strategy's chain;
//   - fields of the other strategy kind (percentage on a DCA route, orders on
//     a volume route, ...) are refused rather than ignored.

// Limits of spec section 8.
const (
	variableMin      = 20
	variableMax      = 80
	accumulatorMin   = 2
	accumulatorMax   = 10
	maxExclusions    = 150
	defaultGasLimit  = 50
	defaultMarketCap = "1"
	maxPercentage    = 100.0
)

// checkOptions validates settings of either kind against the strategy's kind
// and chain. orders and freq are the values in force (for the
// variableDcaFrequency precondition).
func checkOptions(o *api.StrategyOptions, kind uint8, chainID int64, orders, freq int64) []string {
	var errs []string
	add := func(msg string) { errs = append(errs, msg) }
	if o.GasThreshold != nil && *o.GasThreshold < 0 {
		add("gasThreshold must be a number >= 0")
	}
	if o.AutoClaim != nil && *o.AutoClaim && o.ReceiverAddress == "" {
		add("receiverAddress is required when autoClaim is true")
	}
	if o.ReceiverAddress != "" && !validAddress(chainID, o.ReceiverAddress) {
		add("receiverAddress must be an address on chain " + itoa(chainID))
	}
	switch o.TriggerType {
	case "", "marketCap":
	case "price":
		if o.TriggerPrice == "" {
			add("triggerPrice is required when triggerType is price")
		}
	default:
		add("triggerType must be one of marketCap, price")
	}
	if o.TriggerPrice != "" && !validDecimal(o.TriggerPrice) {
		add("triggerPrice must be a decimal number")
	}
	if o.TriggerMarketCap != "" && !validDecimal(o.TriggerMarketCap) {
		add("triggerMarketCap must be a decimal number")
	}
	if o.ScheduledStartAt != nil && *o.ScheduledStartAt < 0 {
		add("scheduledStartAt must be Unix seconds >= 0")
	}
	errs = append(errs, checkRouting(o, chainID)...)
	if kind == kindDCA {
		errs = append(errs, checkDCAOptions(o, orders, freq)...)
	} else {
		errs = append(errs, checkVolumeOptions(o, chainID)...)
	}
	return errs
}

// checkRouting validates the Solana routing fields.
func checkRouting(o *api.StrategyOptions, chainID int64) []string {
	var errs []string
	if o.SwapKind != "" && chainID != api.ChainSolana {
		errs = append(errs, "swapKind applies to Solana only")
	} else if !oneOf(o.SwapKind, "", "jupiter", "titan", "pool") {
		errs = append(errs, "swapKind must be one of jupiter, titan, pool")
	}
	if o.SwapKind == "pool" {
		if !oneOf(o.PoolKind, "raydium", "meteora", "pumpswap") {
			errs = append(errs, "poolKind must be one of raydium, meteora, pumpswap when swapKind is pool")
		}
		if !validBase58Key(o.PoolAddress) {
			errs = append(errs, "poolAddress must be a Solana address when swapKind is pool")
		}
	} else if o.PoolKind != "" || o.PoolAddress != "" {
		errs = append(errs, "poolKind and poolAddress apply only when swapKind is pool")
	}
	return errs
}

// checkDCAOptions validates the DCA-only settings and refuses volume ones.
func checkDCAOptions(o *api.StrategyOptions, orders, freq int64) []string {
	var errs []string
	errs = append(errs, rangeErr("variableDcaAmountValue", o.VariableDcaAmountValue, variableMin, variableMax)...)
	errs = append(errs, rangeErr("variableDcaFrequencyValue", o.VariableDcaFrequencyValue, variableMin, variableMax)...)
	if o.VariableDcaFrequency != nil && *o.VariableDcaFrequency && (freq < 2 || orders <= 1) {
		errs = append(errs, "variableDcaFrequency requires dcaFrequency >= 2 and orders > 1")
	}
	for name, set := range map[string]bool{
		"maxTransactionValue":      o.MaxTransactionValue != "",
		"minTransactionValue":      o.MinTransactionValue != "",
		"volumeAccumulatorSize":    o.VolumeAccumulatorSize != nil,
		"volumeExclusionAddresses": o.VolumeExclusionAddresses != nil,
		"skipMevLikeTrades":        o.SkipMevLikeTrades != nil,
		"excludeSonarExecutors":    o.ExcludeSonarExecutors != nil,
	} {
		if set {
			errs = append(errs, name+" applies to volume strategies only")
		}
	}
	return sortedMessages(errs)
}

// checkVolumeOptions validates the volume-only settings and refuses DCA ones.
func checkVolumeOptions(o *api.StrategyOptions, chainID int64) []string {
	var errs []string
	for name, set := range map[string]bool{
		"variableDcaAmount":         o.VariableDcaAmount != nil,
		"variableDcaAmountValue":    o.VariableDcaAmountValue != nil,
		"variableDcaFrequency":      o.VariableDcaFrequency != nil,
		"variableDcaFrequencyValue": o.VariableDcaFrequencyValue != nil,
	} {
		if set {
			errs = append(errs, name+" applies to DCA strategies only")
		}
	}
	if o.MaxTransactionValue != "" && !validDecimal(o.MaxTransactionValue) {
		errs = append(errs, "maxTransactionValue must be a decimal number")
	}
	minV := string(o.MinTransactionValue)
	if minV != "" && !validDecimal(minV) {
		errs = append(errs, "minTransactionValue must be a decimal number")
	}
	if validDecimal(minV) && validDecimal(o.MaxTransactionValue) && decimalRat(minV).Cmp(decimalRat(o.MaxTransactionValue)) > 0 {
		errs = append(errs, "minTransactionValue must be <= maxTransactionValue")
	}
	errs = append(errs, rangeErr("volumeAccumulatorSize", o.VolumeAccumulatorSize, accumulatorMin, accumulatorMax)...)
	if len(o.VolumeExclusionAddresses) > maxExclusions {
		errs = append(errs, "volumeExclusionAddresses must hold at most 150 addresses")
	} else {
		for i, a := range o.VolumeExclusionAddresses {
			if !validAddress(chainID, a) {
				errs = append(errs, "volumeExclusionAddresses["+strconv.Itoa(i)+"] must be an address on chain "+itoa(chainID))
				break
			}
		}
	}
	return sortedMessages(errs)
}

// rangeErr checks an optional integer against inclusive bounds.
func rangeErr(name string, v *int64, lo, hi int64) []string {
	if v != nil && (*v < lo || *v > hi) {
		return []string{name + " must be an integer from " + itoa(lo) + " to " + itoa(hi)}
	}
	return nil
}

// withDefaults fills the defaults of section 8: gasThreshold 50 when smart
// gas is on, triggerMarketCap "1" for market-cap triggers.
func withDefaults(o api.StrategyOptions) api.StrategyOptions {
	if o.IsSmartGasOn != nil && *o.IsSmartGasOn && o.GasThreshold == nil {
		g := int64(defaultGasLimit)
		o.GasThreshold = &g
	}
	if o.TriggerType == "marketCap" && o.TriggerMarketCap == "" {
		o.TriggerMarketCap = defaultMarketCap
	}
	return o
}

// checkBalance parses balanceUsed: a raw amount > 0 (api.ValidRawAmount).
func checkBalance(raw string) (u128, []string) {
	v, good := parseRawAmount(raw)
	if !good || v.isZero() {
		return u128{}, []string{"balanceUsed must be a raw integer amount > 0 and <= " + api.MaxRawAmount + " (digits only)"}
	}
	return v, nil
}

// parseRawAmount reads a raw amount from a request by the rule the client
// shares (api.ValidRawAmount), so both refuse the same strings.
func parseRawAmount(raw string) (u128, bool) {
	if !api.ValidRawAmount(raw) {
		return u128{}, false
	}
	return parseU128(raw)
}

// sortedMessages orders messages built from map iteration, so answers are
// stable.
func sortedMessages(msgs []string) []string {
	slices.Sort(msgs)
	return msgs
}
