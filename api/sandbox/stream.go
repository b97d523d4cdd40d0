package sandbox

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
)

// A reply too large to build whole: GET /users of a million users is 107 MB
// of JSON. Its body is written in pieces of streamChunk records, each encoded
// under the read lock into one reused buffer and written without the lock,
// so the server holds one piece of the answer at a time and a slow client
// never holds up writers.

// streamChunk is how many records one piece holds.
const streamChunk = 2048

// streamedArray is the body of a reply written piece by piece: a JSON array
// of n records, piece(from, to, buf) appending records [from, to) to buf,
// comma-separated, under whatever lock it needs.
type streamedArray struct {
	n     int
	piece func(from, to int, buf *bytes.Buffer) error
}

// writeTo sends the whole array; it stops at the first failed write (the
// client went away).
func (a streamedArray) writeTo(w io.Writer) error {
	var buf bytes.Buffer
	buf.WriteByte('[')
	for from := 0; from < a.n; from += streamChunk {
		if from > 0 {
			buf.WriteByte(',')
		}
		if err := a.piece(from, min(from+streamChunk, a.n), &buf); err != nil {
			return err
		}
		if _, err := w.Write(buf.Bytes()); err != nil {
			return err
		}
		buf.Reset()
	}
	buf.WriteByte(']')
	_, err := w.Write(buf.Bytes())
	return err
}

// writeStreamed sends a streamed reply: no Content-Length, so the answer
// goes out chunked as it is made.
func writeStreamed(w http.ResponseWriter, status int, a streamedArray) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_ = a.writeTo(w)
}

// jsonPieces encodes pieces of an array. It goes through json.Encoder,
// whose working buffer is pooled, into one reused scratch buffer: a million
// users leave no garbage per user behind.
type jsonPieces struct {
	scratch bytes.Buffer
	enc     *json.Encoder
}

// appendJSON appends the records, comma-separated, to buf.
func appendJSON[T any](p *jsonPieces, buf *bytes.Buffer, records []T) error {
	if len(records) == 0 {
		return nil
	}
	if p.enc == nil {
		p.enc = json.NewEncoder(&p.scratch)
	}
	p.scratch.Reset()
	if err := p.enc.Encode(records); err != nil {
		return err
	}
	b := bytes.TrimSuffix(p.scratch.Bytes(), []byte("\n")) // "[...]"
	buf.Write(b[1 : len(b)-1])
	return nil
}
