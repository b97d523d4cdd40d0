package sandbox

import (
	"crypto/sha256"
	"encoding/json"
	"net/http"
	"unicode/utf8"

	"github.com/stratop/stratop/api"
)

// POST /strategies/changeBalance (spec 4.6 rules 1-4). Choices where the
// spec is silent:
//   - the answer is 200 with the updated strategy;
//   - idempotency keys are scoped to the integration and remembered for the
//     sandbox's life; only successful answers are remembered, so a request
//     refused with 4xx can be corrected and sent again with the same key;
//   - "the same request" means the same decoded body (userId, strategyId,
//     both amounts and the key), whatever the JSON spacing or field order;
//     a replay returns the first answer byte for byte, even if the strategy
//     changed since, and applies nothing;
//   - a range strategy accepts either side; completed and archived
//     strategies accept none (400);
//   - adding to the sell side locks more of the deposit and cannot exceed
//     what is available (400).

// maxIdempotencyKeyLen bounds keys (ours; a UUID is 36 characters).
const maxIdempotencyKeyLen = 256

// changeBalance adds raw units to a volume strategy's balance, once per key.
func (s *Sandbox) changeBalance(c *call) reply {
	var req api.ChangeBalanceRequest
	if rep, good := decodeRequest(c, &req); !good {
		return rep
	}
	buy, sell, errs := validateChangeBalance(&req)
	if len(errs) > 0 {
		return badRequest(errs...)
	}
	canonical, _ := json.Marshal(req) // fixed field order: a canonical form of the body
	hash := sha256.Sum256(canonical)
	s.mu.Lock()
	defer s.mu.Unlock()
	if prev, seen := c.in.idem[req.IdempotencyKey]; seen {
		if prev.bodyHash != hash {
			return fail(http.StatusConflict, "idempotencyKey was already used with a different request")
		}
		return reply{prev.status, json.RawMessage(prev.body)}
	}
	st, rep, good := s.owned(c, req.UserID, req.StrategyID)
	if !good {
		return rep
	}
	if rep, good := s.checkChangeBalance(st, buy, sell); !good {
		return rep
	}
	add := buy
	if !sell.isZero() {
		add = sell
	}
	next, overflow := st.balance.add(add)
	if overflow {
		return badRequest("the resulting balance is too large")
	}
	st.balance = next
	st.updated = s.now().Unix()
	status, body := ok(s.strategyView(st, true)).encode()
	c.in.idem[req.IdempotencyKey] = idemEntry{bodyHash: hash, status: status, body: body}
	return reply{status, json.RawMessage(body)}
}

// validateChangeBalance checks the body's shape and parses the amounts.
func validateChangeBalance(req *api.ChangeBalanceRequest) (buy, sell u128, errs []string) {
	if req.UserID == "" {
		errs = append(errs, "userId is required")
	}
	if req.StrategyID < 1 {
		errs = append(errs, "strategyId must be a positive integer")
	}
	switch {
	case req.IdempotencyKey == "":
		errs = append(errs, "idempotencyKey is required")
	case utf8.RuneCountInString(req.IdempotencyKey) > maxIdempotencyKeyLen:
		errs = append(errs, "idempotencyKey must be at most 256 characters")
	}
	if req.BalanceBuyUsed == "" && req.BalanceSellUsed == "" {
		errs = append(errs, "at least one of balanceBuyUsed or balanceSellUsed is required")
	}
	parse := func(name, raw string) u128 {
		if raw == "" {
			return u128{}
		}
		v, good := parseRawAmount(raw)
		if !good || v.isZero() {
			errs = append(errs, name+" must be a raw integer amount > 0 and <= "+api.MaxRawAmount+" (digits only)")
		}
		return v
	}
	buy = parse("balanceBuyUsed", req.BalanceBuyUsed)
	sell = parse("balanceSellUsed", req.BalanceSellUsed)
	if req.BalanceBuyUsed != "" && req.BalanceSellUsed != "" {
		errs = append(errs, "give only the side of the strategy: balanceBuyUsed or balanceSellUsed, not both")
	}
	return buy, sell, errs
}

// checkChangeBalance applies the strategy-dependent rules.
func (s *Sandbox) checkChangeBalance(st *strategy, buy, sell u128) (reply, bool) {
	switch {
	case st.kind != kindVolume:
		return badRequest("changeBalance applies to volume strategies only; strategy " + itoa(st.id) + " is a DCA strategy"), false
	case st.category == catBuy && !sell.isZero():
		return badRequest("strategy " + itoa(st.id) + " is a buy strategy: only balanceBuyUsed is accepted"), false
	case st.category == catSell && !buy.isZero():
		return badRequest("strategy " + itoa(st.id) + " is a sell strategy: only balanceSellUsed is accepted"), false
	case st.status == stCompleted || st.status == stArchived:
		return badRequest("cannot change the balance of strategy " + itoa(st.id) + ": it is " + string(statusNames[st.status])), false
	}
	if !sell.isZero() {
		u := &s.users[st.user]
		d := &s.deposits[st.deposit]
		locked, _ := s.lockedIn(u, d)
		if avail := d.balance.sub(locked); sell.cmp(avail) > 0 {
			return badRequest("balanceSellUsed exceeds the available balance of pool deposit " + itoa(d.id) + " (" + avail.String() + ")"), false
		}
	}
	return reply{}, true
}
