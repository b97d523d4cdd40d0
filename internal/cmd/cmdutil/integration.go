package cmdutil

import (
	"github.com/stratop/stratop/integration"
)

// CursorDir is where `stratop watch` keeps its cursors: "" (none, every
// start from now) without a state directory.
func CursorDir(state integration.Dir) string {
	if state.Path == "" {
		return ""
	}
	return state.Cursors()
}
