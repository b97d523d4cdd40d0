package sandbox

import (
	"strconv"

	"github.com/stratop/stratop/api"
)

// List reads filter by status, category, method and chain and sort by
// creation order. Each strategy's filter-relevant facts are packed into a
// uint16 kept in a slice parallel to the integration's creation order, so a
// page over 200k strategies is one pass over 400 KB (counting the total and
// picking the page window together) instead of a walk over the records.
//
// Key layout: bits 0-2 status code, bit 3 archived flag, bits 4-5 category,
// bit 6 type, bits 7-9 chain index.
const (
	keyStatusMask   = 0x7
	keyArchivedBit  = 1 << 3
	keyCategoryMask = 0x3 << 4
	keyKindBit      = 1 << 6
	keyChainMask    = 0x7 << 7
)

// List defaults and limits of spec section 8.
const (
	defaultPage     = 1
	defaultPageSize = 50
	maxPageSize     = 100
)

// chainIndex is the position of a chain in api.Chains, or 7 when unknown.
func chainIndex(chainID int64) int {
	for i, c := range api.Chains {
		if c == chainID {
			return i
		}
	}
	return 7
}

// filterKey packs what the list filters look at.
func (s *Sandbox) filterKey(st *strategy) uint16 {
	k := uint16(st.status)
	if st.status == stArchived {
		k |= keyArchivedBit
	}
	k |= uint16(st.category) << 4
	k |= uint16(st.kind) << 6
	k |= uint16(chainIndex(s.pools[st.pool].chainID)) << 7
	return k
}

// listFilter is a list request as sent: nil means "not given".
type listFilter struct {
	ChainID        *int64
	Status         string
	Category       string
	StrategyMethod string
	Page           *int
	PageSize       *int
	SortBy         string
}

// listQuery is a validated list request.
type listQuery struct {
	mask, want uint16
	oldest     bool
	page, size int
}

// compile validates a list request, applying the defaults of section 8.
// Archived strategies are left out of every list: the spec's status filter
// values do not include them, and they stay readable by id (our choice).
// sortBy defaults to latest (newest first). Filter values outside the
// spec's sets are refused with 400 rather than silently matching nothing.
func (f listFilter) compile() (listQuery, []string) {
	var errs []string
	q := listQuery{page: defaultPage, size: defaultPageSize, mask: keyArchivedBit}
	if f.ChainID != nil {
		ci := chainIndex(*f.ChainID)
		if ci == 7 {
			errs = append(errs, "chainId must be one of "+chainList())
		}
		q.mask |= keyChainMask
		q.want |= uint16(ci) << 7
	}
	switch f.Status {
	case "":
	case "active", "suspended", "paused", "completed":
		code, _ := statusCode(api.Status(f.Status))
		q.mask |= keyStatusMask
		q.want |= uint16(code)
	default:
		errs = append(errs, "status must be one of active, suspended, paused, completed")
	}
	switch f.Category {
	case "":
	case api.CategoryBuy, api.CategorySell, api.CategoryRange:
		q.mask |= keyCategoryMask
		q.want |= uint16(categoryCode(f.Category)) << 4
	default:
		errs = append(errs, "category must be one of buy, sell, range")
	}
	switch f.StrategyMethod {
	case "":
	case api.MethodDCA, api.MethodVolume:
		q.mask |= keyKindBit
		if f.StrategyMethod == api.MethodVolume {
			q.want |= keyKindBit
		}
	default:
		errs = append(errs, "strategyMethod must be one of dca, volume")
	}
	switch f.SortBy {
	case "", "latest":
	case "oldest":
		q.oldest = true
	default:
		errs = append(errs, "sortBy must be one of latest, oldest")
	}
	errs = append(errs, pageErrors(f.Page, f.PageSize, &q.page, &q.size)...)
	return q, errs
}

// pageErrors applies page defaults and checks the bounds: page >= 1 and
// 1 <= pageSize <= 100.
func pageErrors(page, size *int, outPage, outSize *int) []string {
	var errs []string
	if page != nil {
		if *page < 1 {
			errs = append(errs, "page must be an integer >= 1")
		}
		*outPage = *page
	}
	if size != nil {
		if *size < 1 || *size > maxPageSize {
			errs = append(errs, "pageSize must be an integer from 1 to 100")
		}
		*outSize = *size
	}
	return errs
}

// categoryCode maps a category name to its code.
func categoryCode(c string) uint8 {
	switch c {
	case api.CategorySell:
		return catSell
	case api.CategoryRange:
		return catRange
	}
	return catBuy
}

// chainList names the active chains for error messages.
func chainList() string {
	out := ""
	for i, c := range api.Chains {
		if i > 0 {
			out += ", "
		}
		out += strconv.FormatInt(c, 10)
	}
	return out
}

// window picks the page of a filtered, ordered list in one pass. order and
// keys are parallel; the result holds strategy indexes of the page and the
// number of matches overall.
func (q listQuery) window(order []int32, keys []uint16) ([]int32, int) {
	offset := len(order)               // past every match
	if q.page-1 <= len(order)/q.size { // no overflow for absurd pages
		offset = (q.page - 1) * q.size
	}
	out := make([]int32, 0, min(q.size, len(order)))
	total := 0
	n := len(order)
	for i := 0; i < n; i++ {
		j := i
		if !q.oldest {
			j = n - 1 - i
		}
		if keys[j]&q.mask != q.want {
			continue
		}
		if total >= offset && len(out) < q.size {
			out = append(out, order[j])
		}
		total++
	}
	return out, total
}

// numberOfPages is ceil(total/size); an empty result has 0 pages.
func numberOfPages(total, size int) int {
	return (total + size - 1) / size
}
