package root

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/watch"
)

// child is `stratop` running as a separate process (the test binary, see
// TestMain), with its output collected as it comes.
type child struct {
	t    *testing.T
	cmd  *exec.Cmd
	out  *lockedBuf
	err  *lockedBuf
	done chan struct{}
	code int
}

type lockedBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuf) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuf) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startChild runs stratop with args; the environment is the test's (the
// cliEnv's credentials and temporary XDG directories).
func startChild(t *testing.T, args ...string) *child {
	t.Helper()
	c := &child{t: t, out: &lockedBuf{}, err: &lockedBuf{}, done: make(chan struct{})}
	c.cmd = exec.Command(os.Args[0], args...)
	c.cmd.Env = append(os.Environ(), "STRATOP_TEST_AS_MAIN=1")
	c.cmd.Stdout, c.cmd.Stderr = c.out, c.err
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		_ = c.cmd.Wait()
		c.code = c.cmd.ProcessState.ExitCode()
		close(c.done)
	}()
	t.Cleanup(func() { c.kill() })
	return c
}

// kill ends the child with SIGKILL and waits for it.
func (c *child) kill() {
	_ = c.cmd.Process.Kill()
	<-c.done
}

// stop ends the child with SIGTERM and returns its exit code.
func (c *child) stop() int {
	_ = c.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-c.done:
	case <-time.After(30 * time.Second):
		c.t.Fatalf("the watcher did not stop on SIGTERM; stderr: %s", c.err.String())
	}
	return c.code
}

// events parses the JSON lines printed so far (a last partial line, left
// by a kill, is not an event).
func parseEvents(t *testing.T, out string) []watch.Event {
	t.Helper()
	var evs []watch.Event
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		var ev watch.Event
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			if !strings.HasSuffix(out, line) { // only the very last line may be cut
				t.Fatalf("not an event: %q", line)
			}
			continue
		}
		evs = append(evs, ev)
	}
	return evs
}

// cursorFile is where the watcher of the whole integration keeps its state
// under the cliEnv's state directory.
func (e *cliEnv) cursorFile() string {
	return filepath.Join(e.integrationDir().Cursors(), "integration.json")
}

// integrationDir is the state directory of the cliEnv's integration (its
// sandbox and key, from the environment).
func (e *cliEnv) integrationDir() integration.Dir {
	e.t.Helper()
	id, err := integration.New(e.srv.URL, canaryKey)
	if err != nil {
		e.t.Fatal(err)
	}
	return integration.DirOf(filepath.Join(e.state, "stratop"), id)
}

// waitUntil polls cond with a generous deadline.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// client is an API client of the cliEnv's sandbox, for changes made behind
// the watcher's back.
func (e *cliEnv) client() *api.Client {
	e.t.Helper()
	c, err := api.New(e.srv.URL, api.WithCredentials(api.Credentials{Key: canaryKey, Secret: canarySecret}), api.WithRetries(0))
	if err != nil {
		e.t.Fatal(err)
	}
	return c
}

// firstStrategy is the first listed strategy with status st.
func firstStrategy(t *testing.T, c *api.Client, st api.Status) api.Strategy {
	t.Helper()
	p, err := c.ListStrategies(context.Background(), api.StrategyFilter{Status: st, PageSize: 1, SortBy: "oldest"})
	if err != nil || len(p.Strategies) == 0 {
		t.Fatalf("no %s strategy: %v", st, err)
	}
	return p.Strategies[0]
}
