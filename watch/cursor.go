package watch

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/stratop/stratop/internal/atomicfile"
)

// The cursor is the engine's last-known state, one file per integration and
// scope: <integration's directory>/watch/<scope>.json, 0600 in a 0700
// directory (it names users). It is replaced whole (temporary file,
// fsync, rename, fsync of the directory), so a crash leaves the previous
// cursor or the new one. The engine saves it, with the cycle's events as
// its outbox, before the first of them is handed to Emit, and again once
// all were: a start that finds an outbox emits it again, same ids, and goes
// on from the state those events lead to. Saving after emitting would let a
// crash in between leave a cursor behind the events already out, and the
// restart, reading a world that moved on since, would report the same
// change again as another one (active -> paused after active -> suspended),
// or never report the change back.

const cursorVersion = 1

// cursorFile is the cursor as written. Rows are arrays, not objects, so
// 100,000 strategies take about 4 MB.
type cursorFile struct {
	Version     int                  `json:"version"`
	Host        string               `json:"host"`
	Scope       string               `json:"scope"`
	MaxID       int64                `json:"maxId"`
	HasMaxID    bool                 `json:"hasMaxId"`
	MaxUserID   int64                `json:"maxUserId"`
	HasUsers    bool                 `json:"hasUsers"`
	Users       int                  `json:"users"`
	Counts      map[string]countSeen `json:"counts"`
	ConnSeq     uint32               `json:"connSeq"`
	Baselined   bool                 `json:"baselined"`
	SweepPage   int                  `json:"sweepPage"`
	SweepLast   int64                `json:"sweepLast"`
	UserDone    []string             `json:"userDone,omitempty"`
	Outbox      []Event              `json:"outbox,omitempty"`
	AuditOffset int64                `json:"auditOffset"`
	AuditSet    bool                 `json:"auditSet"`
	Strings     []string             `json:"strings"`
	// Rows: id, status, category, type, user, pool (string indexes),
	// chain, change sequence.
	Rows [][8]int64 `json:"rows"`
}

// CursorPath is where an engine with these options keeps its cursor; empty
// without a cursor directory.
func CursorPath(opts Options) string {
	if opts.CursorDir == "" {
		return ""
	}
	return filepath.Join(opts.CursorDir, opts.Scope.key()+".json")
}

// encode turns the state into its file form.
func (s *state) encode(host, scope string) cursorFile {
	f := cursorFile{Version: cursorVersion, Host: host, Scope: scope, MaxID: s.maxID, HasMaxID: s.hasMaxID,
		MaxUserID: s.maxUserID, HasUsers: s.hasUsers, Users: s.users, Counts: s.counts, ConnSeq: s.connSeq,
		Baselined: s.baselined, SweepPage: s.sweepPage, SweepLast: s.sweepLast, Strings: s.strs,
		AuditOffset: s.auditOffset, AuditSet: s.auditSet, Outbox: s.outbox,
		Rows: make([][8]int64, 0, len(s.rows))}
	for u, done := range s.userDone {
		if done {
			f.UserDone = append(f.UserDone, u)
		}
	}
	for id, r := range s.rows {
		f.Rows = append(f.Rows, [8]int64{id, int64(r.status), int64(r.category), int64(r.typ), int64(r.user), int64(r.pool), r.chain, int64(r.seq)})
	}
	return f
}

// decode restores a state from its file form; a row naming a text that is
// not there makes the cursor unusable.
func decodeState(f cursorFile) (*state, error) {
	s := newState()
	s.strs = s.strs[:0]
	clear(s.strIdx)
	for _, v := range f.Strings {
		s.intern(v)
	}
	if len(s.strs) == 0 {
		s.intern("")
	}
	n := int64(len(s.strs))
	for _, r := range f.Rows {
		for _, i := range r[1:6] {
			if i < 0 || i >= n {
				return nil, errors.New("a row names a text the cursor does not hold")
			}
		}
		s.put(r[0], row{status: uint32(r[1]), category: uint32(r[2]), typ: uint32(r[3]), user: uint32(r[4]), pool: uint32(r[5]), chain: r[6], seq: uint32(r[7])})
	}
	s.maxID, s.hasMaxID, s.maxUserID, s.hasUsers, s.users = f.MaxID, f.HasMaxID, f.MaxUserID, f.HasUsers, f.Users
	if f.Counts != nil {
		s.counts = f.Counts
	}
	s.connSeq, s.baselined, s.sweepPage, s.sweepLast = f.ConnSeq, f.Baselined, max(f.SweepPage, 1), f.SweepLast
	s.auditOffset, s.auditSet = f.AuditOffset, f.AuditSet
	s.outbox = f.Outbox
	for _, u := range f.UserDone {
		s.userDone[u] = true
	}
	s.dirty = false
	return s, nil
}

// loadCursor reads a saved state. A missing file is (nil, nil): start from
// now. A cursor of another host is not used either.
func loadCursor(path, host string) (*state, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var f cursorFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("%s is not a cursor: %w", path, err)
	}
	if f.Version != cursorVersion || f.Host != host {
		return nil, nil
	}
	s, err := decodeState(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// saveCursor writes the state atomically.
func saveCursor(path string, f cursorFile) error {
	b, err := json.Marshal(f)
	if err != nil {
		return err
	}
	return atomicfile.Write(path, b)
}
