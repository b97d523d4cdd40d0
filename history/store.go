package history

// The history file: one JSON document per integration (integration.Dir.History), replaced atomically
// (temporary file, fsync, rename, fsync of the directory) so a crash leaves
// the old file or the new one. Points are arrays, not objects, so a week of
// three tiers stays a few hundred kilobytes.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"github.com/stratop/stratop/internal/atomicfile"
)

// SaveEvery is how often a history that changed is written: a crash loses
// at most this much, and a poll every few seconds costs no disk write.
const SaveEvery = time.Minute

const version = 1

// FileError is a history file that could not be read, decoded or written.
type FileError struct {
	Path string
	Op   string // "read", "decode" or "write"
	Err  error
}

func (e *FileError) Error() string {
	return fmt.Sprintf("history %s %s: %v", e.Op, e.Path, e.Err)
}

func (e *FileError) Unwrap() error { return e.Err }

type fileTier struct {
	Step   int64     `json:"step"`
	Points [][]int64 `json:"points"` // start, users, reads, errors, latSumMs, latMaxMs, goodReads, counts...
}

type fileDoc struct {
	Version int        `json:"version"`
	Start   time.Time  `json:"start"`
	Tiers   []fileTier `json:"tiers"`
	Prices  []filePool `json:"prices,omitempty"` // read only: Encode appends them itself
}

const pointFields = 7 + 4

// Encode writes h as the history file's JSON.
func Encode(w io.Writer, h *History) error {
	doc := fileDoc{Version: version, Start: h.start}
	for _, r := range h.tiers {
		ft := fileTier{Step: r.step, Points: make([][]int64, 0, r.len())}
		row := make([]int64, r.len()*pointFields)
		for i := 0; i < r.len(); i++ {
			p := r.at(i)
			v := row[i*pointFields : (i+1)*pointFields : (i+1)*pointFields]
			v[0], v[1], v[2], v[3] = p.Start, int64(p.Users), int64(p.Reads), int64(p.Errors)
			v[4], v[5], v[6] = int64(p.LatSumMs), int64(p.LatMaxMs), int64(p.GoodReads)
			for j, c := range p.Counts {
				v[7+j] = int64(c)
			}
			ft.Points = append(ft.Points, v)
		}
		doc.Tiers = append(doc.Tiers, ft)
	}
	b, err := json.Marshal(doc)
	if err != nil {
		return err
	}
	if len(h.prices) > 0 {
		b = appendPrices(append(b[:len(b)-1], `,"prices":`...), h)
		b = append(b, '}')
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// Decode reads a history file. Tiers whose step is not one of Tiers are
// skipped, each tier keeps at most its newest Keep points (the file is
// read up to 64 MB), and points out of
// time order are dropped: a damaged or older file degrades, it never grows
// the history past its bounds.
func Decode(r io.Reader) (*History, error) {
	var doc fileDoc
	if err := json.NewDecoder(io.LimitReader(r, 64<<20)).Decode(&doc); err != nil {
		return nil, err
	}
	if doc.Version != version {
		return nil, fmt.Errorf("version %d, this stratop reads %d", doc.Version, version)
	}
	h := New()
	h.start = doc.Start
	for _, ft := range doc.Tiers {
		for _, ring := range h.tiers {
			if ring.step != ft.Step {
				continue
			}
			for _, v := range ft.Points { // the ring drops the oldest past its bound
				if len(v) != pointFields {
					continue
				}
				if l := ring.last(); l != nil && v[0] <= l.Start {
					continue
				}
				p := ring.bucket(v[0])
				p.Users, p.Reads, p.Errors = int32(v[1]), int32(v[2]), int32(v[3])
				p.LatSumMs, p.LatMaxMs, p.GoodReads = int32(v[4]), int32(v[5]), int32(v[6])
				for j := range p.Counts {
					p.Counts[j] = int32(v[7+j])
				}
			}
		}
	}
	decodePrices(h, doc.Prices)
	return h, nil
}

// Load reads the history at path. A file that does not exist is an empty
// history and no error; one that cannot be read or decoded is an empty
// history and a *FileError, so the caller can say so and go on.
func Load(path string) (*History, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return New(), nil
	}
	if err != nil {
		return New(), &FileError{Path: path, Op: "read", Err: err}
	}
	defer f.Close()
	h, err := Decode(f)
	if err != nil {
		return New(), &FileError{Path: path, Op: "decode", Err: err}
	}
	// The file read, by its open handle: if another writer replaced the
	// path meanwhile, the stamp is the old file's and will not match.
	if fi, err := f.Stat(); err == nil {
		h.stamp = fi
	}
	return h, nil
}

// Save replaces the file at path with h, atomically, mode 0600 in a 0700
// directory, under the lock SaveSamples takes. It drops what other writers
// wrote: a writer that shares the file uses SaveSamples.
func Save(path string, h *History) error {
	err := withLock(path, func() error {
		return atomicfile.WriteFunc(path, func(w io.Writer) error { return Encode(w, h) })
	})
	if err != nil {
		return &FileError{Path: path, Op: "write", Err: err}
	}
	return nil
}
