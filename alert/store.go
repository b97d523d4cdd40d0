package alert

// The state directory, the integration's (integration.Dir.Alerts()): what serve has
// seen and still holds (engine.json), the open alerts and snoozes that
// `stratop alerts` edits while serve runs (alerts.json, under a lock),
// and one outbox per sink. Every file is replaced atomically: written
// beside, synced, renamed.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/stratop/stratop/internal/atomicfile"
	"github.com/stratop/stratop/internal/filelock"
)

func readJSON(path string, v any) error {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

func writeJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		return err
	}
	return atomicfile.Write(path, data)
}

// Open is an alert that was raised and not acknowledged.
type Open struct {
	ID       string    `json:"id"`
	Rule     string    `json:"rule"`
	Severity string    `json:"severity"`
	Time     time.Time `json:"time"`
	Title    string    `json:"title"`
	Count    int       `json:"count"`
	Snoozed  bool      `json:"snoozed,omitempty"` // raised while its rule was snoozed: not sent
}

// Board is alerts.json: open alerts and snoozed rules.
type Board struct {
	Open    []Open               `json:"open"`
	Snoozed map[string]time.Time `json:"snoozed,omitempty"` // rule -> until
	// Silences are the integration's silences in force on Alertmanager,
	// as serve last read them (each minute): the dashboard shows them
	// without asking Alertmanager itself.
	Silences []SilenceNote `json:"silences,omitempty"`
}

// SilenceNote is one Alertmanager silence as the board keeps it.
type SilenceNote struct {
	Sink      string    `json:"sink"`
	ID        string    `json:"id"`
	Matchers  string    `json:"matchers"` // name=value, ... (the integration's left out)
	CreatedBy string    `json:"createdBy"`
	Comment   string    `json:"comment"`
	EndsAt    time.Time `json:"endsAt"`
}

// maxOpen bounds the board: past it the oldest open alerts are dropped.
const maxOpen = 1000

// Board returns the open alerts and snoozes. Reading creates nothing: an
// integration no serve has run for has no alert directory, and a dashboard
// or `stratop alerts` that only looks leaves none behind.
func (s *Store) Board() (Board, error) {
	var b Board
	if _, err := os.Stat(s.Dir); errors.Is(err, fs.ErrNotExist) {
		return b, nil
	}
	err := s.locked(func() error { return readJSON(s.path("alerts.json"), &b) })
	return b, err
}

// Store is the alert state directory of one integration.
type Store struct{ Dir string }

func (s *Store) path(name string) string { return filepath.Join(s.Dir, name) }

// locked runs fn holding the board's lock, so `stratop alerts ack` and a
// running serve never lose each other's change.
func (s *Store) locked(fn func() error) error {
	return filelock.With(s.path("alerts.lock"), fn)
}

// Update changes the board under its lock.
func (s *Store) Update(fn func(*Board) error) error {
	return s.locked(func() error {
		var b Board
		if err := readJSON(s.path("alerts.json"), &b); err != nil {
			return err
		}
		if err := fn(&b); err != nil {
			return err
		}
		if len(b.Open) > maxOpen {
			b.Open = b.Open[len(b.Open)-maxOpen:]
		}
		return writeJSON(s.path("alerts.json"), b)
	})
}

// ErrNoAlert is an ack of an id that is not open.
var ErrNoAlert = errors.New("no open alert with that id")

// Ack removes the open alert id.
func (s *Store) Ack(id string) error {
	return s.Update(func(b *Board) error {
		for i, o := range b.Open {
			if o.ID == id {
				b.Open = append(b.Open[:i], b.Open[i+1:]...)
				return nil
			}
		}
		return ErrNoAlert
	})
}

// Snooze mutes rule until the time given (a zero time lifts the snooze).
func (s *Store) Snooze(rule string, until time.Time) error {
	return s.Update(func(b *Board) error {
		if b.Snoozed == nil {
			b.Snoozed = map[string]time.Time{}
		}
		if until.IsZero() {
			delete(b.Snoozed, rule)
		} else {
			b.Snoozed[rule] = until
		}
		return nil
	})
}

// SnoozedRules lists the rules snoozed at now, sorted.
func (b Board) SnoozedRules(now time.Time) []string {
	var out []string
	for r, until := range b.Snoozed {
		if now.Before(until) {
			out = append(out, r)
		}
	}
	sort.Strings(out)
	return out
}
