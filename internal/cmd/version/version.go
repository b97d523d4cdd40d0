// Package version is `stratop version` and the text of --version: enough
// to name the source a binary was built from on every way of building it.
// A release build is stamped with -ldflags "-X
// main.version=$(git describe --tags --always --dirty)"; `go build` and
// `go install` in a git work tree record the commit in the build
// information (vcs.revision, vcs.time, vcs.modified); `go install
// module@version` records the module's version, whose pseudo-versions name
// the commit. A binary with none of these says so rather than "(devel)".
package version

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// stamped is the release build's version: main.version (see Stamp), or
// -X github.com/stratop/stratop/internal/cmd/version.stamped=... directly.
var stamped = ""

// Stamp records the version a release build stamped into package main
// (-X main.version=...); an empty value changes nothing.
func Stamp(v string) {
	if v != "" {
		stamped = v
	}
}

// NewCmd is `stratop version`.
func NewCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the stratop version",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := fmt.Fprintln(cmd.OutOrStdout(), String())
			return err
		},
	}
}

// String is what `stratop version` and `stratop --version` print.
func String() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		bi = nil
	}
	return describe(stamped, bi)
}

// NoVersion is what a binary built without any of the above says, so that a
// report of it says how to build one that names its commit.
const NoVersion = "unknown version: the build recorded no commit (not built in a git clone, or with -buildvcs=false) and no -ldflags \"-X main.version=...\""

// describe words a build: stamped is the -X main.version value ("" when not
// stamped); bi is the build information (nil when the binary has none).
func describe(stamped string, bi *debug.BuildInfo) string {
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
		// A pseudo-version or git describe already names the commit (and
		// the time, and +dirty): said once.
		if !strings.Contains(v, rev[:min(7, len(rev))]) {
			src = append(src, "commit "+short)
			if settings["vcs.modified"] == "true" {
				src = append(src, "modified")
			}
			if t := settings["vcs.time"]; t != "" {
				src = append(src, t)
			}
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
