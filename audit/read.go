package audit

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"time"
)

// Record is one action as the log tells it: the intent line with the
// outcome of its outcome line. An intent without an outcome line (the
// program was killed, the machine crashed, or the action is still in
// flight) reads as OutcomeUnknown with Finished zero.
type Record struct {
	Entry
	// Finished is the time of the outcome line; zero when there was none.
	Finished time.Time `json:"finished,omitzero"`
	// Pending says no outcome line was found.
	Pending bool `json:"pending,omitempty"`
	// WriterGone says, of a pending record, that the program that wrote
	// the intent no longer runs (WriterAlive): no outcome is coming.
	WriterGone bool `json:"writerGone,omitempty"`
}

// answerWindow is how long an intent written without a Deadline (by an
// older version) may wait for its outcome.
const answerWindow = 30 * time.Second

// InFlight reports whether a record without an outcome may still get one
// at now: its writer still runs and its deadline has not passed. Only
// then is "no outcome yet" not "outcome unknown".
func (r Record) InFlight(now time.Time) bool {
	if !r.Pending || r.WriterGone {
		return false
	}
	deadline := r.Deadline
	if deadline.IsZero() {
		deadline = r.Time.Add(answerWindow)
	}
	return now.Before(deadline)
}

// CheckWriters sets WriterGone on the pending records of the log at path
// whose writer no longer runs. Read does it; a reader holding records
// from an earlier Read calls it again to learn of writers gone since.
func CheckWriters(path string, recs []Record) {
	for i := range recs {
		if recs[i].Pending && !recs[i].WriterGone {
			recs[i].WriterGone = !WriterAlive(path, recs[i].Writer)
		}
	}
}

// maxLine bounds one line of the log; a longer one is skipped, not fatal.
const maxLine = 1 << 20

// Read returns the actions of the log at path and its previous file,
// oldest first, whose intent is at or after since (the zero time for all).
// Lines are paired by Seq. A line that is not JSON (cut by a crash mid-write)
// is skipped. A missing log is no actions, not an error.
func Read(path string, since time.Time) ([]Record, error) {
	byseq := map[string]int{}
	var recs []Record
	for _, p := range []string{PreviousPath(path), path} {
		if err := readFile(p, func(e Entry) {
			i, seen := byseq[e.Seq]
			switch {
			case !seen:
				r := Record{Entry: e}
				if e.Outcome == OutcomeNone {
					r.Outcome, r.Pending = OutcomeUnknown, true
				} else {
					// The intent went with a rotated-away file.
					r.Finished = e.Time
				}
				byseq[e.Seq] = len(recs)
				recs = append(recs, r)
			case e.Outcome != OutcomeNone:
				r := &recs[i]
				r.Outcome, r.Error, r.Finished, r.Pending = e.Outcome, e.Error, e.Time, false
			}
		}); err != nil {
			return nil, err
		}
	}
	out := recs[:0]
	for _, r := range recs {
		if !r.Time.Before(since) {
			out = append(out, r)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Time.Before(out[j].Time) })
	CheckWriters(path, out)
	return out, nil
}

// readFile calls fn for each well-formed line of one file.
func readFile(path string, fn func(Entry)) error {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	defer func() { _ = f.Close() }()
	r := bufio.NewReaderSize(f, 64<<10)
	for {
		line, err := readLine(r)
		if len(line) > 0 {
			var e Entry
			if json.Unmarshal(line, &e) == nil && e.Seq != "" {
				fn(e)
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("audit log: %w", err)
		}
	}
}

// readLine reads one line, dropping (but consuming) lines over maxLine.
func readLine(r *bufio.Reader) ([]byte, error) {
	var buf []byte
	long := false
	for {
		chunk, err := r.ReadSlice('\n')
		if !long {
			buf = append(buf, chunk...)
			if len(buf) > maxLine {
				buf, long = nil, true
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		return buf, err
	}
}
