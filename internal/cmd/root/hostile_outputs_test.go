package root

// Hostile strings from the server through every text output: the
// dashboard's frames, the command line's tables, `watch -o table`, the
// --exec failure report, `stratop alerts` and the messages of a chat sink
// and a webhook. None may reach the terminal or the chat raw: no escape
// sequence, control, bidi or invisible character, and no visible tail of a
// sequence ("]52;c;...").

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/hostile"
	"github.com/stratop/stratop/internal/testkit"
	"github.com/stratop/stratop/model"
)

// hostileName is what the rewritten sandbox answers for every pool symbol,
// pool name and e-mail: the payloads a terminal or a chat would act on.
// The --exec report shows only the end of a command's output, so the
// payloads that survive JSON escaping raw (bidi, zero-width, C1 as UTF-8)
// come last.
var hostileName = func() string {
	var b strings.Builder
	for _, name := range []string{"osc52-clipboard", "osc8-link", "csi-clear-screen", "csi-cursor-moves",
		"cr-overprint", "c1-csi-rune", "bidi-override", "bidi-isolates", "zero-width"} {
		p, ok := hostile.PayloadNamed(name)
		if !ok {
			panic("no payload " + name)
		}
		b.WriteString(p.Text + " ")
	}
	return b.String()
}()

// hostileFields are the keys whose string values rewriteJSON replaces:
// text only a person reads, never an id a later request is made with.
var hostileFields = map[string]bool{"symbol": true, "name": true, "email": true}

// rewriting answers as h does, with hostileName in every hostileFields
// value of a JSON answer.
func rewriting(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		body := rec.Body.Bytes()
		if strings.Contains(rec.Header().Get("Content-Type"), "json") {
			dec := json.NewDecoder(bytes.NewReader(body))
			dec.UseNumber()
			var v any
			if dec.Decode(&v) == nil {
				if b, err := json.Marshal(rewriteJSON(v)); err == nil {
					body = b
				}
			}
		}
		for k, vs := range rec.Header() {
			if k != "Content-Length" {
				w.Header()[k] = vs
			}
		}
		w.WriteHeader(rec.Code)
		_, _ = w.Write(body)
	})
}

func rewriteJSON(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t {
			if _, ok := x.(string); ok && hostileFields[k] {
				t[k] = hostileName
			} else {
				t[k] = rewriteJSON(x)
			}
		}
	case []any:
		for i, x := range t {
			t[i] = rewriteJSON(x)
		}
	}
	return v
}

// checkShown fails when out, written for a terminal or a chat, holds a
// control a terminal acts on or a character that hides or reorders text
// (hostile.Leaks), or, unless it quotes JSON, the visible tail of an escape
// sequence (hostile.Remnants, on the text without the program's own
// styles).
func checkShown(t *testing.T, where, out string, quotesJSON bool) {
	t.Helper()
	if leaks := hostile.Leaks([]byte(out)); len(leaks) > 0 {
		t.Errorf("%s: hostile server text reached it raw: %q", where, leaks)
	}
	if quotesJSON {
		return
	}
	shown := strings.ReplaceAll(ansi.Strip(out), rawBytesDecoded, "")
	if rem := hostile.Remnants([]byte(shown)); len(rem) > 0 {
		t.Errorf("%s: shows the tail of an escape sequence: %q", where, rem)
	}
}

// rawBytesDecoded is the payload of raw 8-bit C1 bytes as any JSON decoder
// hands it over: each invalid byte became U+FFFD, so what followed them is
// text the server sent, not a sequence's tail a terminal could act on.
var rawBytesDecoded = func() string {
	p, _ := hostile.PayloadNamed("c1-raw-bytes")
	var s string
	if err := json.Unmarshal([]byte(`"`+p.Text+`"`), &s); err != nil {
		panic(err)
	}
	return s
}()

// The dashboard and the command line's tables read a server whose every
// string field is hostile.
func TestHostileStringsNeverReachTheDashboardOrTheTables(t *testing.T) {
	e := newCLIEnv(t)
	srv := httptest.NewServer(hostile.New())
	t.Cleanup(srv.Close)
	t.Setenv("STRATOP_BASE_URL", srv.URL)

	t.Run("dashboard", func(t *testing.T) {
		c, err := api.New(srv.URL, api.WithRetries(0), api.WithCredentials(api.Credentials{Key: canaryKey, Secret: canarySecret}))
		if err != nil {
			t.Fatal(err)
		}
		m := model.New(t.Context(), c, model.WithInterval(100*time.Millisecond), model.WithProfile("hostile"))
		tm := teatest.NewTestModel(t, m.Tea(), teatest.WithInitialTermSize(120, 40))
		tm.Send(testkit.Key("2"))
		var seen []byte // everything written until the rows showed
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
			seen = append(seen[:0], b...)
			return bytes.Contains(b, []byte("gnp.exe")) && bytes.Contains(b, []byte("page "))
		}, teatest.WithDuration(20*time.Second))
		_ = tm.Quit()
		rest, _ := io.ReadAll(tm.FinalOutput(t, teatest.WithFinalTimeout(5*time.Second)))
		out := string(seen) + string(rest)
		checkShown(t, "dashboard frames", out, false)
	})

	for _, args := range [][]string{
		{"strategies", "list", "-o", "table"},
		{"users", "list", "-o", "table"},
		{"pools", "list", "-o", "table"},
		{"strategies", "view", "1", "-o", "table"},
		{"users", "view", "u-1", "-o", "table"},
		{"strategies", "halt", "1", "--yes"},
	} {
		stdout, stderr, _ := e.run("", args...)
		name := "stratop " + strings.Join(args, " ")
		if stdout == "" && stderr == "" {
			t.Errorf("%s printed nothing", name)
		}
		// An action's record on stdout is the interface's JSON.
		checkShown(t, name+" (stdout)", stdout, args[1] == "halt")
		checkShown(t, name+" (stderr)", stderr, false)
	}
}

// A status change behind the back of `watch -o table --exec` and of `serve`
// with a chat sink and a webhook, on a strategy whose pool the server names
// with hostile text; then `stratop alerts`.
func TestHostileStringsNeverReachWatchExecAlertsOrChat(t *testing.T) {
	e := newCLIEnv(t)
	front := httptest.NewServer(rewriting(e.sb))
	t.Cleanup(front.Close)
	t.Setenv("STRATOP_BASE_URL", front.URL)

	chat := &chatReceiver{}
	chatSrv := httptest.NewServer(chat)
	t.Cleanup(chatSrv.Close)
	hook := newHookReceiver(t, "hook-secret")
	t.Setenv("TEST_HOOK_SECRET", "hook-secret")
	cfgDir := filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "stratop")
	if err := os.MkdirAll(cfgDir, 0o700); err != nil {
		t.Fatal(err)
	}
	settings := `
[[alerts]]
name     = "halted"
when     = "strategy.status"
severity = "urgent"
to       = ["chat", "hook"]

[sinks.chat]
url = "generic+` + chatSrv.URL + `/notify"

[sinks.hook]
url        = "` + hook.url + `/stratop"
secret_env = "TEST_HOOK_SECRET"
`
	if err := os.WriteFile(filepath.Join(cfgDir, "config.toml"), []byte(settings), 0o600); err != nil {
		t.Fatal(err)
	}

	w := startChild(t, "watch", "-o", "table", "--interval", "100ms", "--budget", "100000/min", "--exec", "cat; exit 3")
	s, _ := startServe(t)
	waitUntil(t, "serve's first read", func() bool { return strings.Contains(s.err.String(), "/healthz") })
	time.Sleep(time.Second) // both have read the integration once

	active := firstStrategy(t, e.client(), api.StatusActive)
	if _, err := e.client().HaltStrategy(t.Context(), active.ID); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the table line of the halt", func() bool { return strings.Contains(w.out.String(), "strategy.status") })
	waitUntil(t, "the --exec failure report of the halt", func() bool { return strings.Contains(w.err.String(), "(strategy.status) failed") })
	waitUntil(t, "the chat message", func() bool { return len(chat.got()) > 0 })
	waitUntil(t, "the webhook message", func() bool { return len(hook.got()) > 0 })
	w.stop()
	s.stop()

	if !strings.Contains(w.out.String(), "strategy") {
		t.Fatalf("watch -o table printed no strategy line:\n%s", w.out.String())
	}
	checkShown(t, "watch -o table", w.out.String(), false)
	// The report quotes the command's output: here the event's JSON, in
	// which the encoder escaped ESC and the other C0 controls.
	checkShown(t, "the --exec failure report", w.err.String(), true)
	for _, body := range chat.got() {
		checkShown(t, "the chat message", body, false)
	}
	for _, m := range hook.got() {
		checkShown(t, "the webhook message's title and body", m.Title+"\n"+m.Body, false)
		if len(m.Events) > 0 && m.Events[0].Pool != hostileName {
			t.Errorf("the webhook's event data changed: pool %q, want the server's %q", m.Events[0].Pool, hostileName)
		}
	}
	out := runCLI(t, "alerts")
	if !strings.Contains(out, "halted") {
		t.Fatalf("alerts lists no open alert:\n%s", out)
	}
	checkShown(t, "stratop alerts", out, false)
}

// chatReceiver stands in for a chat service reached by shoutrrr's generic
// webhook: it records each message's text as it arrives.
type chatReceiver struct {
	mu     sync.Mutex
	bodies []string
}

func (c *chatReceiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	c.mu.Lock()
	c.bodies = append(c.bodies, string(b))
	c.mu.Unlock()
}

func (c *chatReceiver) got() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.bodies...)
}
