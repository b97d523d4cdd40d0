package action

import (
	"errors"
	"strconv"
	"strings"
	"unicode"
)

// ErrBadID: a strategy id that is not a number >= 1, or an empty user id.
var ErrBadID = errors.New("bad id")

// ParseID reads one strategy (or pool) id: decimal digits only, at least 1. Spaces
// around it, a sign, or anything else is refused, never trimmed or guessed.
func ParseID(s string) (int64, error) {
	bad := &policyError{kind: ErrBadID, msg: strconv.Quote(s) + " is not an id (a number >= 1)"}
	if s == "" || strings.Trim(s, "0123456789") != "" {
		return 0, bad
	}
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id < 1 {
		return 0, bad
	}
	return id, nil
}

// ParseIDs reads strategy ids, each once, in the order first given: the
// same id twice is one target, not a second action on a changed state.
func ParseIDs(args []string) ([]int64, error) {
	ids := make([]int64, 0, len(args))
	seen := make(map[int64]bool, len(args))
	for _, a := range args {
		id, err := ParseID(a)
		if err != nil {
			return nil, err
		}
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// CheckUser refuses an external user id that is empty, blank, or holds
// control characters: sent as is, it would name no user or another route.
func CheckUser(s string) error {
	if strings.TrimSpace(s) == "" {
		return &policyError{kind: ErrBadID, msg: "the user id is empty"}
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return &policyError{kind: ErrBadID, msg: strconv.Quote(s) + " is not a user id (it holds a control character)"}
		}
	}
	return nil
}
