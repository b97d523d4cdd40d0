package alert

// An outbox is one sink's queue on disk: one file per message, named by
// its sequence number, delivered oldest first and removed only after the
// sink took it. It holds at most MaxOutbox messages; past that new
// messages are counted, not stored, and once the sink has taken the queue
// one message says how many were dropped.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// MaxOutbox is how many messages wait for one sink before new ones are
// dropped (and counted).
const MaxOutbox = 1000

type outbox struct {
	dir string
	max int

	mu      sync.Mutex
	seqs    []uint64        // queued, oldest first
	ids     map[string]bool // message ids queued
	next    uint64
	dropped int
	wake    chan struct{}
}

func openOutbox(dir string, max int) (*outbox, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	o := &outbox{dir: dir, max: max, ids: map[string]bool{}, next: 1, wake: make(chan struct{}, 1)}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range ents {
		name, ok := strings.CutSuffix(e.Name(), ".json")
		if !ok || strings.HasPrefix(name, ".") {
			continue
		}
		seq, err := strconv.ParseUint(name, 10, 64)
		if err != nil {
			continue
		}
		m, err := o.read(seq)
		if err != nil { // a torn file cannot be: writes are atomic
			return nil, err
		}
		o.seqs = append(o.seqs, seq)
		o.ids[m.ID] = true
		o.next = max64(o.next, seq+1)
	}
	sort.Slice(o.seqs, func(i, j int) bool { return o.seqs[i] < o.seqs[j] })
	var d struct{ Dropped int }
	if err := readJSON(filepath.Join(dir, "dropped"), &d); err != nil {
		return nil, err
	}
	o.dropped = d.Dropped
	return o, nil
}

func max64(a, b uint64) uint64 {
	if a > b {
		return a
	}
	return b
}

func (o *outbox) file(seq uint64) string { return filepath.Join(o.dir, fmt.Sprintf("%012d.json", seq)) }

func (o *outbox) read(seq uint64) (Message, error) {
	var m Message
	data, err := os.ReadFile(o.file(seq))
	if err != nil {
		return m, err
	}
	return m, json.Unmarshal(data, &m)
}

// put queues m unless a message with its id is queued already. It reports
// false when the outbox is full and m was dropped.
func (o *outbox) put(m Message) (bool, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.ids[m.ID] {
		return true, nil
	}
	if len(o.seqs) >= o.max {
		o.dropped++
		return false, writeJSON(filepath.Join(o.dir, "dropped"), struct{ Dropped int }{o.dropped})
	}
	if err := writeJSON(o.file(o.next), m); err != nil {
		return false, err
	}
	o.seqs = append(o.seqs, o.next)
	o.ids[m.ID] = true
	o.next++
	select {
	case o.wake <- struct{}{}:
	default:
	}
	return true, nil
}

// head returns the oldest queued message.
func (o *outbox) head() (Message, uint64, bool, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.seqs) == 0 {
		return Message{}, 0, false, nil
	}
	m, err := o.read(o.seqs[0])
	return m, o.seqs[0], true, err
}

// done removes the delivered message seq.
func (o *outbox) done(seq uint64, id string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.seqs) == 0 || o.seqs[0] != seq {
		return nil
	}
	if err := os.Remove(o.file(seq)); err != nil && !os.IsNotExist(err) {
		return err
	}
	o.seqs = o.seqs[1:]
	delete(o.ids, id)
	return nil
}

// takeDropped returns how many were dropped once the queue is empty, and
// resets the count.
func (o *outbox) takeDropped() (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.seqs) > 0 || o.dropped == 0 {
		return 0, nil
	}
	n := o.dropped
	o.dropped = 0
	return n, os.Remove(filepath.Join(o.dir, "dropped"))
}

func (o *outbox) depth() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.seqs)
}
