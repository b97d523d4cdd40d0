package root

import (
	"encoding/json"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/audit"
)

// mcpSession runs `stratop mcp args...` as a child process (the test
// binary as stratop, see TestMain) and connects the SDK's own client to
// it over the child's stdin and stdout.
func (e *cliEnv) mcpSession(args ...string) *sdk.ClientSession {
	e.t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"mcp"}, args...)...)
	cmd.Env = append(os.Environ(), "STRATOP_TEST_AS_MAIN=1")
	stderr := &lockedBuf{}
	cmd.Stderr = stderr
	c := sdk.NewClient(&sdk.Implementation{Name: "stdio-agent", Version: "2.0"}, nil)
	cs, err := c.Connect(e.t.Context(), &sdk.CommandTransport{Command: cmd}, nil)
	if err != nil {
		e.t.Fatalf("connect: %v\n%s", err, stderr.String())
	}
	e.t.Cleanup(func() { _ = cs.Close() })
	return cs
}

func toolNames(t *testing.T, cs *sdk.ClientSession) []string {
	t.Helper()
	var names []string
	for tool, err := range cs.Tools(t.Context(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, tool.Name)
	}
	return names
}

func callTool(t *testing.T, cs *sdk.ClientSession, name string, args map[string]any) (string, bool) {
	t.Helper()
	res, err := cs.CallTool(t.Context(), &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String(), res.IsError
}

// pending asks for an action through the agent interface and returns the
// request's id.
func pending(t *testing.T, cs *sdk.ClientSession, tool string, args map[string]any) string {
	t.Helper()
	text, isErr := callTool(t, cs, tool, args)
	var out struct {
		Status, Request string
	}
	if isErr || json.Unmarshal([]byte(text), &out) != nil || out.Status != "pending_approval" || out.Request == "" {
		t.Fatalf("%s: %v %s", tool, isErr, text)
	}
	return out.Request
}

func TestMCPOverStdioReadsAndOffersNoActionUnlessAllowed(t *testing.T) {
	e := newCLIEnv(t)
	for _, c := range []struct {
		args    []string
		env     string
		actions bool
	}{{nil, "", false}, {[]string{"--allow-actions"}, "1", false}, {[]string{"--allow-actions"}, "", true}} {
		t.Setenv("STRATOP_READ_ONLY", c.env)
		cs := e.mcpSession(c.args...)
		names := toolNames(t, cs)
		if slices.Contains(names, "halt") != c.actions || slices.Contains(names, "remove_all") != c.actions {
			t.Errorf("%v STRATOP_READ_ONLY=%q: tools %v, actions offered want %v", c.args, c.env, names, c.actions)
		}
		text, isErr := callTool(t, cs, "strategies_list", map[string]any{"status": "active", "page_size": 3})
		if isErr || !strings.Contains(text, `"strategies":[`) || !strings.Contains(text, `"next_cursor"`) {
			t.Errorf("strategies_list: %v %.200s", isErr, text)
		}
	}
	if got := e.stateChanges(); len(got) != 0 {
		t.Fatalf("sent %v", got)
	}
}

func TestAnAgentsActionWaitsAndApproveOnATerminalSendsExactlyItsTargets(t *testing.T) {
	e := newCLIEnv(t)
	cs := e.mcpSession("--allow-actions")
	ss := e.strategies(api.StatusActive, 3)
	req := pending(t, cs, "halt", map[string]any{"ids": []int64{ss[0].ID, ss[1].ID}, "reason": "ticket 31"})
	rejected := pending(t, cs, "halt", map[string]any{"ids": []int64{ss[2].ID}, "reason": "ticket 32"})
	if got := e.stateChanges(); len(got) != 0 {
		t.Fatalf("the sandbox received %v before any approval", got)
	}
	list := e.ok("approve")
	if !strings.Contains(list, req) || !strings.Contains(list, "stdio-agent 2.0") || !strings.Contains(list, "ticket 31") {
		t.Errorf("approve lists:\n%s", list)
	}

	if _, errOut, code := e.runOnTerminal("y\n", "--read-only", "approve", req); code != 1 || !strings.Contains(errOut, "read-only") {
		t.Errorf("approve --read-only: exit %d %s", code, errOut)
	}
	if _, errOut, code := e.run("y\n", "approve", req); code != 1 || !strings.Contains(errOut, "not a terminal") {
		t.Errorf("approve without a terminal: exit %d %s", code, errOut)
	}
	if got := e.stateChanges(); len(got) != 0 {
		t.Fatalf("sent %v before the approval", got)
	}
	if _, errOut, code := e.runOnTerminal("2\n", "approve", req, "-o", "json"); code != 0 { // halt of two: the count typed
		t.Fatalf("approve: exit %d\n%s", code, errOut)
	}
	want := []string{"POST /api/v1/strategies/" + id(ss[0]) + "/halt", "POST /api/v1/strategies/" + id(ss[1]) + "/halt"}
	if got := e.stateChanges(); !slices.Equal(got, want) {
		t.Fatalf("sent %v, want %v", got, want)
	}
	if _, errOut, code := e.runOnTerminal("y\n", "approve", req); code != 1 || !strings.Contains(errOut, "already approved") {
		t.Errorf("a second approval: exit %d %s", code, errOut)
	}

	if _, errOut, code := e.run("", "reject", rejected); code != 0 || !strings.Contains(errOut, "rejected") {
		t.Errorf("reject: exit %d %s", code, errOut)
	}
	if _, _, code := e.runOnTerminal("y\n", "approve", rejected); code != 1 {
		t.Errorf("approve of a rejected request: exit %d", code)
	}
	if got := e.stateChanges(); len(got) != 2 {
		t.Fatalf("sent %v", got)
	}

	var recs []audit.Record
	if err := json.Unmarshal([]byte(e.ok("audit", "-o", "json")), &recs); err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 {
		t.Fatalf("audit %+v", recs)
	}
	for _, r := range recs {
		if r.Source != "mcp" || r.Reason != "ticket 31" || r.Approval == nil || r.Approval.Request != req ||
			r.Approval.Agent != "stdio-agent 2.0" || r.Approval.Approver == "" || r.Outcome != audit.OutcomeDone {
			t.Errorf("audit line %+v (approval %+v)", r, r.Approval)
		}
	}
	text, _ := callTool(t, cs, "approval_requests", nil)
	if !strings.Contains(text, `"state":"approved"`) || !strings.Contains(text, `"state":"rejected"`) {
		t.Errorf("the agent reads %s", text)
	}
}

func TestMCPListenRefusesWithoutLoopbackOrToken(t *testing.T) {
	e := newCLIEnv(t)
	t.Setenv("STRATOP_MCP_TOKEN", "")
	if _, errOut, code := e.run("", "mcp", "--listen", "127.0.0.1:0"); code != 2 || !strings.Contains(errOut, "STRATOP_MCP_TOKEN") {
		t.Errorf("no token: exit %d %s", code, errOut)
	}
	t.Setenv("STRATOP_MCP_TOKEN", strings.Repeat("t", 32))
	if _, errOut, code := e.run("", "mcp", "--listen", "0.0.0.0:0"); code != 2 || !strings.Contains(errOut, "loopback") {
		t.Errorf("every interface: exit %d %s", code, errOut)
	}
	if e.requestCount() != 0 {
		t.Errorf("%d requests before refusing", e.requestCount())
	}
}
