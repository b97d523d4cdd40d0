package history

import "time"

// Recorder is a history bound to its file for a writer that owns its own
// goroutine (the watch engine's OnSample, `stratop serve`): Add keeps each
// sample and writes the file at most every SaveEvery; Close writes what is
// left.
type Recorder struct {
	path  string
	h     *History
	saved time.Time
	every time.Duration
}

// Open loads the history at path (see Load: a damaged file gives an empty
// history and the error) and returns its recorder.
func Open(path string) (*Recorder, error) {
	h, err := Load(path)
	return &Recorder{path: path, h: h, every: SaveEvery}, err
}

// History is the recorder's history; read it on the recorder's goroutine.
func (r *Recorder) History() *History { return r.h }

// Add records s and writes the file when SaveEvery has passed since the
// last write (the first write comes one SaveEvery after Open).
func (r *Recorder) Add(s Sample) error {
	r.h.Add(s)
	if r.saved.IsZero() {
		r.saved = s.Time
	}
	if s.Time.Sub(r.saved) < r.every {
		return nil
	}
	return r.flush(s.Time)
}

// Close writes the history if it changed since the last write.
func (r *Recorder) Close() error { return r.flush(time.Now()) }

func (r *Recorder) flush(now time.Time) error {
	if !r.h.Dirty() {
		return nil
	}
	if err := Save(r.path, r.h); err != nil {
		return err
	}
	r.h.MarkSaved()
	r.saved = now
	return nil
}
