package root

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
)

// newPipe is an in-memory pipe for reading a command's stdout as it is
// written.
func newPipe() (*io.PipeReader, *io.PipeWriter) { return io.Pipe() }

// TestCLIEveryReadInEveryFormat runs each read command in each output
// format and checks that the output is what the format promises.
func TestCLIEveryReadInEveryFormat(t *testing.T) {
	e := newCLIEnv(t)
	var users []api.User
	if err := json.Unmarshal([]byte(e.ok("users", "list", "-o", "json")), &users); err != nil || len(users) == 0 {
		t.Fatalf("users list: %v", err)
	}
	user := users[0].ExternalUserID
	var pools []api.Pool
	if err := json.Unmarshal([]byte(e.ok("pools", "list", "-o", "json")), &pools); err != nil || len(pools) == 0 {
		t.Fatalf("pools list: %v", err)
	}
	strat := e.strategyWith(api.StatusActive, false)

	commands := [][]string{
		{"stats"},
		{"strategies", "list", "--page-size", "5"},
		{"strategies", "list", "--user", user, "--status", "active"},
		{"strategies", "view", strconv.FormatInt(strat.ID, 10)},
		{"users", "list"},
		{"users", "view", user},
		{"users", "pools", user},
		{"users", "balances", user},
		{"users", "balances", user, "--chain", "8453"},
		{"pools", "list"},
		{"pools", "list", "--chain", strconv.FormatInt(pools[0].ChainID, 10)},
		{"pools", "view", strconv.FormatInt(pools[0].ID, 10)},
	}
	for _, c := range commands {
		for _, f := range []string{"table", "json", "jsonl", "csv"} {
			name := strings.Join(c, " ") + " -o " + f
			out, errOut, code := e.run("", append(c, "-o", f)...)
			if code != 0 {
				t.Errorf("%s: exit %d: %s", name, code, errOut)
				continue
			}
			switch f {
			case "json":
				if !json.Valid([]byte(out)) {
					t.Errorf("%s: not JSON: %q", name, out)
				}
			case "jsonl":
				sc := bufio.NewScanner(strings.NewReader(out))
				sc.Buffer(nil, 1<<20)
				for sc.Scan() {
					if !json.Valid(sc.Bytes()) || !strings.HasPrefix(sc.Text(), "{") {
						t.Errorf("%s: line %q is not one JSON object", name, sc.Text())
					}
				}
			case "csv":
				recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
				if err != nil || len(recs) < 1 {
					t.Errorf("%s: CSV %v (%d records)", name, err, len(recs))
				}
			case "table":
				if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) < 2 || strings.ContainsRune(out, '\x1b') {
					t.Errorf("%s: table %q", name, out)
				}
			}
		}
	}
}

func TestCLIWithoutCredentialsExits2(t *testing.T) {
	newCLIEnv(t)
	t.Setenv("STRATOP_API_SECRET", "")
	_, errOut, code := (&cliEnv{t: t}).run("", "stats")
	if code != 2 || !strings.Contains(errOut, "STRATOP_API_SECRET") {
		t.Errorf("exit %d, stderr %q: want 2 naming the missing variable", code, errOut)
	}
}

func TestCLIRefusesBadFlagValues(t *testing.T) {
	e := newCLIEnv(t)
	for _, args := range [][]string{
		{"strategies", "list", "--status", "sleeping"},
		{"strategies", "list", "--page-size", "500"},
		{"strategies", "list", "-o", "xml"},
		{"strategies", "view", "abc"},
		{"audit", "-o", "csv"},
	} {
		if _, _, code := e.run("", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func TestCLICompletionOffersSubcommandsAndFlagValues(t *testing.T) {
	e := newCLIEnv(t)
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{"__complete", ""}, []string{"strategies", "users", "pools", "stats", "audit", "api"}},
		{[]string{"__complete", "strategies", ""}, []string{"list", "view", "halt", "suspend", "resume", "stop", "archive", "disable", "duplicate", "add-balance"}},
		{[]string{"__complete", "users", ""}, []string{"list", "view", "pools", "balances", "disable-all", "remove-all"}},
		{[]string{"__complete", "strategies", "list", "--status", ""}, []string{"active", "suspended", "paused", "completed"}},
		{[]string{"__complete", "strategies", "list", "--category", ""}, []string{"buy", "sell", "range"}},
		{[]string{"__complete", "strategies", "list", "--method", ""}, []string{"dca", "volume"}},
		{[]string{"__complete", "strategies", "list", "--chain", ""}, []string{"8453", "1399811149"}},
		{[]string{"__complete", "strategies", "list", "-o", ""}, []string{"table", "json", "jsonl", "csv"}},
		{[]string{"__complete", "audit", "-o", ""}, []string{"table", "json"}},
	}
	for _, c := range cases {
		out := e.ok(c.args...)
		for _, w := range c.want {
			if !strings.Contains(out, "\n"+w) && !strings.HasPrefix(out, w) {
				t.Errorf("%v: %q missing from\n%s", c.args, w, out)
			}
		}
	}
}
