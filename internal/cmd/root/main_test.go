package root

import (
	"os"
	"testing"
)

// TestMain lets a test run the program as a child process without building
// it: the test binary, started with STRATOP_TEST_AS_MAIN=1, is stratop. A
// test can then kill it (kill -9) as an operator's machine would.
func TestMain(m *testing.M) {
	if os.Getenv("STRATOP_TEST_AS_MAIN") == "1" {
		os.Exit(Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}
