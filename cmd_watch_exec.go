package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"time"

	"github.com/stratop/stratop/watch"
)

// execRunner runs --exec once per event, sequentially, with the event as
// JSON on stdin and a timeout. A failure is reported on stderr and the
// watch goes on.
type execRunner struct {
	cmd     string
	timeout time.Duration
	errOut  io.Writer
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
	c.Stdin = bytes.NewReader(append(b, '\n'))
	var out bytes.Buffer
	c.Stdout, c.Stderr = &out, &out
	c.WaitDelay = time.Second
	err = c.Run()
	if cctx.Err() == context.DeadlineExceeded {
		fmt.Fprintf(x.errOut, "watch: --exec for event %s (%s) stopped after %s\n", ev.ID, ev.Kind, x.timeout)
		return
	}
	if err != nil {
		fmt.Fprintf(x.errOut, "watch: --exec for event %s (%s) failed: %v%s\n", ev.ID, ev.Kind, err, tail(out.Bytes()))
	}
}

// tail is the end of a failed command's output, for the report.
func tail(b []byte) string {
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return ""
	}
	if len(b) > 200 {
		b = b[len(b)-200:]
	}
	return ": " + cleanLine(string(b))
}
