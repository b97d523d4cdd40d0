package cmdutil

import (
	"os"

	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/internal/paths"
	"github.com/stratop/stratop/keys"
	"github.com/stratop/stratop/watch"
)

// OpenIntegration is the integration a target names and its state
// directory, created. The first time a profile's own integration is
// opened, the profile's files of the old layout move into it; say receives
// the one line about that (and about a move that failed). Without a state
// directory (neither XDG_STATE_HOME nor HOME) the Dir is empty: nothing is
// kept.
func OpenIntegration(t Target, say func(string)) (integration.ID, integration.Dir) {
	src := integration.Source{Profile: t.Profile, BaseURL: t.BaseURL, KeyID: t.Creds.Key,
		ProfileOwns: t.ProfileHost && t.Source != keys.SourceEnv}
	id, err := integration.New(src.BaseURL, src.KeyID)
	if err != nil {
		return integration.ID{}, integration.Dir{}
	}
	root, err := paths.StateDir(os.Getenv)
	if err != nil {
		return id, integration.Dir{}
	}
	r, err := integration.Resolve(root, src, watch.MergeWatchList)
	if line := r.Migration.String(); line != "" {
		say(line)
	}
	if err != nil {
		say("stratop: " + err.Error())
	}
	return id, r.Dir
}

// CursorDir is where `stratop watch` keeps its cursors: "" (none, every
// start from now) without a state directory.
func CursorDir(state integration.Dir) string {
	if state.Path == "" {
		return ""
	}
	return state.Cursors()
}
