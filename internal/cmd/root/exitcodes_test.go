package root

import (
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
)

// TestExitCodesFollowTheContract runs a table of usages against the
// sandbox: 0 done, 1 refused or failed, 2 usage or credentials (401
// included). Exit 3 (outcome unknown) needs a request that gets no
// answer: internal/cli's TestUnknownOutcomeExits3AfterARead.
func TestExitCodesFollowTheContract(t *testing.T) {
	e := newCLIEnv(t)
	two := e.strategies(api.StatusActive, 2)
	active, archived := two[0], two[1]
	e.sb.SetStrategyStatus(archived.ID, api.StatusArchived)
	a, ar := id(active), id(archived)

	cases := []struct {
		args []string
		env  map[string]string
		want int
	}{
		{args: []string{"--version"}, want: 0},
		{args: []string{"version"}, want: 0},
		{args: []string{"strategies"}, want: 0},
		{args: []string{"strategies", "view", a}, want: 0},
		{args: []string{"strategies", "halt", a, "--yes"}, want: 0},

		{args: []string{"strategies", "view", "99999"}, want: 1},
		{args: []string{"strategies", "resume", ar, "--yes"}, want: 1},
		{args: []string{"strategies", "suspend", a}, want: 1}, // no terminal, no --yes
		{args: []string{"users", "remove-all", "no-such-user", "--yes"}, want: 1},

		{args: []string{"nosuchcommand"}, want: 2},
		{args: []string{"strategies", "nosuch"}, want: 2},
		{args: []string{"users", "nosuch", "x"}, want: 2},
		{args: []string{"strategies", "list", "--nosuchflag"}, want: 2},
		{args: []string{"--nosuchflag"}, want: 2},
		{args: []string{"strategies", "view"}, want: 2},
		{args: []string{"strategies", "view", a, a, "x"}, want: 2},
		{args: []string{"strategies", "halt"}, want: 2},
		{args: []string{"strategies", "add-balance", a}, want: 2},
		{args: []string{"users", "remove-all"}, want: 2},
		{args: []string{"users", "remove-all", "a", "b", "--yes"}, want: 2},
		{args: []string{"users", "remove-all", "", "--yes"}, want: 2},
		{args: []string{"strategies", "suspend", a, a + "x", "--yes"}, want: 2},
		{args: []string{"audit", "--since", "soon"}, want: 2},
		{args: []string{"audit", "--since", "-1h"}, want: 2},
		{args: []string{"--interval", "never"}, want: 2},
		{args: []string{"--interval", "10ms"}, want: 2},
		{args: []string{"strategies", "list", "-o", "yaml"}, want: 2},
		{args: []string{"version", "extra"}, want: 2},
		{args: []string{"completion", "tcsh"}, want: 2},
		{args: []string{"completion"}, want: 0},
		{args: []string{"completion", "bash"}, want: 0},
		{args: []string{"strategies", "list"}, env: map[string]string{"STRATOP_API_SECRET": ""}, want: 2},
		{args: []string{"strategies", "list"}, env: map[string]string{"STRATOP_API_SECRET": "wrong-secret-0000000000"}, want: 2},
		{args: []string{"strategies", "view", a}, env: map[string]string{"STRATOP_API_SECRET": "wrong-secret-0000000000"}, want: 2},
		{args: []string{"strategies", "halt", a, "--yes"}, env: map[string]string{"STRATOP_API_SECRET": "wrong-secret-0000000000"}, want: 2},
		{args: []string{"api", "GET", "strategies"}, env: map[string]string{"STRATOP_API_SECRET": "wrong-secret-0000000000"}, want: 2},
		{args: []string{"stats"}, env: map[string]string{"STRATOP_API_SECRET": "wrong-secret-0000000000"}, want: 2},
		{args: []string{"users", "list"}, env: map[string]string{"STRATOP_API_SECRET": "wrong-secret-0000000000"}, want: 2},
		{args: []string{"pools", "list"}, env: map[string]string{"STRATOP_API_SECRET": "wrong-secret-0000000000"}, want: 2},
		{args: []string{"users", "disable-all", "u", "--yes"}, env: map[string]string{"STRATOP_API_SECRET": "wrong-secret-0000000000"}, want: 2},
		{args: []string{"strategies", "list", "--all", "-o", "jsonl"}, env: map[string]string{"STRATOP_API_SECRET": "wrong-secret-0000000000"}, want: 2},
		// Every command resolves the same settings: a variable that cannot
		// be read is a usage error for a read as for an action.
		{args: []string{"strategies", "list"}, env: map[string]string{"STRATOP_READ_ONLY": "perhaps"}, want: 2},
		{args: []string{"strategies", "halt", a, "--yes"}, env: map[string]string{"STRATOP_READ_ONLY": "perhaps"}, want: 2},
	}
	for _, c := range cases {
		for k, v := range c.env {
			t.Setenv(k, v)
		}
		out, errOut, code := e.run("", c.args...)
		if code != c.want {
			t.Errorf("stratop %s (env %v): exit %d, want %d\nstdout %.200s\nstderr %.300s", strings.Join(c.args, " "), c.env, code, c.want, out, errOut)
		}
		if c.want == 2 && errOut == "" {
			t.Errorf("stratop %s: exit 2 without a word on stderr", strings.Join(c.args, " "))
		}
		t.Setenv("STRATOP_API_SECRET", canarySecret)
		t.Setenv("STRATOP_READ_ONLY", "")
	}
	if out := e.ok("--version"); !strings.HasPrefix(out, "stratop ") {
		t.Errorf("--version printed %q", out)
	}
}

// An unknown shell is refused with exit 2 and the shells there are, not
// answered with the help and exit 0.
func TestCompletionOfAnUnknownShell(t *testing.T) {
	configHome(t)
	code, out, errs := runCmd("completion", "tcsh")
	if code != 2 || out != "" || !strings.Contains(errs, `"tcsh"`) || !strings.Contains(errs, "bash") {
		t.Errorf("completion tcsh: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
