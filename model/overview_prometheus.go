package model

// The Overview's trends from Prometheus ([team] prometheus): what every
// serve of the integration exposes, the same for every operator. When it
// cannot be read the local file is drawn, and the Overview says why.

import (
	"context"
	"time"

	"github.com/stratop/stratop/history"
	"github.com/stratop/stratop/internal/text"
)

// promTimeout bounds the reading of Prometheus before falling back.
const promTimeout = 10 * time.Second

// WithPrometheus reads the Overview's trends from the Prometheus at url
// ("": from the history file).
func WithPrometheus(url string) Option { return func(e *env) { e.prometheus = url } }

// sharedHistory is the message of a read of Prometheus, or of the file
// (with a note) when Prometheus does not answer.
func sharedHistory(url, integration, path string, session uint64) historyLoadedMsg {
	ctx, cancel := context.WithTimeout(context.Background(), promTimeout)
	defer cancel()
	h, err := history.FromPrometheus(ctx, history.PromOptions{URL: url, Integration: integration})
	if err == nil {
		return historyLoadedMsg{session: session, h: h, shared: true}
	}
	msg := historyLoadedMsg{session: session, note: "Prometheus not read (" + text.Clean(err.Error()) + "): local history"}
	if path == "" {
		msg.h = history.New()
		return msg
	}
	msg.h, msg.err = history.Load(path)
	return msg
}
