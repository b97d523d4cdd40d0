package audit

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func openTemp(t *testing.T) (*Log, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "state", "stratop", "audit.jsonl")
	l, err := Open(path, "prod", "api.example.com")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = l.Close() })
	return l, path
}

func TestOpenCreatesPrivateFileInPrivateDir(t *testing.T) {
	l, path := openTemp(t)
	if err := l.Write(Entry{Seq: "1", Action: "halt"}); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Errorf("file mode %v, want 0600", st.Mode().Perm())
	}
	dst, _ := os.Stat(filepath.Dir(path))
	if dst.Mode().Perm() != 0o700 {
		t.Errorf("dir mode %v, want 0700", dst.Mode().Perm())
	}
}

func TestOpenTightensAWideFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := Open(path, "", "")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	st, _ := os.Stat(path)
	if st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v after Open, want 0600", st.Mode().Perm())
	}
}

func TestWriteAppendsOneStampedLinePerEntry(t *testing.T) {
	l, path := openTemp(t)
	fixed := time.Date(2025, 3, 4, 5, 6, 7, 0, time.FixedZone("X", 3600))
	l.now = func() time.Time { return fixed }
	_ = l.Write(Entry{Seq: "a", Action: "halt", StrategyIDs: []int64{7}})
	_ = l.Write(Entry{Seq: "a", Action: "halt", Outcome: OutcomeDone, Profile: "other"})
	// Reopening appends rather than truncating.
	_ = l.Close()
	l2, err := Open(path, "p2", "h2")
	if err != nil {
		t.Fatal(err)
	}
	_ = l2.Write(Entry{Seq: "b", Action: "stop"})
	_ = l2.Close()

	lines := readLines(t, path)
	if len(lines) != 3 {
		t.Fatalf("%d lines, want 3", len(lines))
	}
	var e Entry
	if err := json.Unmarshal([]byte(lines[0]), &e); err != nil {
		t.Fatal(err)
	}
	if e.Profile != "prod" || e.Host != "api.example.com" || !e.Time.Equal(fixed) || e.Time.Location() != time.UTC {
		t.Errorf("first line %+v: want profile, host and the time in UTC", e)
	}
	if !strings.Contains(lines[0], `"time":"2025-03-04T04:06:07Z"`) {
		t.Errorf("time not RFC 3339 UTC: %s", lines[0])
	}
	if !strings.Contains(lines[1], `"profile":"other"`) {
		t.Errorf("an entry's own profile was replaced: %s", lines[1])
	}
	if !strings.Contains(lines[2], `"profile":"p2"`) {
		t.Errorf("third line: %s", lines[2])
	}
}

func TestRotationKeepsOnePreviousFile(t *testing.T) {
	l, path := openTemp(t)
	l.maxSize = 400
	for i := range 30 {
		if err := l.Write(Entry{Seq: strings.Repeat("x", 40) + string(rune('a'+i%26)), Action: "halt"}); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{path, PreviousPath(path)} {
		st, err := os.Stat(p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if st.Size() > 400 {
			t.Errorf("%s is %d bytes, over the limit", p, st.Size())
		}
		if st.Mode().Perm() != 0o600 {
			t.Errorf("%s mode %v", p, st.Mode().Perm())
		}
	}
	if _, err := os.Stat(path + ".2"); err == nil {
		t.Error("a second previous file was kept")
	}
	matches, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*"))
	if len(matches) != 4 || matches[2] != LockPath(path) || matches[3] != writersDir(path) {
		t.Errorf("files %v, want the log, one previous file, the lock and the writers' locks", matches)
	}
}

func TestCheckReportsAnUnwritableLog(t *testing.T) {
	l, _ := openTemp(t)
	if err := l.Check(); err != nil {
		t.Fatalf("Check on a fresh log: %v", err)
	}
	// A directory where the file should be: neither Check nor Write can
	// succeed, whatever the user's privileges.
	dir := t.TempDir()
	blocker := filepath.Join(dir, "notadir")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(filepath.Join(blocker, "audit.jsonl"), "", ""); err == nil {
		t.Error("Open under a regular file succeeded")
	}
	path := filepath.Join(dir, "audit.jsonl")
	bad, err := Open(path, "", "")
	if err != nil {
		t.Fatal(err)
	}
	_ = bad.Close()
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(path, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := bad.Check(); err == nil {
		t.Error("Check succeeded with a directory in place of the file")
	}
	if err := bad.Write(Entry{Seq: "1", Action: "halt"}); err == nil {
		t.Error("Write succeeded with a directory in place of the file")
	}
}

func TestDefaultPathFollowsXDG(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_STATE_HOME", "")
	p, err := DefaultPath()
	if err != nil || p != filepath.Join(home, ".local", "state", "stratop", "audit.jsonl") {
		t.Errorf("DefaultPath() = %q, %v", p, err)
	}
	state := t.TempDir()
	t.Setenv("XDG_STATE_HOME", state)
	if p, _ := DefaultPath(); p != filepath.Join(state, "stratop", "audit.jsonl") {
		t.Errorf("with XDG_STATE_HOME: %q", p)
	}
	t.Setenv("XDG_STATE_HOME", "relative/dir")
	if p, _ := DefaultPath(); !strings.HasPrefix(p, home) {
		t.Errorf("a relative XDG_STATE_HOME was used: %q", p)
	}
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	return out
}
