package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/testkit"
)

var listenLine = regexp.MustCompile(`listening on (http://127\.0\.0\.1:\d+)`)

// startSandboxCmd runs `stratop sandbox args...` until the returned cancel
// is called, and returns its base URL and output.
func startSandboxCmd(t *testing.T, args ...string) (string, *testkit.Buffer, func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := NewCmd()
	out := &testkit.Buffer{}
	cmd.SetOut(out)
	cmd.SetErr(out)
	cmd.SetArgs(append([]string{"--addr", "127.0.0.1:0", "--tick", "0", "--users", "3", "--strategies", "12"}, args...))
	done := make(chan error, 1)
	go func() { done <- cmd.ExecuteContext(ctx) }()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if m := listenLine.FindStringSubmatch(out.String()); m != nil {
			stop := func() error { cancel(); return <-done }
			return m[1], out, stop
		}
		select {
		case err := <-done:
			cancel()
			t.Fatalf("sandbox exited early: %v\n%s", err, out)
		default:
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("no banner:\n%s", out)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestSandboxCmd_AnswersTheIssuesCurlAndStopsCleanly(t *testing.T) {
	base, out, stop := startSandboxCmd(t)
	req, _ := http.NewRequest(http.MethodGet, base+"/api/v1/strategies", nil)
	req.Header.Set("X-API-Key", "demo-key")
	req.Header.Set("X-API-Secret", "demo-secret")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("curl: %d", resp.StatusCode)
	}
	if err := stop(); err != nil {
		t.Fatalf("stop: %v", err)
	}
	text := out.String()
	for _, want := range []string{"API key:    demo-key", "demo-secret", "curl -H 'X-API-Key: demo-key'", "sandbox stopped"} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
}

func TestSandboxCmd_NeverPrintsACustomSecret(t *testing.T) {
	base, out, stop := startSandboxCmd(t, "--api-key", "partner-key", "--api-secret", "s3cr3t-value-123", "--no-2fa")
	req, _ := http.NewRequest(http.MethodGet, base+"/api/v1/strategies", nil)
	req.Header.Set("X-API-Key", "partner-key")
	req.Header.Set("X-API-Secret", "s3cr3t-value-123")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("custom credentials refused: %d", resp.StatusCode)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if text := out.String(); strings.Contains(text, "s3cr3t-value-123") || !strings.Contains(text, "not shown") || !strings.Contains(text, "two-factor off") {
		t.Fatalf("banner:\n%s", text)
	}
}

func TestSandboxCmd_RefusesNonsenseFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--fail-rate", "1.5"}, {"--users", "0", "--strategies", "5"}, {"--tick", "-1s"}, {"--api-secret", ""}, {"extra-arg"},
	} {
		cmd := NewCmd()
		cmd.SetOut(&bytes.Buffer{})
		cmd.SetErr(&bytes.Buffer{})
		cmd.SetArgs(append([]string{"--addr", "127.0.0.1:0"}, args...))
		if err := cmd.ExecuteContext(context.Background()); err == nil {
			t.Errorf("sandbox %v was accepted", args)
		}
	}
}

func TestSandboxCmd_LoopbackDetection(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:8787": true, "localhost:1": true, "[::1]:8787": true,
		"0.0.0.0:8787": false, ":8787": false, "192.168.1.10:80": false, "example.com:80": false,
	} {
		if got := loopbackAddr(addr); got != want {
			t.Errorf("loopbackAddr(%q) = %v, want %v", addr, got, want)
		}
	}
}

func TestSandboxCmd_OpenAPIPrintsTheDescription(t *testing.T) {
	cmd := NewCmd()
	var out, errOut bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&errOut)
	cmd.SetArgs([]string{"--openapi"})
	if err := cmd.ExecuteContext(context.Background()); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), api.OpenAPI()) || errOut.Len() != 0 {
		t.Fatalf("stdout %d bytes (want the %d of api.OpenAPI), stderr %q", out.Len(), len(api.OpenAPI()), errOut.String())
	}
}

func TestSandboxCmd_ServesTheDescriptionWithoutCredentials(t *testing.T) {
	base, out, stop := startSandboxCmd(t)
	defer func() { _ = stop() }()
	resp, err := http.Get(base + "/api/v1/openapi.json") // curl http://127.0.0.1:8787/api/v1/openapi.json
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /api/v1/openapi.json: %d, %d bytes", resp.StatusCode, len(body))
	}
	// The served servers entry names the address listened on (--addr
	// 127.0.0.1:0 here); everything else is the description as built in.
	if got := serversOf(t, body); got != base+"/api/v1" {
		t.Errorf("served servers url %q, want %q", got, base+"/api/v1")
	}
	if !bytes.Equal(withoutServers(t, body), withoutServers(t, api.OpenAPI())) {
		t.Error("the served description differs from api.OpenAPI beyond its servers entry")
	}
	if !strings.Contains(out.String(), "curl "+base+"/api/v1/openapi.json") {
		t.Errorf("the banner does not show the description's address:\n%s", out)
	}
}

func TestSandboxCmd_OpenAPIFollowsAddr(t *testing.T) {
	cmd := NewCmd()
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&bytes.Buffer{})
	cmd.SetArgs([]string{"--openapi", "--addr", "10.1.2.3:9000"})
	if err := cmd.ExecuteContext(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := serversOf(t, out.Bytes()); got != "http://10.1.2.3:9000/api/v1" {
		t.Errorf("--openapi --addr 10.1.2.3:9000 names %q", got)
	}
}

// serversOf is the first servers url of a description.
func serversOf(t *testing.T, doc []byte) string {
	t.Helper()
	var d struct {
		Servers []struct {
			URL string `json:"url"`
		} `json:"servers"`
	}
	if err := json.Unmarshal(doc, &d); err != nil || len(d.Servers) == 0 {
		t.Fatalf("no servers in the description: %v", err)
	}
	return d.Servers[0].URL
}

// withoutServers is a description re-encoded without its servers entry.
func withoutServers(t *testing.T, doc []byte) []byte {
	t.Helper()
	var d map[string]any
	if err := json.Unmarshal(doc, &d); err != nil {
		t.Fatal(err)
	}
	delete(d, "servers")
	b, _ := json.Marshal(d)
	return b
}
