// Package amtest runs real Alertmanagers (Debian's prometheus-alertmanager)
// on loopback for tests, each with a webhook receiver that records every
// notification. A test that needs one skips when the binary is absent,
// and fails instead when EnvRequire is set (CI sets it).
package amtest

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// EnvRequire makes a missing Alertmanager binary a failure.
const EnvRequire = "STRATOP_TEST_ALERTMANAGER"

// Binaries are the names the Alertmanager binary goes by (Debian's first).
var Binaries = []string{"prometheus-alertmanager", "alertmanager"}

// Binary returns the Alertmanager binary, or skips (fails under
// EnvRequire) when there is none.
func Binary(t testing.TB) string {
	t.Helper()
	for _, name := range Binaries {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv(EnvRequire) != "" {
		t.Fatalf("%s is set and no Alertmanager binary (%s) is on PATH: install the Debian package prometheus-alertmanager",
			EnvRequire, strings.Join(Binaries, ", "))
	}
	t.Skipf("no Alertmanager binary (%s); set %s to make this a failure", strings.Join(Binaries, ", "), EnvRequire)
	return ""
}

// Notification is one webhook call of Alertmanager.
type Notification struct {
	Status string  `json:"status"`
	Alerts []Alert `json:"alerts"`
}

// Alert is one alert inside a notification.
type Alert struct {
	Status       string            `json:"status"`
	Labels       map[string]string `json:"labels"`
	Annotations  map[string]string `json:"annotations"`
	StartsAt     time.Time         `json:"startsAt"`
	EndsAt       time.Time         `json:"endsAt"`
	GeneratorURL string            `json:"generatorURL"`
}

// Receiver records the notifications of every Alertmanager it serves.
type Receiver struct {
	URL string
	mu  sync.Mutex
	got []Notification
}

// NewReceiver starts a loopback webhook receiver.
func NewReceiver(t testing.TB) *Receiver {
	r := &Receiver{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		var n Notification
		if err := json.Unmarshal(body, &n); err != nil {
			http.Error(w, "bad json", http.StatusBadRequest)
			return
		}
		r.mu.Lock()
		r.got = append(r.got, n)
		r.mu.Unlock()
	}))
	t.Cleanup(srv.Close)
	r.URL = srv.URL
	return r
}

// Got returns the notifications so far.
func (r *Receiver) Got() []Notification {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Notification(nil), r.got...)
}

// Firing returns the firing alerts notified, one entry per notification
// and alert.
func (r *Receiver) Firing() []Alert {
	var out []Alert
	for _, n := range r.Got() {
		for _, a := range n.Alerts {
			if a.Status == "firing" {
				out = append(out, a)
			}
		}
	}
	return out
}

// Resolved returns the resolved alerts notified.
func (r *Receiver) Resolved() []Alert {
	var out []Alert
	for _, n := range r.Got() {
		for _, a := range n.Alerts {
			if a.Status == "resolved" {
				out = append(out, a)
			}
		}
	}
	return out
}

// Instance is one running Alertmanager.
type Instance struct {
	URL     string // http://127.0.0.1:port
	Cluster string // its cluster address, "" when alone
	cmd     *exec.Cmd
	done    chan struct{}
	log     *strings.Builder
	logMu   *sync.Mutex
}

// Options of a test Alertmanager.
type Options struct {
	Receiver *Receiver
	Peers    []string // cluster addresses of the others; nil and Cluster false: no cluster
	Cluster  bool
}

// config routes every alert to the receiver, one group per label set,
// quickly: a test sees a notification within seconds, a resolved one too.
const config = `route:
  receiver: hook
  group_by: ['...']
  group_wait: 1s
  group_interval: 2s
  repeat_interval: 4h
receivers:
  - name: hook
    webhook_configs:
      - url: %q
        send_resolved: true
`

func freePort(t testing.TB) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// Start runs an Alertmanager on loopback until the test ends.
func Start(t testing.TB, o Options) *Instance {
	t.Helper()
	bin := Binary(t)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "alertmanager.yml")
	if err := os.WriteFile(cfg, fmt.Appendf(nil, config, o.Receiver.URL+"/hook"), 0o600); err != nil {
		t.Fatal(err)
	}
	web := freePort(t)
	in := &Instance{URL: "http://" + web, done: make(chan struct{}), log: &strings.Builder{}, logMu: &sync.Mutex{}}
	args := []string{"--config.file=" + cfg, "--storage.path=" + filepath.Join(dir, "data"),
		"--web.listen-address=" + web, "--log.level=warn"}
	if o.Cluster || len(o.Peers) > 0 {
		in.Cluster = freePort(t)
		args = append(args, "--cluster.listen-address="+in.Cluster, "--cluster.advertise-address="+in.Cluster,
			"--cluster.peer-timeout=2s", "--cluster.gossip-interval=100ms", "--cluster.pushpull-interval=2s")
		for _, p := range o.Peers {
			args = append(args, "--cluster.peer="+p)
		}
	} else {
		args = append(args, "--cluster.listen-address=")
	}
	in.cmd = exec.Command(bin, args...)
	in.cmd.Stdout, in.cmd.Stderr = (*syncWriter)(in), (*syncWriter)(in)
	if err := in.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { _ = in.cmd.Wait(); close(in.done) }()
	t.Cleanup(in.Kill)
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := http.Get(in.URL + "/-/ready")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				break
			}
		}
		select {
		case <-in.done:
			t.Fatalf("alertmanager ended: %s", in.Log())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("alertmanager not ready after 30s: %s", in.Log())
		}
		time.Sleep(50 * time.Millisecond)
	}
	return in
}

type syncWriter Instance

func (w *syncWriter) Write(p []byte) (int, error) {
	w.logMu.Lock()
	defer w.logMu.Unlock()
	return w.log.Write(p)
}

// Log is what the Alertmanager printed.
func (in *Instance) Log() string {
	in.logMu.Lock()
	defer in.logMu.Unlock()
	return in.log.String()
}

// Kill ends it with SIGKILL and waits.
func (in *Instance) Kill() {
	if in.cmd.Process != nil {
		_ = in.cmd.Process.Kill()
	}
	<-in.done
}

// Alerts returns the alerts this Alertmanager holds (active, silenced
// and inhibited; not the resolved).
func (in *Instance) Alerts(t testing.TB) []struct {
	Labels map[string]string `json:"labels"`
	Status struct {
		State      string   `json:"state"`
		SilencedBy []string `json:"silencedBy"`
	} `json:"status"`
} {
	t.Helper()
	var out []struct {
		Labels map[string]string `json:"labels"`
		Status struct {
			State      string   `json:"state"`
			SilencedBy []string `json:"silencedBy"`
		} `json:"status"`
	}
	resp, err := http.Get(in.URL + "/api/v2/alerts")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}
