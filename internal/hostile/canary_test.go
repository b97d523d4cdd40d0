package hostile_test

// Secrets: a canary key and secret run through every error path of the
// client and through the dashboard. A server that echoes the credentials
// back (in its error message, its "error" field, an HTML page, a header, a
// redirect) must not get them into any error text, frame or output byte;
// nor may formatting, JSON, slog or a recovered panic print them.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/hostile"
)

const (
	canaryKey    = "canary-key-7HqW2mLp9Vx4"
	canarySecret = "canary-secret-Zx9Rt5Mn8Qb3"
)

var canary = api.Credentials{Key: canaryKey, Secret: canarySecret}

// canaryFragments are the canary strings a leak would show: each whole, and
// every 6-character window of their random parts, so that a secret split by
// stripped control characters or cut by a column is still found.
func canaryFragments() []string {
	frags := []string{canaryKey, canarySecret}
	for _, random := range []string{"7HqW2mLp9Vx4", "Zx9Rt5Mn8Qb3"} {
		for i := 0; i+6 <= len(random); i++ {
			frags = append(frags, random[i:i+6])
		}
	}
	return frags
}

// findCanary names the first canary fragment in s, "" if none.
func findCanary(s string) string {
	for _, f := range canaryFragments() {
		if strings.Contains(s, f) {
			return f
		}
	}
	return ""
}

// echoMode is how the echo server reflects the credentials it receives.
type echoMode int32

const (
	echo401 echoMode = iota
	echo403
	echo500
	echo429
	echoSplit  // the secret split by an escape sequence, in a 400
	echoHTML   // a 502 HTML page
	echoPage   // a 200 HTML page
	echoHeader // a 200 with the secret in Content-Type and a wrong body
	echoRedirect
	echoModes
)

// echoServer reflects X-API-Key and X-API-Secret back in every way a broken
// server or proxy might.
type echoServer struct {
	mode     atomic.Int32
	redirect string // another origin, for echoRedirect
}

func (e *echoServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	key, secret := r.Header.Get("X-API-Key"), r.Header.Get("X-API-Secret")
	both := "key=" + key + " secret=" + secret
	body := func(code int, msg any) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		_ = json.NewEncoder(w).Encode(map[string]any{"statusCode": code, "message": msg, "error": "bad " + both})
	}
	switch echoMode(e.mode.Load()) {
	case echo401:
		body(401, "invalid credentials: "+both)
	case echo403:
		body(403, []string{"not allowed for " + key, "secret " + secret + " lacks 2FA"})
	case echo500:
		body(500, "panic: "+both+"\n"+r.Header.Get("Authorization"))
	case echo429:
		w.Header().Set("Retry-After", secret)
		body(429, "slow down "+both)
	case echoSplit:
		split := secret[:len(secret)/2] + "\x1b[0m" + secret[len(secret)/2:]
		body(400, "bad secret "+split+" and key "+key[:5]+"\u200b"+key[5:])
	case echoHTML:
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(502)
		_, _ = io.WriteString(w, "<html><title>"+both+"</title><body>"+both+"</body></html>")
	case echoPage:
		w.Header().Set("Content-Type", "text/html")
		_, _ = io.WriteString(w, "<html><body>login "+both+"</body></html>")
	case echoHeader:
		w.Header().Set("Content-Type", "application/json; note="+secret)
		w.Header().Set("X-Echo", both)
		_, _ = io.WriteString(w, `{"usersCount":"`+secret+`"}`)
	case echoRedirect:
		http.Redirect(w, r, e.redirect+r.URL.Path+"?k="+key+"&s="+secret, http.StatusTemporaryRedirect)
	}
}

// TestCanaryNeverInClientErrors runs every read and action through every
// echo mode, and through dead and slow servers, and checks each error's
// text in every fmt form.
func TestCanaryNeverInClientErrors(t *testing.T) {
	var elsewhere atomic.Int32 // requests that reached the other origin with the canary
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if findCanary(r.Header.Get("X-API-Key")+r.Header.Get("X-API-Secret")) != "" {
			elsewhere.Add(1)
		}
	}))
	defer other.Close()
	echo := &echoServer{redirect: other.URL}
	srv := httptest.NewServer(echo)
	defer srv.Close()
	c := newClient(t, srv.URL, api.WithCredentials(canary))

	reported := map[string]bool{} // one failure per echo mode or network case
	check := func(where string, err error) {
		t.Helper()
		group, _, _ := strings.Cut(where, ",")
		if reported[group] {
			return
		}
		if err == nil {
			return // e.g. a 200 whose wrong field the route ignores
		}
		texts := []string{err.Error(), fmt.Sprintf("%v|%+v|%#v|%s|%q", err, err, err, err, err)}
		var ae *api.Error
		if errors.As(err, &ae) {
			texts = append(texts, ae.Message, ae.Reason, strings.Join(ae.Messages, "|"), fmt.Sprintf("%#v", *ae))
		}
		var de *api.DecodeError
		if errors.As(err, &de) {
			texts = append(texts, de.ContentType)
		}
		for _, s := range texts {
			if f := findCanary(s); f != "" {
				t.Errorf("%s: error text shows the canary (%q): %s", where, f, s)
				reported[group] = true
				return
			}
		}
	}
	ctx := context.Background()
	for mode := range echoModes {
		echo.mode.Store(int32(mode))
		for name, call := range reads(c) {
			_, err := call(ctx)
			check(fmt.Sprintf("echo mode %d, %s", mode, name), err)
		}
		for name, act := range actions(c) {
			check(fmt.Sprintf("echo mode %d, action %s", mode, name), act(ctx))
		}
	}
	if n := elsewhere.Load(); n > 0 {
		t.Errorf("a redirect to another origin received the credentials %d time(s)", n)
	}

	// Network errors: a refused dial, a timeout, a reset, a TLS failure.
	dead := httptest.NewServer(http.NotFoundHandler())
	deadURL := dead.URL
	dead.Close()
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(2 * time.Second):
		}
	}))
	defer slow.Close()
	h := hostile.New(hostile.WithRows(2))
	h.SetFault(hostile.Fault{Mode: hostile.Reset})
	reset := httptest.NewServer(h)
	defer reset.Close()
	tlsSrv := httptest.NewUnstartedServer(http.NotFoundHandler())
	tlsSrv.Config.ErrorLog = log.New(io.Discard, "", 0) // the refused handshakes are the point
	tlsSrv.StartTLS()
	defer tlsSrv.Close()
	for name, base := range map[string]string{"refused": deadURL, "timeout": slow.URL, "reset": reset.URL, "tls": tlsSrv.URL} {
		cc := newClient(t, base, api.WithCredentials(canary), api.WithTimeout(200*time.Millisecond))
		_, err := cc.ListUsers(ctx)
		check("network "+name, err)
		_, err = cc.HaltStrategy(ctx, 1)
		check("network "+name+" action", err)
	}

	// The values that hold the credentials, in every printed form.
	var logs bytes.Buffer
	slog.New(slog.NewJSONHandler(&logs, nil)).Info("client", "creds", canary, "client", c)
	js, _ := json.Marshal(canary)
	for what, s := range map[string]string{
		"credentials fmt":  fmt.Sprintf("%v %+v %#v %s %q", canary, canary, canary, canary, canary),
		"client fmt":       fmt.Sprintf("%v %+v %#v %s", c, c, c, c),
		"credentials json": string(js),
		"slog":             logs.String(),
	} {
		if f := findCanary(s); f != "" {
			t.Errorf("%s shows the canary (%q): %s", what, f, s)
		}
	}
}

// TestCanaryNeverOnScreen runs the dashboard with canary credentials on the
// echo server through every echo mode and a dead server: no frame and no
// byte written may show any fragment of the key or the secret.
func TestCanaryNeverOnScreen(t *testing.T) {
	echo := &echoServer{redirect: "http://127.0.0.1:1"}
	live, err := hostile.Listen(echo)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = live.Close() }()
	c := newClient(t, live.URL(), api.WithCredentials(canary), api.WithTimeout(testFetch))
	r := startProgramForbidding(t, c, 120, 40, canaryFragments())
	tabs := []string{"1", "2", "3", "4"}
	for mode := range echoModes {
		echo.mode.Store(int32(mode))
		r.step(fmt.Sprintf("echo mode %d", mode), tabs[int(mode)%len(tabs)], "ctrl+r")
		r.waitFor("an error on screen", func(f string) bool {
			st := statusLine(f)
			return strings.Contains(st, "STALE") || strings.Contains(st, "ERROR") || strings.Contains(st, "rejected")
		})
	}
	r.step("server gone", "ctrl+r")
	if err := live.Down(); err != nil {
		t.Fatal(err)
	}
	r.waitFor("cannot reach", func(f string) bool { return strings.Contains(f, "cannot reach") })
	r.finish()
}

// TestCanaryNotInPanicOutput makes a fetch panic with the values that hold
// the credentials. Bubble Tea recovers the panic, prints it and a stack
// trace to stdout and stderr, and ends the program; none of that output may
// show the canary. (The model has no recovery of its own: a panicking
// command ends the dashboard.) The program runs in a child process, since
// Bubble Tea prints after Run has returned and the output must be whole.
func TestCanaryNotInPanicOutput(t *testing.T) {
	if os.Getenv(panicChildEnv) == "1" {
		panicChild()
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestCanaryNotInPanicOutput$", "-test.count=1")
	cmd.Env = append(os.Environ(), panicChildEnv+"=1")
	outb, _ := cmd.CombinedOutput()
	out := string(outb)
	if !strings.Contains(out, "Caught goroutine panic") || !strings.Contains(out, "PrintStack") {
		t.Fatalf("the child did not print a recovered panic and its stack; output:\n%s", out)
	}
	if !strings.Contains(out, "ErrProgramPanic") {
		t.Fatalf("the child program did not end with tea.ErrProgramPanic; output:\n%s", out)
	}
	if f := findCanary(out); f != "" {
		t.Errorf("panic output shows the canary (%q):\n%s", f, out)
	}
}

const panicChildEnv = "STRATOP_CANARY_PANIC_CHILD"

// panicChild runs the panicking program, waits for Bubble Tea to finish
// printing, and reports how it ended.
func panicChild() {
	srv := httptest.NewServer(&echoServer{})
	defer srv.Close()
	c, err := api.New(srv.URL, api.WithRetries(0), api.WithCredentials(canary))
	if err != nil {
		panic(err)
	}
	_, apiErr := c.ListUsers(context.Background())
	var screen bytes.Buffer
	p := tea.NewProgram(panicky{client: c, err: apiErr}, tea.WithInput(nil), tea.WithOutput(&screen), tea.WithoutSignals())
	_, runErr := p.Run()
	time.Sleep(500 * time.Millisecond) // the recovering goroutine prints after Run returns
	fmt.Printf("screen: %q\n", screen.String())
	if errors.Is(runErr, tea.ErrProgramPanic) {
		fmt.Println("run ended with ErrProgramPanic")
	}
}

// panicky is a program whose first command panics with the client, its
// credentials and an error it returned, as a careless fmt.Sprint would.
type panicky struct {
	client *api.Client
	err    error
}

func (p panicky) Init() tea.Cmd {
	return func() tea.Msg {
		panic(fmt.Sprintf("fetch failed: client=%v creds=%+v err=%v", p.client, canary, p.err))
	}
}

func (p panicky) Update(tea.Msg) (tea.Model, tea.Cmd) { return p, nil }
func (p panicky) View() string                        { return "…" }
