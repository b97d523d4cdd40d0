package model

// The order of the command history's appends within this process. Update
// queues each line run, in the order run, and every append command writes
// whatever is queued, under the queue's lock: the lines reach the file in
// the order they were run whichever command's goroutine runs first, and a
// command made by a dashboard since replaced (by a profile switch) still
// writes the lines it queued. A line whose append failed stays queued and
// is written with the next one run.

import "sync"

// historyQueue is one history file's lines run and not yet appended.
type historyQueue struct {
	mu    sync.Mutex
	lines []string
}

// historyQueues holds a queue per file path.
var historyQueues sync.Map // string -> *historyQueue

// queueFor is the queue of the file at path.
func queueFor(path string) *historyQueue {
	q, _ := historyQueues.LoadOrStore(path, &historyQueue{})
	return q.(*historyQueue)
}

// add queues a line run (at most the last maxHistory are kept).
func (q *historyQueue) add(line string) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.lines = append(q.lines, line)
	if n := len(q.lines); n > maxHistory {
		q.lines = append([]string(nil), q.lines[n-maxHistory:]...)
	}
}

// flush appends the queued lines to the file at path; when it fails they
// stay queued.
func (q *historyQueue) flush(path string) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.lines) == 0 {
		return nil
	}
	if err := appendHistory(path, q.lines...); err != nil {
		return err
	}
	q.lines = nil
	return nil
}

// read is the file's lines, then the lines queued for it: the history as
// this process has it, the last maxHistory.
func (q *historyQueue) read(path string) ([]string, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	lines, err := readHistory(path)
	if err != nil {
		return nil, err
	}
	lines = append(lines, q.lines...)
	return lines[max(len(lines)-maxHistory, 0):], nil
}
