package watch

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"regexp"
	"strings"
	"time"

	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/watch"
)

// execRunner runs --exec once per event, sequentially, with the event as
// JSON on stdin and a timeout. A failure is reported on stderr and the
// watch goes on.
type execRunner struct {
	cmd     string
	timeout time.Duration
	errOut  io.Writer
	env     []string // the command's whole environment (cli.HookEnv)
}

// envName is what --exec-env takes: the name of a variable.
var envName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// sinkVariables are the variables the settings file's sinks name (url_env,
// secret_env): they hold sink tokens under names that need not say so. A
// settings file that does not load withholds none of them here; every
// command that uses it says what is wrong with it.
func sinkVariables(fac *factory.Factory) []string {
	cfg, err := fac.Settings()
	if err != nil {
		return nil
	}
	var names []string
	for _, s := range cfg.Sinks() {
		for _, n := range []string{s.URLEnv, s.SecretEnv} {
			if n != "" {
				names = append(names, n)
			}
		}
	}
	return names
}

func (x *execRunner) run(ctx context.Context, ev watch.Event) {
	if x.cmd == "" {
		return
	}
	b, err := json.Marshal(ev)
	if err != nil {
		return
	}
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), x.timeout)
	defer cancel()
	c := exec.CommandContext(cctx, "/bin/sh", "-c", x.cmd)
	// Never nil: a nil Env would hand the command this process's whole
	// environment, credentials included.
	c.Env = append([]string{}, x.env...)
	c.Stdin = bytes.NewReader(append(b, '\n'))
	var out bytes.Buffer
	c.Stdout, c.Stderr = &out, &out
	c.WaitDelay = time.Second
	err = c.Run()
	if cctx.Err() == context.DeadlineExceeded {
		fmt.Fprintf(x.errOut, "watch: --exec for event %s (%s) stopped after %s\n", text.Clean(ev.ID), ev.Kind, x.timeout)
		return
	}
	if err != nil {
		fmt.Fprintf(x.errOut, "watch: --exec for event %s (%s) failed: %s%s\n", text.Clean(ev.ID), ev.Kind, text.Clean(err.Error()), tail(out.Bytes()))
	}
}

// tail is the end of a failed command's output, for the report: cleaned
// whole before it is cut, so a cut cannot leave half an escape sequence.
func tail(b []byte) string {
	s := strings.TrimSpace(text.Clean(string(b)))
	if r := []rune(s); len(r) > 200 {
		s = text.Ellipsis + string(r[len(r)-200:])
	}
	if s == "" {
		return ""
	}
	return ": " + s
}
