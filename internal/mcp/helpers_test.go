package mcp

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/stratop/stratop/alert"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/internal/approval"
	"github.com/stratop/stratop/internal/testkit"
)

// env is a server over the sandbox and the SDK's own client connected to
// it in memory.
type env struct {
	sb    *testkit.Sandbox
	store *approval.Store
	srv   *Server
	cs    *sdk.ClientSession
	dir   string
	integ string // the sandbox's integration, as the server records it
}

type envOpt func(*Options)

func allowActions(o *Options) { o.AllowActions = true }
func readOnly(o *Options)     { o.ReadOnly, o.ReadOnlyBy = true, "profile prod: read_only" }

func start(t *testing.T, opts ...envOpt) *env {
	t.Helper()
	e := &env{sb: testkit.NewSandbox(t, sandbox.WithUsers(6), sandbox.WithStrategies(60)), dir: t.TempDir()}
	e.store = approval.New(e.dir)
	id, err := integration.New(e.sb.URL, sandbox.DemoKey)
	if err != nil {
		t.Fatal(err)
	}
	e.integ = id.String()
	o := Options{Client: e.sb.Client, Store: e.store, Integration: e.integ, Profile: "test",
		AuditPath: filepath.Join(e.dir, "audit.jsonl"), HistoryPath: filepath.Join(e.dir, "history.json"),
		Alerts: &alert.Store{Dir: filepath.Join(e.dir, "alert")}, WatchInterval: 100 * time.Millisecond, Version: "test"}
	for _, f := range opts {
		f(&o)
	}
	e.srv = New(o)
	t.Cleanup(e.srv.Close)
	st, ct := sdk.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := e.srv.MCP().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ss.Close() })
	c := sdk.NewClient(&sdk.Implementation{Name: "test-client", Version: "9.9"}, nil)
	e.cs, err = c.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = e.cs.Close() })
	return e
}

// call calls a tool and returns its text and whether it is a tool error.
func (e *env) call(t *testing.T, name string, args map[string]any) (string, bool) {
	t.Helper()
	res, err := e.cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error %v", name, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String(), res.IsError
}

// ok calls a tool that must answer JSON and decodes it into v.
func (e *env) ok(t *testing.T, name string, args map[string]any, v any) string {
	t.Helper()
	text, isErr := e.call(t, name, args)
	if isErr {
		t.Fatalf("%s(%v): error %s", name, args, text)
	}
	if strings.Contains(text, "\n") {
		t.Errorf("%s: the answer is not compact JSON: %.200s", name, text)
	}
	if err := json.Unmarshal([]byte(text), v); err != nil {
		t.Fatalf("%s: %v in %.300s", name, err, text)
	}
	return text
}

func (e *env) toolNames(t *testing.T) []string {
	t.Helper()
	var names []string
	for tool, err := range e.cs.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, tool.Name)
	}
	return names
}

func (e *env) strategies(t *testing.T, st api.Status, n int) []api.Strategy {
	t.Helper()
	p, err := e.sb.Client.ListStrategies(context.Background(), api.StrategyFilter{Status: st, PageSize: 50})
	if err != nil || len(p.Strategies) < n {
		t.Fatalf("want %d %s strategies: %v", n, st, err)
	}
	return p.Strategies[:n]
}

func callParams(name string, args map[string]any) *sdk.CallToolParams {
	return &sdk.CallToolParams{Name: name, Arguments: args}
}

func textOf(cs []sdk.Content) string {
	var b strings.Builder
	for _, c := range cs {
		if tc, ok := c.(*sdk.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}
