package sandbox

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/stratop/stratop/api"
)

// Routes of spec section 4.1 about users themselves.

// maxExternalIDLen bounds external ids (not shown by the spec; ours).
const maxExternalIDLen = 256

// listUsers is GET /users: every user of the integration in id order, each
// with id, externalUserId and walletAddress (no e-mail, as the spec says).
// The answer is streamed (stream.go): the users there when it starts, each
// as it is when its piece is written.
func (s *Sandbox) listUsers(c *call) reply {
	s.mu.RLock()
	n := len(c.in.users)
	s.mu.RUnlock()
	in := c.in
	items := make([]userListItem, 0, min(n, streamChunk))
	var enc jsonPieces
	return reply{http.StatusOK, streamedArray{n: n, piece: func(from, to int, buf *bytes.Buffer) error {
		items = items[:0]
		s.mu.RLock()
		for _, i := range in.users[from:to] {
			items = append(items, userListView(&s.users[i]))
		}
		s.mu.RUnlock()
		return appendJSON(&enc, buf, items)
	}}}
}

// getUser is GET /users/{userId}: the user with e-mail, or 404.
func (s *Sandbox) getUser(c *call) reply {
	id := c.r.PathValue("userId")
	s.mu.RLock()
	defer s.mu.RUnlock()
	u, found := s.userOf(c.in, id)
	if !found {
		return userNotFound(id)
	}
	return ok(userView(u))
}

// upsertUser is POST /users: create or update by external id, 201 either way.
// The spec shows no response body; we answer with the user record (with
// e-mail). Omitted optional fields leave the stored values unchanged.
func (s *Sandbox) upsertUser(c *call) reply {
	var req api.CreateUserRequest
	if rep, good := decodeRequest(c, &req); !good {
		return rep
	}
	if errs := validateUser(req); len(errs) > 0 {
		return badRequest(errs...)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	u, found := s.userOf(c.in, req.ExternalUserID)
	if !found {
		s.users = append(s.users, user{id: int64(len(s.users) + 1), integ: c.integ, externalID: req.ExternalUserID})
		idx := int32(len(s.users) - 1)
		c.in.users = append(c.in.users, idx)
		c.in.byExternal[req.ExternalUserID] = idx
		u = &s.users[idx]
	}
	if req.WalletAddress != "" {
		u.wallet = req.WalletAddress
	}
	if req.Email != "" {
		u.email = req.Email
	}
	if req.Metadata != nil {
		u.metadata = req.Metadata
	}
	if req.DepositChainID != nil {
		u.depositChainID = *req.DepositChainID
	}
	return created(userView(u))
}

// validateUser checks a CreateIntegrationUserDto (spec 2 and 8).
func validateUser(req api.CreateUserRequest) []string {
	var errs []string
	id := req.ExternalUserID
	switch {
	case strings.TrimSpace(id) == "":
		errs = append(errs, "externalUserId is required")
	case utf8.RuneCountInString(id) > maxExternalIDLen || !utf8.ValidString(id) || strings.ContainsFunc(id, isControl):
		errs = append(errs, "externalUserId must be at most 256 printable characters")
	}
	if req.Email != "" && !api.ValidEmail(req.Email) {
		errs = append(errs, "email must be an e-mail address")
	}
	if req.WalletAddress != "" && !validWallet(req.WalletAddress) {
		errs = append(errs, "walletAddress must be an EVM (0x + 40 hex) or Solana (base58) address")
	}
	if req.DepositChainID != nil && *req.DepositChainID < 1 {
		errs = append(errs, "depositChainId must be an integer >= 1")
	}
	return errs
}

// isControl reports control characters, refused in identifiers.
func isControl(r rune) bool { return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) }

// getUserBalances is GET /users/{userId}/balances: one NativeBalance per
// active chain.
func (s *Sandbox) getUserBalances(c *call) reply {
	id := c.r.PathValue("userId")
	s.mu.RLock()
	defer s.mu.RUnlock()
	u, found := s.userOf(c.in, id)
	if !found {
		return userNotFound(id)
	}
	out := make([]api.NativeBalance, 0, len(api.Chains))
	for _, chainID := range api.Chains {
		out = append(out, s.nativeBalance(u, chainID))
	}
	return ok(out)
}

// getUserChainBalance is GET /users/{userId}/balances/{chainId}. A chain id
// that is not a number or not an active chain is a 400 (our choice: the
// spec's 404 is for users, pools and strategies).
func (s *Sandbox) getUserChainBalance(c *call) reply {
	id := c.r.PathValue("userId")
	chainID, err := strconv.ParseInt(c.r.PathValue("chainId"), 10, 64)
	if err != nil || chainIndex(chainID) == 7 {
		return badRequest("chainId must be one of " + chainList())
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	u, found := s.userOf(c.in, id)
	if !found {
		return userNotFound(id)
	}
	return ok(s.nativeBalance(u, chainID))
}

// nativeBalance derives a seeded user's native balance on a chain from the
// seed (stable for the process's life); users created by POST /users hold 0.
func (s *Sandbox) nativeBalance(u *user, chainID int64) api.NativeBalance {
	if !u.seeded {
		return api.NativeBalance{ChainID: chainID, Balance: "0", TotalClaimableNativeTokens: "0"}
	}
	h := mix(s.salt ^ uint64(u.id)<<8 ^ uint64(chainID))
	return api.NativeBalance{
		ChainID:                    chainID,
		Balance:                    formatMicroUnits(int64(h % 25_000_000)),
		TotalClaimableNativeTokens: formatMicroUnits(int64((h >> 40) % 500_000)),
	}
}

// pathInt64 reads a positive integer path value, or answers 400.
func pathInt64(c *call, name string) (int64, reply, bool) {
	v, err := strconv.ParseInt(c.r.PathValue(name), 10, 64)
	if err != nil || v < 1 {
		return 0, fail(http.StatusBadRequest, name+" must be a positive integer"), false
	}
	return v, reply{}, true
}
