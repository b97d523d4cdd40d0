package api

// The users scanner's reading of the answer: its buffer, kept from the
// start of the element under way so that an element can be handed to
// encoding/json whole, and the JSON tokens it reads itself.

import (
	"bytes"
	"io"
	"unicode/utf8"
)

// number reads a JSON number; from is where it starts, counted from mark.
func (s *usersScanner) number() (from int, ok bool) {
	from = s.pos - s.mark
	s.accept('-')
	switch {
	case s.accept('0'):
	case s.digits() == 0:
		return from, false
	}
	if s.accept('.') && s.digits() == 0 {
		return from, false
	}
	if s.accept('e') || s.accept('E') {
		if !s.accept('+') {
			s.accept('-')
		}
		if s.digits() == 0 {
			return from, false
		}
	}
	return from, true
}

// accept consumes c when it is the next byte.
func (s *usersScanner) accept(c byte) bool {
	if (s.pos < s.end || s.fill()) && s.buf[s.pos] == c {
		s.pos++
		return true
	}
	return false
}

// digits consumes decimal digits and counts them.
func (s *usersScanner) digits() int {
	n := 0
	for s.pos < s.end || s.fill() {
		if c := s.buf[s.pos]; c < '0' || c > '9' {
			break
		}
		s.pos++
		n++
	}
	return n
}

// literal consumes word (true, false, null).
func (s *usersScanner) literal(word string) bool {
	for i := 0; i < len(word); i++ {
		if !s.accept(word[i]) {
			return false
		}
	}
	return true
}

// plainByte marks the bytes a string holds as they are: not the quote, not
// an escape, not a control character (which JSON forbids raw), not
// the start of a multi-byte character (checked for UTF-8 separately).
var plainByte = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// str reads a string without escapes in valid UTF-8 (encoding/json keeps
// such a string byte for byte); from and to bound its text, counted from
// mark.
func (s *usersScanner) str() (from, to int, ok bool) {
	s.pos++ // "
	from = s.pos - s.mark
	multi := false
	for {
		i, end := s.pos, s.end
		for i < end && plainByte[s.buf[i]] {
			i++
		}
		s.pos = i
		if i == end {
			if !s.fill() {
				return 0, 0, false
			}
			continue
		}
		c := s.buf[i]
		if c >= utf8.RuneSelf {
			multi = true
			s.pos++
			continue
		}
		if c != '"' {
			return 0, 0, false // an escape or a control character
		}
		to = s.pos - s.mark
		s.pos++
		return from, to, !multi || utf8.Valid(s.buf[s.mark+from:s.mark+to])
	}
}

// space skips white space; false at the end of the answer.
func (s *usersScanner) space() bool {
	for s.pos < s.end || s.fill() {
		switch s.buf[s.pos] {
		case ' ', '\t', '\r', '\n':
			s.pos++
		default:
			return true
		}
	}
	return false
}

// fill reads more of the answer, keeping the element under way (from mark)
// or else the unread bytes; false when nothing more came.
func (s *usersScanner) fill() bool {
	if s.done {
		return false
	}
	keep := s.pos
	if s.mark >= 0 {
		keep = s.mark
	}
	if keep > 0 {
		s.end = copy(s.buf, s.buf[keep:s.end])
		s.pos -= keep
		s.base += int64(keep)
		if s.mark >= 0 {
			s.mark = 0
		}
	}
	if s.end == len(s.buf) { // one element larger than the buffer
		s.buf = append(s.buf, make([]byte, len(s.buf))...)
	}
	for {
		n, err := s.r.Read(s.buf[s.end:])
		s.end += n
		if err != nil {
			s.done = true
		}
		if n > 0 || s.done {
			return n > 0
		}
	}
}

// rest is what is left of the answer: the unread bytes, then the reader.
func (s *usersScanner) rest() io.Reader {
	r, _ := s.restFrom()
	return r
}

// restFrom is rest with the reader of the unread bytes alone: what a
// decoder leaves of them unread is still to come after its own buffer.
func (s *usersScanner) restFrom() (io.Reader, *bytes.Reader) {
	from := s.pos
	if s.mark >= 0 {
		from = s.mark
	}
	unread := bytes.NewReader(s.buf[from:s.end])
	if s.done {
		return unread, unread
	}
	return io.MultiReader(unread, s.r), unread
}
