package cli

// What `stratop --version` says of the binary: enough to name the source it
// was built from on every way of building it. A release build is stamped
// with -ldflags "-X main.version=$(git describe --tags --always --dirty)";
// `go build` and `go install` in a git work tree record the commit in the
// build information (vcs.revision, vcs.time, vcs.modified); `go install
// module@version` records the module's version, whose pseudo-versions name
// the commit. A binary with none of these says so rather than "(devel)".

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// NoVersion is what a binary built without any of the above says, so that a
// report of it says how to build one that names its commit.
const NoVersion = "unknown version: built outside a git work tree and without -ldflags \"-X main.version=...\""

// Version words a build: stamped is the -X main.version value ("" when not
// stamped); bi is the build information (nil when the binary has none).
func Version(stamped string, bi *debug.BuildInfo) string {
	settings := map[string]string{}
	module := ""
	goVersion := runtime.Version()
	if bi != nil {
		for _, s := range bi.Settings {
			settings[s.Key] = s.Value
		}
		if v := bi.Main.Version; v != "" && v != "(devel)" {
			module = v
		}
		if bi.GoVersion != "" {
			goVersion = bi.GoVersion
		}
	}
	v := stamped
	if v == "" {
		v = module
	}
	var src []string
	if rev := settings["vcs.revision"]; rev != "" {
		short := rev[:min(12, len(rev))]
		if !strings.Contains(v, rev[:min(7, len(rev))]) {
			src = append(src, "commit "+short)
		}
		if settings["vcs.modified"] == "true" && !strings.Contains(v, "dirty") {
			src = append(src, "modified")
		}
		if t := settings["vcs.time"]; t != "" {
			src = append(src, t)
		}
	}
	switch {
	case v == "" && len(src) == 0:
		v = NoVersion
	case v == "":
		v = "(devel)"
	}
	if len(src) > 0 {
		v += " (" + strings.Join(src, ", ") + ")"
	}
	return fmt.Sprintf("stratop %s %s/%s %s", v, runtime.GOOS, runtime.GOARCH, goVersion)
}
