package action

import "strconv"

// ConfirmText is what the operator types to confirm an action that cannot
// be undone (ConfirmTyped), the same in every front end: the user's
// external id for a user-wide job, the strategy id for one strategy, the
// number of strategies for several. It is "" for an action confirmed with
// y/n.
func ConfirmText(spec Spec, ids []int64, user string) string {
	switch {
	case spec.Confirm != ConfirmTyped:
		return ""
	case spec.Scope == ScopeUser:
		return user
	case len(ids) == 1:
		return itoa(ids[0])
	}
	return strconv.Itoa(len(ids))
}
