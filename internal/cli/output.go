package cli

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/text"
)

// errorText is an error in the words of the dashboard's status line.
// errorText words an error for stderr, naming the server from the error
// itself: on the command line nothing else shows which host answered.
func errorText(err error) string {
	t := api.Explain(err, "")
	if where := api.Where(err); where != "" && !strings.Contains(t, where) {
		t += " (from " + where + ")"
	}
	return t
}

// encodeJSON re-encodes v as JSON (never the server's bytes) and escapes
// what a terminal could act on or would not show even inside a JSON string:
// DEL, C1 controls (U+009B starts a CSI on some terminals), format
// characters such as bidi overrides, invisible fillers and variation
// selectors (text.Hidden). The result is still valid JSON with the same values.
func encodeJSON(v any, indent bool) ([]byte, error) {
	var b []byte
	var err error
	if indent {
		b, err = json.MarshalIndent(v, "", "  ")
	} else {
		b, err = json.Marshal(v)
	}
	if err != nil {
		return nil, err
	}
	return escapeUnsafe(b), nil
}

// escapeUnsafe rewrites unsafe runes of encoded JSON as \u escapes. Outside
// strings encoded JSON is ASCII, so every such rune is inside a string.
func escapeUnsafe(b []byte) []byte {
	if !bytes.ContainsFunc(b, unsafeRune) {
		return b
	}
	var out bytes.Buffer
	out.Grow(len(b) + 16)
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if unsafeRune(r) {
			if r > 0xFFFF {
				r1, r2 := utf16Pair(r)
				fmt.Fprintf(&out, `\u%04x\u%04x`, r1, r2)
			} else {
				fmt.Fprintf(&out, `\u%04x`, r)
			}
		} else {
			out.Write(b[:n])
		}
		b = b[n:]
	}
	return out.Bytes()
}

// unsafeRune is what text.Clean would not show as itself; the other
// controls the encoder escapes already.
func unsafeRune(r rune) bool { return r >= 0x7f && text.Hidden(r) }

func utf16Pair(r rune) (rune, rune) {
	r -= 0x10000
	return 0xD800 + (r>>10)&0x3FF, 0xDC00 + r&0x3FF
}

// writeJSON prints v as indented JSON and a newline.
func writeJSON(w io.Writer, v any) error {
	b, err := encodeJSON(v, true)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// writeJSONLine prints v as one compact line.
func writeJSONLine(w io.Writer, v any) error {
	b, err := encodeJSON(v, false)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// sheet is tabular output: a header and rows of cells. Every cell is
// sanitised when written, whatever built it.
type sheet struct {
	head []string
	rows [][]string
}

// writeTable prints aligned columns.
func writeTable(w io.Writer, s sheet) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	writeRow := func(cells []string) {
		for i, c := range cells {
			if i > 0 {
				_, _ = io.WriteString(tw, "\t")
			}
			_, _ = io.WriteString(tw, tableCell(c))
		}
		_, _ = io.WriteString(tw, "\n")
	}
	writeRow(s.head)
	for _, r := range s.rows {
		writeRow(r)
	}
	return tw.Flush()
}

// tableCell is a cell safe for a terminal and for tabwriter (no tab).
func tableCell(c string) string {
	c = text.Clean(c)
	if c == "" {
		return text.Dash
	}
	return c
}

// csvWriter prints CSV, sanitising each cell (a spreadsheet or a terminal
// may show it) and guarding cells a spreadsheet would run as a formula.
type csvWriter struct{ w *csv.Writer }

func newCSV(w io.Writer) *csvWriter { return &csvWriter{w: csv.NewWriter(w)} }

func (c *csvWriter) row(cells []string) error {
	out := make([]string, len(cells))
	for i, s := range cells {
		s = text.Clean(s)
		if s != "" && strings.ContainsRune("=+@", rune(s[0])) {
			s = "'" + s
		}
		out[i] = s
	}
	return c.w.Write(out)
}

func (c *csvWriter) flush() error {
	c.w.Flush()
	return c.w.Error()
}

// writeCSV prints a whole sheet as CSV.
func writeCSV(w io.Writer, s sheet) error {
	c := newCSV(w)
	if err := c.row(s.head); err != nil {
		return err
	}
	for _, r := range s.rows {
		if err := c.row(r); err != nil {
			return err
		}
	}
	return c.flush()
}

// writeItems prints a list of items in format f: JSON as one array (or
// whole value), JSON lines one item a line, table and CSV through toSheet.
func writeItems[T any](w io.Writer, f Format, whole any, items []T, toSheet func([]T) sheet) error {
	switch f {
	case JSON:
		return writeJSON(w, whole)
	case JSONL:
		for _, it := range items {
			if err := writeJSONLine(w, it); err != nil {
				return err
			}
		}
		return nil
	case CSV:
		return writeCSV(w, toSheet(items))
	}
	return writeTable(w, toSheet(items))
}
