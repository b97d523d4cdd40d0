package mcp

import (
	"context"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/stratop/stratop/api"
)

// Paging bounds of the list tools.
const (
	defaultPageSize = 20
	maxPageSize     = 100
)

// addRead registers a read tool: read-only, answering h's value as
// compact JSON.
func addRead[In any](s *Server, name, title, desc string, h func(context.Context, In) (any, error)) {
	sdk.AddTool(s.sdk, &sdk.Tool{Name: name, Title: title, Description: desc + DataNote,
		Annotations: &sdk.ToolAnnotations{Title: title, ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: new(false)}},
		func(ctx context.Context, _ *sdk.CallToolRequest, in In) (*sdk.CallToolResult, any, error) {
			v, err := h(ctx, in)
			if err != nil {
				return nil, nil, err
			}
			return answer(v)
		})
}

type noArgs struct{}

type idArg struct {
	ID int64 `json:"id" jsonschema:"the strategy or pool id (a number >= 1)"`
}

type userArg struct {
	User  string `json:"user" jsonschema:"the user's external id"`
	Chain int64  `json:"chain,omitempty" jsonschema:"a chain id: that chain only"`
}

type chainArg struct {
	Chain int64 `json:"chain,omitempty" jsonschema:"a chain id: that chain only"`
}

func (s *Server) addReads() {
	addRead(s, "stats", "Integration counts", "The integration's headline counts: strategies per status, users, volumes.",
		func(ctx context.Context, _ noArgs) (any, error) {
			st, err := s.api.GetDashboardStats(ctx)
			if err != nil {
				return nil, readFailed("stats", err)
			}
			return st, nil
		})
	addRead(s, "strategies_list", "List strategies",
		"Strategies of the integration, or of one user, filtered and paged (newest first unless sort=oldest). "+
			"When next_cursor is in the answer, pass it as cursor for the next page.",
		s.listStrategies)
	addRead(s, "strategy_view", "One strategy", "One strategy by id: status, owner, pool, balances, settings.",
		func(ctx context.Context, in idArg) (any, error) {
			if in.ID < 1 {
				return nil, badArgs("id %d is not a strategy id (a number >= 1)", in.ID)
			}
			st, err := s.api.GetStrategy(ctx, in.ID)
			if err != nil {
				return nil, readFailed("strategy "+itoa(in.ID), err)
			}
			return st, nil
		})
	addRead(s, "users_list", "List users",
		"The integration's users, paged; search keeps those whose id or e-mail holds it. "+
			"When next_cursor is in the answer, pass it as cursor for the next page.",
		s.listUsers)
	addRead(s, "user_view", "One user", "One user by external id, with e-mail.",
		func(ctx context.Context, in userArg) (any, error) {
			if err := checkUser(in.User); err != nil {
				return nil, err
			}
			u, err := s.api.GetUser(ctx, in.User)
			if err != nil {
				return nil, readFailed("user", err)
			}
			return u, nil
		})
	addRead(s, "user_pools", "A user's pools", "A user's pools: deposits, locked and available balances, totals.",
		func(ctx context.Context, in userArg) (any, error) {
			if err := checkUser(in.User); err != nil {
				return nil, err
			}
			req := api.UserPoolsRequest{UserID: in.User}
			if in.Chain != 0 {
				req.ChainID = &in.Chain
			}
			r, err := s.api.GetUserPools(ctx, req)
			if err != nil {
				return nil, readFailed("user pools", err)
			}
			r.Pools = orEmpty(r.Pools)
			return r, nil
		})
	addRead(s, "user_balances", "A user's balances", "A user's native balances per chain (one chain with chain).",
		func(ctx context.Context, in userArg) (any, error) {
			if err := checkUser(in.User); err != nil {
				return nil, err
			}
			if in.Chain != 0 {
				b, err := s.api.GetUserChainBalance(ctx, in.User, in.Chain)
				if err != nil {
					return nil, readFailed("balance", err)
				}
				return b, nil
			}
			bs, err := s.api.GetUserBalances(ctx, in.User)
			if err != nil {
				return nil, readFailed("balances", err)
			}
			bs = orEmpty(bs)
			return bs, nil
		})
	addRead(s, "pools_list", "List pools", "The integration's pools (one chain with chain).",
		func(ctx context.Context, in chainArg) (any, error) {
			ps, err := s.api.GetClientPools(ctx, in.Chain)
			if err != nil {
				return nil, readFailed("pools", err)
			}
			ps = orEmpty(ps)
			return ps, nil
		})
	addRead(s, "pool_view", "One pool", "One pool by id.",
		func(ctx context.Context, in idArg) (any, error) {
			if in.ID < 1 {
				return nil, badArgs("id %d is not a pool id (a number >= 1)", in.ID)
			}
			p, err := s.api.GetPool(ctx, in.ID)
			if err != nil {
				return nil, readFailed("pool "+itoa(in.ID), err)
			}
			return p, nil
		})
	s.addLocalReads()
}

type listStrategiesIn struct {
	User     string `json:"user,omitempty" jsonschema:"the owner's external user id: that user's strategies only"`
	Status   string `json:"status,omitempty" jsonschema:"active, suspended, paused, completed or archived"`
	Category string `json:"category,omitempty" jsonschema:"buy or sell"`
	Method   string `json:"method,omitempty" jsonschema:"dca or volume"`
	Chain    int64  `json:"chain,omitempty" jsonschema:"a chain id"`
	Sort     string `json:"sort,omitempty" jsonschema:"latest (the default) or oldest"`
	PageSize int    `json:"page_size,omitempty" jsonschema:"strategies per page, 1 to 100 (20 when not given)"`
	Cursor   string `json:"cursor,omitempty" jsonschema:"next_cursor of the previous answer: the same query's next page (the other arguments are then ignored)"`
}

type strategiesQuery struct {
	In   listStrategiesIn `json:"q"`
	Page int              `json:"p"`
}

type strategiesOut struct {
	*api.StrategiesPage
	NextCursor string `json:"next_cursor,omitempty"`
}

func (s *Server) listStrategies(ctx context.Context, in listStrategiesIn) (any, error) {
	q := strategiesQuery{In: in, Page: 1}
	if in.Cursor != "" {
		if err := decodeCursor(in.Cursor, &q); err != nil {
			return nil, err
		}
	}
	q.In.Cursor = ""
	size, err := pageSize(q.In.PageSize)
	if err != nil {
		return nil, err
	}
	f := api.StrategyFilter{ChainID: q.In.Chain, Status: api.Status(strings.ToLower(q.In.Status)), Category: strings.ToLower(q.In.Category),
		StrategyMethod: strings.ToLower(q.In.Method), SortBy: strings.ToLower(q.In.Sort), Page: q.Page, PageSize: size}
	var page *api.StrategiesPage
	if q.In.User != "" {
		if err := checkUser(q.In.User); err != nil {
			return nil, err
		}
		page, err = s.api.GetStrategies(ctx, api.UserStrategiesRequest{UserID: q.In.User, StrategyFilter: f})
	} else {
		page, err = s.api.ListStrategies(ctx, f)
	}
	if err != nil {
		return nil, readFailed("strategies", err)
	}
	page.Strategies = orEmpty(page.Strategies)
	out := strategiesOut{StrategiesPage: page}
	if q.Page*size < page.TotalCount && len(page.Strategies) > 0 {
		out.NextCursor = encodeCursor(strategiesQuery{In: q.In, Page: q.Page + 1})
	}
	return out, nil
}

type listUsersIn struct {
	Search   string `json:"search,omitempty" jsonschema:"keep the users whose external id or e-mail holds this text"`
	PageSize int    `json:"page_size,omitempty" jsonschema:"users per page, 1 to 100 (20 when not given)"`
	Cursor   string `json:"cursor,omitempty" jsonschema:"next_cursor of the previous answer (the other arguments are then ignored)"`
}

type usersQuery struct {
	In     listUsersIn `json:"q"`
	Offset int         `json:"o"`
}

type usersOut struct {
	Users      []api.User `json:"users"`
	Total      int        `json:"total"`
	NextCursor string     `json:"next_cursor,omitempty"`
}

func (s *Server) listUsers(ctx context.Context, in listUsersIn) (any, error) {
	q := usersQuery{In: in}
	if in.Cursor != "" {
		if err := decodeCursor(in.Cursor, &q); err != nil {
			return nil, err
		}
	}
	q.In.Cursor = ""
	size, err := pageSize(q.In.PageSize)
	if err != nil {
		return nil, err
	}
	all, err := s.api.ListUsers(ctx)
	if err != nil {
		return nil, readFailed("users", err)
	}
	if q.In.Search != "" {
		needle := strings.ToLower(q.In.Search)
		kept := all[:0]
		for _, u := range all {
			if strings.Contains(strings.ToLower(u.ExternalUserID), needle) || strings.Contains(strings.ToLower(u.Email), needle) {
				kept = append(kept, u)
			}
		}
		all = kept
	}
	return pageOf(all, q.Offset, size, func(next int) string {
		return encodeCursor(usersQuery{In: q.In, Offset: next})
	}, func(items []api.User, total int, cursor string) any {
		return usersOut{Users: items, Total: total, NextCursor: cursor}
	}), nil
}

// orEmpty answers an empty list as [] rather than null, so a model reads
// "none" instead of "unknown".
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// pageOf cuts all at offset into a page of size and builds the answer
// with the cursor of the next page ("" at the end).
func pageOf[T any](all []T, offset, size int, cursor func(int) string, build func([]T, int, string) any) any {
	offset = min(max(offset, 0), len(all))
	end := min(offset+size, len(all))
	next := ""
	if end < len(all) {
		next = cursor(end)
	}
	items := append([]T{}, all[offset:end]...)
	return build(items, len(all), next)
}

func pageSize(n int) (int, error) {
	switch {
	case n == 0:
		return defaultPageSize, nil
	case n < 1 || n > maxPageSize:
		return 0, badArgs("page_size %d: give 1 to %d", n, maxPageSize)
	}
	return n, nil
}
