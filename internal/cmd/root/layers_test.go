package root

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The engines, the policy, the context and the command line link no
// terminal UI: only the dashboard (model, ui) and the one command that
// draws its charts (stats) do. go list reads the import graph; nothing is
// compiled.
func TestOnlyTheScreenLinksTheTerminalUI(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to read the import graph: %v", err)
	}
	const mod = "github.com/stratop/stratop/"
	free := []string{
		"action", "alert", "metrics", "watch", "history", "audit", "config", "keys", "api", "integration",
		"internal/factory", "internal/cli", "internal/text", "internal/paths", "internal/vocab", "internal/approval", "internal/mcp",
		"internal/cmd/cmdutil", "internal/cmd/read", "internal/cmd/act", "internal/cmd/watch", "internal/cmd/serve",
		"internal/cmd/profiles", "internal/cmd/settings", "internal/cmd/agent", "internal/cmd/sandbox", "internal/cmd/version",
		// The fleet's poller is an engine; its command takes the screen
		// from the root, which holds the dashboard's.
		"internal/fleet", "internal/cmd/fleetcmd",
	}
	forbidden := []string{"github.com/charmbracelet/bubbletea", "github.com/charmbracelet/lipgloss", mod + "ui", mod + "model"}
	args := []string{"list", "-f", "{{.ImportPath}} {{join .Deps \" \"}}"}
	for _, p := range free {
		args = append(args, mod+p)
	}
	cmd := exec.Command(goTool, args...)
	cmd.Dir = filepath.Join("..", "..", "..")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	seen := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		seen++
		deps := map[string]bool{}
		for _, d := range fields[1:] {
			deps[d] = true
		}
		for _, f := range forbidden {
			if deps[f] {
				t.Errorf("%s links %s", fields[0], f)
			}
		}
	}
	if seen != len(free) {
		t.Errorf("go list answered for %d packages, want %d:\n%s", seen, len(free), out)
	}
	// The check can fail: the dashboard's own command does link them.
	cmd = exec.Command(goTool, "list", "-f", "{{join .Deps \" \"}}", mod+"internal/cmd/dashboard")
	cmd.Dir = filepath.Join("..", "..", "..")
	if out, err := cmd.Output(); err != nil || !strings.Contains(string(out), forbidden[0]) {
		t.Errorf("the dashboard's deps do not show bubbletea (%v): the check reads nothing", err)
	}
}
