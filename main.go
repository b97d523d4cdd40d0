// Command stratop is a terminal dashboard for operators of a partner
// integration: it watches strategies, pools and users over the partner REST
// interface v1 and halts, suspends, resumes and archives strategies from the
// keyboard. See README.md for the command line.
package main

import (
	"os"

	"github.com/stratop/stratop/internal/cmd/root"
	cmdversion "github.com/stratop/stratop/internal/cmd/version"
)

// version is stamped by release builds:
//
//	go build -ldflags "-X main.version=$(git describe --tags --always --dirty)"
//
// Without it --version names the commit from the build information.
var version string

func main() {
	cmdversion.Stamp(version)
	os.Exit(root.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
