package version

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersionNamesTheSourceOnEveryBuildPath(t *testing.T) {
	rev := "0123456789abcdef0123456789abcdef01234567"
	vcs := []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev},
		{Key: "vcs.time", Value: "2026-11-26T19:00:00Z"}, {Key: "vcs.modified", Value: "true"}}
	cases := []struct {
		name, stamped string
		bi            *debug.BuildInfo
		want          []string
		not           []string
	}{
		{"go build in a work tree (Go 1.24+ stamps a pseudo-version)", "",
			&debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261126190000-0123456789ab+dirty"}, Settings: vcs},
			[]string{"stratop v0.0.0-20261126190000-0123456789ab+dirty "}, []string{"commit", "modified", "2026-11-26T19:00:00Z"}},
		{"go build in a work tree, no module version", "",
			&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs},
			[]string{"(devel) (commit 0123456789ab, modified, 2026-11-26T19:00:00Z)"}, nil},
		{"release build stamped with git describe", "v1.4.0-3-g0123456",
			&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs[:2]},
			[]string{"stratop v1.4.0-3-g0123456 "}, []string{"commit", "(devel)"}},
		{"release build stamped, built outside a work tree", "v1.4.0",
			&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}},
			[]string{"stratop v1.4.0 "}, []string{"(devel)", "unknown"}},
		{"go install module@version", "",
			&debug.BuildInfo{Main: debug.Module{Version: "v1.4.0"}},
			[]string{"stratop v1.4.0 "}, []string{"(devel)"}},
		{"a tarball build: nothing known", "",
			&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}},
			[]string{NoVersion}, []string{"(devel)"}},
		{"no build information at all", "", nil, []string{NoVersion}, nil},
	}
	for _, tc := range cases {
		got := describe(tc.stamped, tc.bi)
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q lacks %q", tc.name, got, w)
			}
		}
		for _, n := range tc.not {
			if strings.Contains(got, n) {
				t.Errorf("%s: %q says %q", tc.name, got, n)
			}
		}
	}
}
