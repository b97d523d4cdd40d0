package root

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/audit"
)

// writeSettings writes the settings file the commands read.
func (e *cliEnv) writeSettings(body string) string {
	e.t.Helper()
	p := filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "stratop", "config.toml")
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		e.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		e.t.Fatal(err)
	}
	return p
}

func TestCLIReadOnlyFromEachSourceSendsAndRecordsNothing(t *testing.T) {
	sources := []struct {
		name  string
		setup func(e *cliEnv)
		flags []string
		says  string
	}{
		{"the profile's setting", func(e *cliEnv) { e.writeSettings("[profiles.default]\nread_only = true\n") }, nil, "read_only of profile default"},
		{"the environment", func(*cliEnv) { t.Setenv("STRATOP_READ_ONLY", "1") }, nil, "STRATOP_READ_ONLY=1"},
		{"the flag", func(*cliEnv) {}, []string{"--read-only"}, "--read-only"},
	}
	for _, src := range sources {
		t.Run(src.name, func(t *testing.T) {
			e := newCLIEnv(t)
			t.Setenv("STRATOP_READ_ONLY", "")
			src.setup(e)
			s := e.strategyWith(api.StatusActive, false)
			v := e.strategyWith(api.StatusActive, true)
			for _, args := range [][]string{
				{"strategies", "suspend", id(s), "--yes"},
				{"strategies", "stop", id(s), "--yes", "--reason", "INC-1"},
				{"strategies", "add-balance", id(v), "--amount", "1", "--yes"},
				{"users", "disable-all", s.UserID, "--yes"},
				{"api", "POST", "strategies/" + id(s) + "/halt"},
				{"api", "POST", "strategies/getStrategies", "--input", "-"},
			} {
				_, errOut, code := e.run(`{"userId":"`+s.UserID+`"}`, append(args, src.flags...)...)
				if code != 1 || !strings.Contains(errOut, "read-only") || !strings.Contains(errOut, src.says) {
					t.Errorf("%v: exit %d, stderr %q; want 1 naming %q", args, code, errOut, src.says)
				}
			}
			if got := e.stateChanges(); len(got) != 0 || e.status(s.ID) != api.StatusActive {
				t.Errorf("sent %v in read-only mode", got)
			}
			if recs := e.auditRecords(); len(recs) != 0 {
				t.Errorf("recorded %+v in read-only mode", recs)
			}
			// Reads still work, and so does GET through stratop api.
			if _, errOut, code := e.run("", append([]string{"api", "GET", "strategies/" + id(s)}, src.flags...)...); code != 0 {
				t.Errorf("api GET in read-only mode: exit %d: %s", code, errOut)
			}
			e.ok(append([]string{"strategies", "view", id(s)}, src.flags...)...)
		})
	}
}

func TestCLIReadOnlyIsAcceptedByEveryCommand(t *testing.T) {
	e := newCLIEnv(t)
	for _, args := range [][]string{{"version"}, {"audit"}, {"config", "check"}, {"stats"}, {"pools", "list"}, {"users", "list"}} {
		if _, errOut, code := e.run("", append([]string{"--read-only"}, args...)...); code != 0 {
			t.Errorf("stratop --read-only %v: exit %d: %s", args, code, errOut)
		}
		if _, errOut, code := e.run("", append(args, "--read-only")...); code != 0 {
			t.Errorf("stratop %v --read-only: exit %d: %s", args, code, errOut)
		}
	}
}

func TestCLIReasonIsRecordedAndShownByAudit(t *testing.T) {
	e := newCLIEnv(t)
	s := e.strategyWith(api.StatusActive, false)
	e.ok("strategies", "halt", id(s), "--yes", "--reason", "INC-4711 runaway orders")
	recs := e.auditRecords()
	if len(recs) != 1 || recs[0].Reason != "INC-4711 runaway orders" || recs[0].Outcome != audit.OutcomeDone {
		t.Fatalf("audit %+v", recs)
	}
	var js []audit.Record
	if err := json.Unmarshal([]byte(e.ok("audit", "-o", "json")), &js); err != nil || len(js) != 1 || js[0].Reason != "INC-4711 runaway orders" {
		t.Errorf("stratop audit -o json: %+v (%v)", js, err)
	}
	if tab := e.ok("audit", "-o", "table"); !strings.Contains(tab, "REASON") || !strings.Contains(tab, "INC-4711 runaway orders") {
		t.Errorf("stratop audit table:\n%s", tab)
	}
	if _, errOut, code := e.run("", "strategies", "resume", id(s), "--yes", "--reason", "two\nlines"); code != 2 || !strings.Contains(errOut, "--reason") {
		t.Errorf("a reason on two lines: exit %d, %q; want 2", code, errOut)
	}
	// A raw state-changing route carries it too.
	other := e.strategies(api.StatusActive, 1)[0]
	e.ok("api", "POST", "strategies/"+id(other)+"/halt", "--reason", "raw INC-9")
	if recs := e.auditRecords(); len(recs) != 2 || recs[1].Reason != "raw INC-9" || recs[1].Outcome != audit.OutcomeDone {
		t.Errorf("audit after stratop api: %+v", recs)
	}
}

func TestCLIRequireReasonRefusesBeforeSending(t *testing.T) {
	for _, body := range []string{"require_reason = true\n", "[profiles.default]\nrequire_reason = true\n"} {
		e := newCLIEnv(t)
		e.writeSettings(body)
		s := e.strategyWith(api.StatusActive, false)
		_, errOut, code := e.run("", "strategies", "suspend", id(s), "--yes")
		if code != 1 || !strings.Contains(errOut, "reason is required") || !strings.Contains(errOut, "require_reason") {
			t.Errorf("%q: exit %d, stderr %q; want 1 naming require_reason", body, code, errOut)
		}
		if _, errOut, code := e.run("", "users", "disable-all", s.UserID, "--yes", "--reason", " "); code != 1 {
			t.Errorf("%q: a blank reason: exit %d (%s)", body, code, errOut)
		}
		if got := e.stateChanges(); len(got) != 0 {
			t.Errorf("%q: sent %v without a reason", body, got)
		}
		e.ok("strategies", "suspend", id(s), "--yes", "--reason", "CHG-9")
		if recs := e.auditRecords(); len(recs) != 1 || recs[0].Reason != "CHG-9" {
			t.Errorf("%q: audit %+v", body, recs)
		}
	}
}

// unwritableState points XDG_STATE_HOME at a place where the audit log
// cannot be written: a directory without write permission; a full disk (a
// tiny tmpfs, filled: the log opens, every write fails); or, for root
// (whom permissions do not stop), a path under a regular file.
func unwritableState(t *testing.T, e *cliEnv, how string) {
	t.Helper()
	switch how {
	case "read-only directory":
		if os.Geteuid() == 0 {
			t.Skip("root writes into a 0500 directory; the next case covers an unwritable state directory")
		}
		dir := filepath.Join(e.state, "stratop")
		if err := os.MkdirAll(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(dir, 0o500); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = os.Chmod(dir, 0o700) })
	case "full disk":
		fullDisk(t, e)
	case "not a directory":
		file := filepath.Join(t.TempDir(), "state")
		if err := os.WriteFile(file, nil, 0o600); err != nil {
			t.Fatal(err)
		}
		t.Setenv("XDG_STATE_HOME", file)
	}
}

func TestCLINothingActsUnrecorded(t *testing.T) {
	for _, how := range []string{"read-only directory", "full disk", "not a directory"} {
		t.Run(how, func(t *testing.T) {
			e := newCLIEnv(t)
			s := e.strategyWith(api.StatusActive, false)
			unwritableState(t, e, how)
			for _, args := range [][]string{
				{"strategies", "suspend", id(s), "--yes"},
				{"users", "disable-all", s.UserID, "--yes"},
				{"api", "POST", "strategies/" + id(s) + "/halt"},
			} {
				_, errOut, code := e.run("", args...)
				if code != 1 || !strings.Contains(errOut, "audit log cannot be written") || !strings.Contains(errOut, "--unaudited") {
					t.Errorf("%v: exit %d, stderr %q; want 1 naming the audit log and the override", args, code, errOut)
				}
			}
			if got := e.stateChanges(); len(got) != 0 || e.status(s.ID) != api.StatusActive {
				t.Fatalf("sent %v without an audit intent", got)
			}
			out, errOut, code := e.run("", "strategies", "suspend", id(s), "--yes", "--unaudited", "-o", "json")
			if code != 0 || !strings.Contains(errOut, "UNRECORDED") {
				t.Errorf("--unaudited: exit %d, stderr %q; want 0 and a warning that it was not recorded", code, errOut)
			}
			if e.status(s.ID) != api.StatusSuspended || !strings.Contains(out, `"done"`) {
				t.Errorf("--unaudited: status %s, stdout %s", e.status(s.ID), out)
			}
		})
	}
}

func TestCLIRepeatedIDsActOnceAndBadIDsAreUsage(t *testing.T) {
	e := newCLIEnv(t)
	s := e.strategyWith(api.StatusActive, false)
	out := e.ok("strategies", "suspend", id(s), id(s), id(s), "--yes", "-o", "json")
	var rs []map[string]any
	if err := json.Unmarshal([]byte(out), &rs); err != nil || len(rs) != 1 || rs[0]["outcome"] != "done" {
		t.Errorf("results %s (%v): want one done", out, err)
	}
	if n := len(e.stateChanges()); n != 1 {
		t.Errorf("%d requests for one id given thrice", n)
	}
	before := e.requestCount()
	for _, args := range [][]string{
		{"strategies", "halt", "", "--yes"},
		{"strategies", "halt", id(s), "x1", "--yes"},
		{"strategies", "halt", "0", "--yes"},
		{"strategies", "halt", "-3", "--yes"},
		{"strategies", "halt", " " + id(s), "--yes"},
		{"strategies", "view", "1e3"},
		{"users", "remove-all", "", "--yes"},
		{"users", "disable-all", "  ", "--yes"},
		{"users", "view", ""},
	} {
		if _, errOut, code := e.run("", args...); code != 2 {
			t.Errorf("%q: exit %d (%s), want 2", args, code, errOut)
		}
	}
	if n := e.requestCount(); n != before {
		t.Errorf("%d requests for usage errors; want none", n-before)
	}
}

// fullDisk mounts a tmpfs of two pages as the state directory and fills
// it, so the audit log opens but no line can be written (ENOSPC).
func fullDisk(t *testing.T, e *cliEnv) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "full")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=8k,mode=0700", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs here (%v: %s); the other cases cover an unwritable log", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("umount", dir).Run() })
	if err := os.MkdirAll(filepath.Join(dir, "stratop"), 0o700); err != nil {
		t.Fatal(err)
	}
	filler, err := os.Create(filepath.Join(dir, "filler"))
	if err != nil {
		t.Fatal(err)
	}
	chunk := make([]byte, 512)
	for {
		if _, err := filler.Write(chunk); err != nil {
			break
		}
	}
	_ = filler.Close()
	t.Setenv("XDG_STATE_HOME", dir)
}
