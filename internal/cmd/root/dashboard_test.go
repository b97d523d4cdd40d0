package root

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// dashboardChildEnv starts the test binary as the stratop program (see
// TestDashboardChildProcess).
const dashboardChildEnv = "STRATOP_TEST_DASHBOARD_ARGS"

// TestDashboardChildProcess is not a test: it is the stratop program when
// the test binary is started as a child by TestDashboardWithoutTerminal.
func TestDashboardChildProcess(t *testing.T) {
	args, ok := os.LookupEnv(dashboardChildEnv)
	if !ok {
		t.Skip("only runs as a child process")
	}
	os.Exit(Run(strings.Fields(args), os.Stdin, os.Stdout, os.Stderr))
}

// TestDashboardWithoutTerminal runs the program with stdin from /dev/null
// and stdout a pipe, as `stratop < /dev/null | cat` and `ssh -T` do: it
// must say so on stderr, write no escape sequence anywhere, and exit 2.
func TestDashboardWithoutTerminal(t *testing.T) {
	for _, args := range []string{"", "--demo"} {
		t.Run("stratop "+args, func(t *testing.T) {
			home := t.TempDir()
			child := exec.Command(os.Args[0], "-test.run", "^TestDashboardChildProcess$")
			child.Env = append(os.Environ(), dashboardChildEnv+"="+args,
				"HOME="+home, "XDG_CONFIG_HOME="+home, "XDG_STATE_HOME="+home, "STRATOP_API_KEY=", "STRATOP_API_SECRET=")
			devnull, err := os.Open(os.DevNull)
			if err != nil {
				t.Fatal(err)
			}
			defer devnull.Close()
			var stdout, stderr bytes.Buffer
			child.Stdin, child.Stdout, child.Stderr = devnull, &stdout, &stderr // Buffers: pipes
			err = child.Run()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 2 {
				t.Fatalf("exit: %v, want code 2; stderr %q", err, stderr.String())
			}
			if bytes.IndexByte(stdout.Bytes(), 0x1b) >= 0 || bytes.IndexByte(stderr.Bytes(), 0x1b) >= 0 {
				t.Fatalf("an escape sequence was written: stdout %q stderr %q", stdout.String(), stderr.String())
			}
			if stdout.Len() != 0 {
				t.Errorf("stdout %q, want nothing", stdout.String())
			}
			msg := stderr.String()
			for _, want := range []string{"needs a terminal", "input and output", "stratop strategies list -o json", "stratop watch"} {
				if !strings.Contains(msg, want) {
					t.Errorf("stderr %q lacks %q", msg, want)
				}
			}
		})
	}
}
