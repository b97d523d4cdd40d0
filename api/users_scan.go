package api

import (
	"bytes"
	"encoding/json"
	"io"
	"unicode"
	"unicode/utf8"
)

// The users answer scanned by hand. A million users are 107 MB of JSON in
// which every element has the same few fields; encoding/json spends most of
// a read reflecting on them and makes two strings per user that the
// dashboard throws away at once. The scanner reads the common shape
// itself and hands each user's fields as bytes of its buffer, so a read
// makes no value per user. What it does not recognise (an escape in a
// string, text that is not UTF-8, a field spelled in another case, a nested
// value, a number that is not a plain integer, anything malformed) it does
// not interpret: that element is decoded by encoding/json from its first
// byte, so every answer decodes to the same users, and fails with the same
// errors, as through encoding/json (TestScannedUsersDecodeAsEncodingJSON,
// FuzzScanUsers).

// UserFields is one user of the list as the answer spells it, JSON escapes
// decoded and nothing else done to it. The slices point into the scanner's
// buffer: they hold only until the function they were handed to returns.
// An absent or null field is empty.
type UserFields struct {
	ID             int64
	ExternalUserID []byte
	WalletAddress  []byte
	Email          []byte
}

// scanBufSize is the scanner's buffer: many users a read of the connection.
const scanBufSize = 64 << 10

// scanReader is the bodyReader of ScanUsers: start runs before each
// attempt's first user (a read may be retried after a partial answer).
func scanReader(start func(), each func(*UserFields)) bodyReader {
	return func(raw *rawResponse, body io.Reader, limit, declared int64) error {
		if declared > limit {
			return raw.tooLarge()
		}
		start()
		m := &meter{r: body, left: limit + 1}
		err := scanUsers(m, each)
		switch {
		case m.err != nil:
			return m.err // the connection failed: attempt classifies it
		case m.n > limit:
			return raw.tooLarge()
		case err != nil:
			return &DecodeError{Method: raw.method, Path: raw.path, StatusCode: raw.status, ContentType: raw.contentType, Err: err}
		}
		return nil
	}
}

// usersScanner reads a JSON array of users from r through buf.
type usersScanner struct {
	r        io.Reader
	buf      []byte
	pos, end int   // the unread bytes are buf[pos:end]
	mark     int   // the first byte of the element being read, kept across reads; -1 between elements
	base     int64 // the offset in the answer of buf[0]
	done     bool  // r has nothing more (the end, or an error the meter keeps)
	u        UserFields
	spans    [3][2]int // external id, wallet, e-mail: from, to, counted from mark
}

// scanUsers decodes a JSON array of users from r, handing each to each.
// Its answers and errors are decodeArray's for []User.
func scanUsers(r io.Reader, each func(*UserFields)) error {
	s := &usersScanner{r: r, buf: make([]byte, scanBufSize), mark: -1}
	for s.end-s.pos < 3 && s.fill() {
	}
	if bytes.HasPrefix(s.buf[s.pos:s.end], []byte("\xef\xbb\xbf")) {
		s.pos += 3
	}
	s.leadingSpace()
	if !s.space() || s.buf[s.pos] != '[' {
		// Not an array: no user to hand, only decodeArray's error to give.
		return decodeArray(s.rest(), func(User) {})
	}
	s.pos++
	if !s.space() {
		return s.syntaxError()
	}
	if s.buf[s.pos] == ']' {
		s.pos++
		return trailing(s.rest(), s.base+int64(s.pos))
	}
	for {
		if err := s.element(each); err != nil {
			return err
		}
		if !s.space() {
			return s.syntaxError()
		}
		c := s.buf[s.pos]
		s.pos++
		switch c {
		case ']':
			return trailing(s.rest(), s.base+int64(s.pos))
		case ',':
			if !s.space() {
				return s.syntaxError()
			}
		default:
			return s.syntaxError()
		}
	}
}

// leadingSpace skips the white space every other answer's decoding trims
// before the JSON (bytes.TrimSpace: Unicode's, not only JSON's), so an
// answer that reads there reads here.
func (s *usersScanner) leadingSpace() {
	for {
		for s.end-s.pos < utf8.UTFMax && s.fill() {
		}
		r, size := utf8.DecodeRune(s.buf[s.pos:s.end])
		if size == 0 || !unicode.IsSpace(r) {
			return
		}
		s.pos += size
	}
}

// element reads one element of the array and hands it to each.
func (s *usersScanner) element(each func(*UserFields)) error {
	s.mark = s.pos
	s.u = UserFields{}
	s.spans = [3][2]int{}
	ok := false
	switch s.buf[s.pos] {
	case '{':
		ok = s.object()
	case 'n':
		ok = s.literal("null")
	}
	if !ok {
		return s.fallback(each)
	}
	for f, sp := range s.spans {
		if sp[1] > sp[0] {
			*s.fieldOf(f) = s.buf[s.mark+sp[0] : s.mark+sp[1]]
		}
	}
	s.mark = -1
	each(&s.u)
	return nil
}

func (s *usersScanner) fieldOf(f int) *[]byte {
	switch f {
	case 0:
		return &s.u.ExternalUserID
	case 1:
		return &s.u.WalletAddress
	}
	return &s.u.Email
}

// Fields of a user, as the answer names them. fieldOther is a key that is
// none of them in any case (skipped); fieldUnsure one encoding/json may
// match to a field (another case, a Unicode letter), left to it.
const (
	fieldID = iota - 1
	fieldExternal
	fieldWallet
	fieldEmail
	fieldOther
	fieldUnsure
)

func fieldNamed(key []byte) int {
	switch string(key) {
	case "id":
		return fieldID
	case "externalUserId":
		return fieldExternal
	case "walletAddress":
		return fieldWallet
	case "email":
		return fieldEmail
	}
	for _, c := range key {
		if c >= utf8.RuneSelf {
			return fieldUnsure
		}
	}
	for _, name := range []string{"id", "externalUserId", "walletAddress", "email"} {
		if bytes.EqualFold(key, []byte(name)) {
			return fieldUnsure
		}
	}
	return fieldOther
}

// object reads a user object in the common shape; false when the element
// is anything else (nothing is handed then: the fallback decodes it).
func (s *usersScanner) object() bool {
	s.pos++ // {
	if !s.space() {
		return false
	}
	if s.buf[s.pos] == '}' {
		s.pos++
		return true
	}
	for {
		if s.buf[s.pos] != '"' {
			return false
		}
		from, to, ok := s.str()
		if !ok {
			return false
		}
		field := fieldNamed(s.buf[s.mark+from : s.mark+to])
		if !s.space() || s.buf[s.pos] != ':' {
			return false
		}
		s.pos++
		if !s.space() {
			return false
		}
		if !s.value(field) || !s.space() {
			return false
		}
		c := s.buf[s.pos]
		s.pos++
		switch {
		case c == '}':
			return true
		case c != ',' || !s.space():
			return false
		}
	}
}

// value reads the value of field; null leaves a field as it is, as
// encoding/json does.
func (s *usersScanner) value(field int) bool {
	c := s.buf[s.pos]
	if c == 'n' {
		return s.literal("null")
	}
	switch field {
	case fieldID:
		return s.id()
	case fieldExternal, fieldWallet, fieldEmail:
		if c != '"' {
			return false
		}
		from, to, ok := s.str()
		s.spans[field] = [2]int{from, to}
		return ok
	case fieldOther:
		switch c {
		case '"':
			_, _, ok := s.str()
			return ok
		case 't':
			return s.literal("true")
		case 'f':
			return s.literal("false")
		}
		_, ok := s.number()
		return ok
	}
	return false
}

// id reads an integer that fits an int64 without a doubt (up to 18 digits).
func (s *usersScanner) id() bool {
	from, ok := s.number()
	if !ok {
		return false
	}
	digits := s.buf[s.mark+from : s.pos]
	neg := digits[0] == '-'
	if neg {
		digits = digits[1:]
	}
	if len(digits) > 18 {
		return false
	}
	var v int64
	for _, d := range digits {
		if d < '0' || d > '9' {
			return false // a fraction or an exponent
		}
		v = v*10 + int64(d-'0')
	}
	if neg {
		v = -v
	}
	s.u.ID = v
	return true
}

// fallback decodes the element at mark with encoding/json and goes on
// after it.
func (s *usersScanner) fallback(each func(*UserFields)) error {
	at := s.base + int64(s.mark)
	rest, unread := s.restFrom()
	dec := json.NewDecoder(rest)
	var u User
	if err := dec.Decode(&u); err != nil {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			err = &json.SyntaxError{Offset: dec.InputOffset()}
		}
		switch e := err.(type) {
		case *json.SyntaxError:
			e.Offset += at
		case *json.UnmarshalTypeError:
			e.Offset += at
		}
		return describeJSONError(err)
	}
	// What comes next: the decoder's buffer, then the buffered bytes it
	// never reached (a long answer read in large blocks), then the reader.
	left, _ := io.ReadAll(io.MultiReader(dec.Buffered(), unread))
	if len(left) > len(s.buf) {
		s.buf = make([]byte, len(left))
	}
	s.pos, s.end, s.mark = 0, copy(s.buf, left), -1
	s.base = at + dec.InputOffset()
	s.u = UserFields{ID: u.ID, ExternalUserID: []byte(u.ExternalUserID), WalletAddress: []byte(u.WalletAddress), Email: []byte(u.Email)}
	each(&s.u)
	return nil
}

// syntaxError is decodeArray's error for a malformed or truncated array.
func (s *usersScanner) syntaxError() error {
	return describeJSONError(&json.SyntaxError{Offset: s.base + int64(s.pos)})
}
