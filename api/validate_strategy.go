package api

import (
	"math/big"
	"strings"
)

// settings gathers the sizing and option fields that create and update share,
// so both are checked by one set of rules.
type settings struct {
	orders, dcaFrequency *int64
	percentage           *float64
	gasThreshold         *int64
	triggerType          string
	triggerPrice         string
	triggerMarketCap     string
	varAmount            *bool
	varAmountValue       *int64
	varFreq              *bool
	varFreqValue         *int64
	maxTx                string
	minTx                FlexString
	accumulator          *int64 // nil: not sent, or null (clear) on update
	accumulatorSent      bool
	exclusions           []string
	skipMev, excludeExec *bool
}

// ValidateCreate checks a create body for kind: the required fields of spec
// section 4.3 and the limits of section 8. Fields of the other strategy type
// (e.g. percentage on a DCA create) are refused rather than silently sent.
func ValidateCreate(kind StrategyKind, r CreateStrategyRequest) error {
	if !kind.Valid() {
		return invalid("kind", "must be dcaBuy, dcaSell, volumeBuy or volumeSell")
	}
	if err := requireUserID(r.UserID); err != nil {
		return err
	}
	if err := requireChainID(r.ChainID); err != nil {
		return err
	}
	for _, f := range []struct{ name, v string }{
		{"inputToken", r.InputToken}, {"outputToken", r.OutputToken}, {"tokenAddress", r.TokenAddress},
	} {
		if err := requireText(f.name, f.v); err != nil {
			return err
		}
	}
	if err := rawAmount("balanceUsed", r.BalanceUsed); err != nil {
		return err
	}
	if kind.IsDCA() {
		if r.Orders == nil {
			return invalid("orders", "is required for DCA strategies")
		}
		if r.DcaFrequency == nil {
			return invalid("dcaFrequency", "is required for DCA strategies")
		}
	} else if r.Percentage == nil {
		return invalid("percentage", "is required for volume strategies")
	}
	if r.PoolDepositID != nil && *r.PoolDepositID < 1 {
		return invalid("poolDepositId", "must be >= 1")
	}
	o := r.StrategyOptions
	if err := checkSettings(kind, settings{
		orders: r.Orders, dcaFrequency: r.DcaFrequency, percentage: r.Percentage,
		gasThreshold: o.GasThreshold, triggerType: o.TriggerType, triggerPrice: o.TriggerPrice, triggerMarketCap: o.TriggerMarketCap,
		varAmount: o.VariableDcaAmount, varAmountValue: o.VariableDcaAmountValue, varFreq: o.VariableDcaFrequency, varFreqValue: o.VariableDcaFrequencyValue,
		maxTx: o.MaxTransactionValue, minTx: o.MinTransactionValue,
		accumulator: o.VolumeAccumulatorSize, accumulatorSent: o.VolumeAccumulatorSize != nil,
		exclusions: o.VolumeExclusionAddresses, skipMev: o.SkipMevLikeTrades, excludeExec: o.ExcludeSonarExecutors,
	}); err != nil {
		return err
	}
	if o.AutoClaim != nil && *o.AutoClaim && strings.TrimSpace(o.ReceiverAddress) == "" {
		return invalid("receiverAddress", "is required when autoClaim is on")
	}
	if o.ScheduledStartAt != nil && *o.ScheduledStartAt < 0 {
		return invalid("scheduledStartAt", "must be Unix seconds >= 0")
	}
	return checkRouting(r.ChainID, o)
}

// ValidateUpdate checks an update body for kind: the required fields of
// spec section 4.4 and the limits of section 8. Optional fields left nil are
// "unchanged" and not checked; the variableDcaFrequency precondition is
// checked against orders and dcaFrequency only when they are sent.
func ValidateUpdate(kind StrategyKind, r UpdateStrategyRequest) error {
	if !kind.Valid() {
		return invalid("kind", "must be dcaBuy, dcaSell, volumeBuy or volumeSell")
	}
	if err := requireUserID(r.UserID); err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		v    int64
	}{{"poolDepositId", r.PoolDepositID}, {"poolId", r.PoolID}, {"strategyId", r.StrategyID}, {"chainId", r.ChainID}} {
		if f.v < 1 {
			return invalid(f.name, "is required (>= 1)")
		}
	}
	if err := rawAmount("balanceUsed", r.BalanceUsed); err != nil {
		return err
	}
	s := settings{
		orders: r.Orders, dcaFrequency: r.DcaFrequency, percentage: r.Percentage,
		gasThreshold: r.GasThreshold, triggerType: r.TriggerType, triggerPrice: r.TriggerPrice, triggerMarketCap: r.TriggerMarketCap,
		varAmount: r.VariableDcaAmount, varAmountValue: r.VariableDcaAmountValue, varFreq: r.VariableDcaFrequency, varFreqValue: r.VariableDcaFrequencyValue,
		maxTx: r.MaxTransactionValue, minTx: r.MinTransactionValue,
		accumulatorSent: r.VolumeAccumulatorSize != nil,
	}
	if r.VolumeAccumulatorSize != nil && r.VolumeAccumulatorSize.Valid {
		v := r.VolumeAccumulatorSize.Value
		s.accumulator = &v
	}
	if err := checkSettings(kind, s); err != nil {
		return err
	}
	if r.ScheduledStartAt != nil && r.ScheduledStartAt.Valid && r.ScheduledStartAt.Value < 0 {
		return invalid("scheduledStartAt", "must be Unix seconds >= 0, or null to clear")
	}
	return nil
}

// checkSettings applies the rules shared by create and update.
func checkSettings(kind StrategyKind, s settings) error {
	if kind.IsDCA() {
		if err := refuseVolumeFields(s); err != nil {
			return err
		}
	} else if err := refuseDCAFields(s); err != nil {
		return err
	}
	if s.orders != nil && *s.orders < 1 {
		return invalid("orders", "must be >= 1")
	}
	if s.dcaFrequency != nil && *s.dcaFrequency < 1 {
		return invalid("dcaFrequency", "must be >= 1")
	}
	if s.percentage != nil {
		if err := positiveFinite("percentage", *s.percentage); err != nil {
			return err
		}
	}
	if s.gasThreshold != nil && *s.gasThreshold < 0 {
		return invalid("gasThreshold", "must be >= 0")
	}
	if err := checkTrigger(s); err != nil {
		return err
	}
	if kind.IsDCA() {
		return checkVariableDCA(s)
	}
	return checkVolume(s)
}

// refuseVolumeFields refuses volume-only fields on a DCA route.
func refuseVolumeFields(s settings) error {
	switch {
	case s.percentage != nil:
		return invalid("percentage", "applies to volume strategies only")
	case s.maxTx != "":
		return invalid("maxTransactionValue", "applies to volume strategies only")
	case s.minTx != "":
		return invalid("minTransactionValue", "applies to volume strategies only")
	case s.accumulatorSent:
		return invalid("volumeAccumulatorSize", "applies to volume strategies only")
	case len(s.exclusions) > 0:
		return invalid("volumeExclusionAddresses", "applies to volume strategies only")
	case s.skipMev != nil:
		return invalid("skipMevLikeTrades", "applies to volume strategies only")
	case s.excludeExec != nil:
		return invalid("excludeSonarExecutors", "applies to volume strategies only")
	}
	return nil
}

// refuseDCAFields refuses DCA-only fields on a volume route.
func refuseDCAFields(s settings) error {
	switch {
	case s.orders != nil:
		return invalid("orders", "applies to DCA strategies only")
	case s.dcaFrequency != nil:
		return invalid("dcaFrequency", "applies to DCA strategies only")
	case s.varAmount != nil:
		return invalid("variableDcaAmount", "applies to DCA strategies only")
	case s.varAmountValue != nil:
		return invalid("variableDcaAmountValue", "applies to DCA strategies only")
	case s.varFreq != nil:
		return invalid("variableDcaFrequency", "applies to DCA strategies only")
	case s.varFreqValue != nil:
		return invalid("variableDcaFrequencyValue", "applies to DCA strategies only")
	}
	return nil
}

// checkTrigger checks triggerType and the trigger values.
func checkTrigger(s settings) error {
	if !oneOf(s.triggerType, "", "marketCap", "price") {
		return invalid("triggerType", "must be marketCap or price")
	}
	if s.triggerPrice != "" {
		if err := decimalString("triggerPrice", s.triggerPrice); err != nil {
			return err
		}
	}
	if s.triggerMarketCap != "" {
		if err := decimalString("triggerMarketCap", s.triggerMarketCap); err != nil {
			return err
		}
	}
	return nil
}

// checkVariableDCA applies the variable DCA limits of section 8.
func checkVariableDCA(s settings) error {
	if s.varAmountValue != nil {
		if err := between("variableDcaAmountValue", *s.varAmountValue, minVariablePercent, maxVariablePercent); err != nil {
			return err
		}
	}
	if s.varFreqValue != nil {
		if err := between("variableDcaFrequencyValue", *s.varFreqValue, minVariablePercent, maxVariablePercent); err != nil {
			return err
		}
	}
	if s.varFreq != nil && *s.varFreq {
		if (s.dcaFrequency != nil && *s.dcaFrequency < 2) || (s.orders != nil && *s.orders <= 1) {
			return invalid("variableDcaFrequency", "requires dcaFrequency >= 2 and orders > 1")
		}
	}
	return nil
}

// checkVolume applies the volume limits of section 8.
func checkVolume(s settings) error {
	if s.accumulator != nil {
		if err := between("volumeAccumulatorSize", *s.accumulator, minAccumulatorSize, maxAccumulatorSize); err != nil {
			return err
		}
	}
	if len(s.exclusions) > maxExclusionAddrs {
		return invalidf("volumeExclusionAddresses", "must list at most %d addresses", maxExclusionAddrs)
	}
	for _, a := range s.exclusions {
		if err := requireText("volumeExclusionAddresses", a); err != nil {
			return invalid("volumeExclusionAddresses", "every address must be non-empty, without control characters")
		}
	}
	var maxV, minV *big.Rat
	if s.maxTx != "" {
		if err := decimalString("maxTransactionValue", s.maxTx); err != nil {
			return err
		}
		maxV, _ = new(big.Rat).SetString(s.maxTx)
	}
	if s.minTx != "" {
		if err := decimalString("minTransactionValue", string(s.minTx)); err != nil {
			return err
		}
		minV, _ = new(big.Rat).SetString(string(s.minTx))
	}
	if maxV != nil && minV != nil && minV.Cmp(maxV) > 0 {
		return invalid("minTransactionValue", "must be <= maxTransactionValue")
	}
	return nil
}

// checkRouting checks the Solana routing fields of a create.
func checkRouting(chainID int64, o StrategyOptions) error {
	if o.SwapKind == "" {
		if o.PoolKind != "" {
			return invalid("poolKind", "applies only when swapKind is pool")
		}
		if o.PoolAddress != "" {
			return invalid("poolAddress", "applies only when swapKind is pool")
		}
		return nil
	}
	if chainID != ChainSolana {
		return invalid("swapKind", "applies to Solana only")
	}
	if !oneOf(o.SwapKind, "jupiter", "titan", "pool") {
		return invalid("swapKind", "must be jupiter, titan or pool")
	}
	if o.SwapKind != "pool" {
		if o.PoolKind != "" {
			return invalid("poolKind", "applies only when swapKind is pool")
		}
		if o.PoolAddress != "" {
			return invalid("poolAddress", "applies only when swapKind is pool")
		}
		return nil
	}
	if !oneOf(o.PoolKind, "raydium", "meteora", "pumpswap") {
		return invalid("poolKind", "must be raydium, meteora or pumpswap when swapKind is pool")
	}
	return requireText("poolAddress", o.PoolAddress)
}
