package alert

// The ids of events already handled, so a restart never alerts the same
// change twice. An append-only log (one id a line) keeps a write per event
// cheap; it is rewritten, atomically, with the newest MaxSeen ids when it
// has grown to twice that.

import (
	"bufio"
	"errors"
	"os"
	"strings"

	"github.com/stratop/stratop/internal/atomicfile"
)

// MaxSeen is how many event ids are remembered.
const MaxSeen = 20000

type seenLog struct {
	path  string
	max   int
	order []string
	set   map[string]bool
	lines int
	f     *os.File
}

func openSeen(path string, max int) (*seenLog, error) {
	s := &seenLog{path: path, max: max, set: map[string]bool{}}
	f, err := os.Open(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	if err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			id := strings.TrimSpace(sc.Text())
			if id == "" {
				continue
			}
			s.lines++
			if !s.set[id] {
				s.set[id] = true
				s.order = append(s.order, id)
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	s.trim()
	if err := s.compact(); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *seenLog) has(id string) bool { return s.set[id] }

func (s *seenLog) add(id string) error {
	s.set[id] = true
	s.order = append(s.order, id)
	s.lines++
	if s.lines >= 2*s.max {
		s.trim()
		return s.compact()
	}
	_, err := s.f.WriteString(id + "\n")
	return err
}

func (s *seenLog) trim() {
	if over := len(s.order) - s.max; over > 0 {
		for _, id := range s.order[:over] {
			delete(s.set, id)
		}
		s.order = append([]string(nil), s.order[over:]...)
	}
}

// compact rewrites the log with the ids kept and reopens it for appends.
func (s *seenLog) compact() error {
	if s.f != nil {
		s.f.Close()
	}
	if err := atomicfile.Write(s.path, []byte(strings.Join(s.order, "\n")+"\n")); err != nil {
		return err
	}
	s.lines = len(s.order)
	f, err := os.OpenFile(s.path, os.O_APPEND|os.O_WRONLY, 0o600)
	s.f = f
	return err
}

func (s *seenLog) close() error {
	if s.f == nil {
		return nil
	}
	return s.f.Close()
}
