package version

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// buildAndAsk builds the stratop binary with extra build flags and returns
// what its --version says.
func buildAndAsk(t *testing.T, moduleDir string, flags ...string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "stratop")
	args := append(append([]string{"build", "-o", bin}, flags...), ".")
	cmd := exec.Command("go", args...)
	cmd.Dir = moduleDir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	out, err := exec.Command(bin, "--version").Output()
	if err != nil {
		t.Fatalf("--version: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// Every way of building that README and contrib describe gives a binary
// whose --version names its source: the commit of the work tree, the
// stamped release version, or, outside a work tree and unstamped, that
// nothing is known.
func TestVersionOfRealBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary three times")
	}
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Skipf("go env: %v", err)
	}
	moduleDir := filepath.Dir(strings.TrimSpace(string(out)))
	if _, err := os.Stat(filepath.Join(moduleDir, "main.go")); err != nil {
		t.Skipf("no main package at %s", moduleDir)
	}

	if rev, err := exec.Command("git", "-C", moduleDir, "rev-parse", "HEAD").Output(); err == nil {
		commit := strings.TrimSpace(string(rev))[:12]
		workTree := moduleDir
		if st, err := os.Stat(filepath.Join(moduleDir, ".git")); err != nil || !st.IsDir() {
			// Go reads the commit only from a .git directory, which a
			// linked worktree (a .git file) is not: build a clone.
			workTree = filepath.Join(t.TempDir(), "clone")
			if out, err := exec.Command("git", "clone", "-q", moduleDir, workTree).CombinedOutput(); err != nil {
				t.Fatalf("git clone: %v\n%s", err, out)
			}
		}
		// -buildvcs=auto is go build's default; said here because a
		// GOFLAGS of the machine may turn it off.
		if got := buildAndAsk(t, workTree, "-buildvcs=auto"); !strings.Contains(got, commit) {
			t.Errorf("go build in a work tree: %q does not name the commit %s", got, commit)
		}
	} else {
		t.Logf("not a git work tree (%v): the commit case is not checked", err)
	}
	if got := buildAndAsk(t, moduleDir, "-buildvcs=false", "-ldflags", "-X main.version=v9.9.9-3-gabcdef1"); !strings.HasPrefix(got, "stratop v9.9.9-3-gabcdef1 ") {
		t.Errorf("release build: %q", got)
	}
	if got := buildAndAsk(t, moduleDir, "-buildvcs=false"); !strings.Contains(got, NoVersion) || strings.Contains(got, "(devel)") {
		t.Errorf("built outside a work tree: %q", got)
	}
}
