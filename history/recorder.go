package history

import "time"

// maxUnsaved bounds the samples a writer holds while its writes fail (a
// full disk): an hour of one sample every 5 s, the oldest going first. A
// sample may carry a few hundred pools' prices, so a day would be far
// more memory than the history it is for.
const maxUnsaved = 720

// Recorder is a history bound to its file for a writer that owns its own
// goroutine (the watch engine's OnSample in `stratop serve` and `stratop
// watch`): Add keeps each sample and adds the ones not yet written to the
// file at most every SaveEvery (see SaveSamples: other writers' samples are
// kept); Close writes what is left.
type Recorder struct {
	path    string
	h       *History
	unsaved []Sample
	saved   time.Time
	every   time.Duration
}

// Open loads the history at path (see Load: a damaged file gives an empty
// history and the error) and returns its recorder.
func Open(path string) (*Recorder, error) {
	h, err := Load(path)
	return &Recorder{path: path, h: h, every: SaveEvery}, err
}

// History is the recorder's history: the file as of the last write and the
// samples since. Read it on the recorder's goroutine.
func (r *Recorder) History() *History { return r.h }

// Add records s and writes the file when SaveEvery has passed since the
// last write (the first write comes one SaveEvery after Open).
func (r *Recorder) Add(s Sample) error {
	if s.Time.IsZero() {
		return nil
	}
	r.h.Add(s)
	r.unsaved = KeepUnsaved(r.unsaved, s)
	if r.saved.IsZero() {
		r.saved = s.Time
	}
	if s.Time.Sub(r.saved) < r.every {
		return nil
	}
	return r.flush(s.Time)
}

// Close writes the samples not yet written.
func (r *Recorder) Close() error { return r.flush(time.Now()) }

func (r *Recorder) flush(now time.Time) error {
	if len(r.unsaved) == 0 {
		return nil
	}
	merged, err := SaveSamples(r.path, r.unsaved, r.h)
	if err != nil {
		r.saved = now // tried: the next try is a SaveEvery later, not at every sample
		return err
	}
	r.h.Replace(merged)
	r.unsaved = r.unsaved[:0]
	r.saved = now
	return nil
}

// KeepUnsaved appends s to a writer's unsaved samples, dropping the oldest
// past maxUnsaved.
func KeepUnsaved(unsaved []Sample, s Sample) []Sample {
	if len(unsaved) >= maxUnsaved {
		unsaved = append(unsaved[:0], unsaved[len(unsaved)-maxUnsaved+1:]...)
	}
	return append(unsaved, s)
}
