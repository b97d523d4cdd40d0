package text

// Lines of several fields (a transaction, a deposit). Cut at the end like
// any text, such a line could stop inside a number and show an amount that
// was never there ("$1,234.5…" for $1,234,567). Fields fits one by
// leaving out optional fields whole, from the end; then rounding its
// numbers (ShortNumber, marked ~), the last first; and only then leaving
// out the last fields whole behind an ellipsis. A number is never cut.

import "strings"

// Field is one part of a line of fields: "label text", or text alone.
type Field struct {
	Label    string
	Text     string
	Number   bool // Text is a formatted number that may be rounded to fit
	Optional bool // the field may be left out whole to fit
}

// String is the field as drawn; a label without a text is no field.
func (f Field) String() string {
	if f.Label == "" || f.Text == "" {
		return f.Text
	}
	return f.Label + " " + f.Text
}

// minNumberWidth is the narrowest a number is rounded to ("1.2K~"): below
// it the field is left out rather than drawn as "#".
const minNumberWidth = 5

// Fields joins the fields with spaces in at most width cells.
func Fields(width int, fields ...Field) string {
	if width <= 0 {
		return ""
	}
	fs := make([]Field, 0, len(fields))
	for _, f := range fields {
		if f.String() != "" {
			fs = append(fs, f)
		}
	}
	if w := fieldsWidth(fs); w <= width {
		return joinFields(fs)
	}
	// Optional fields go first, from the end.
	for i := len(fs) - 1; i >= 0 && fieldsWidth(fs) > width; i-- {
		if fs[i].Optional {
			fs = append(fs[:i], fs[i+1:]...)
		}
	}
	// Then numbers round, the last first, each by what is still too much.
	for i := len(fs) - 1; i >= 0; i-- {
		over := fieldsWidth(fs) - width
		if over <= 0 {
			break
		}
		if !fs[i].Number {
			continue
		}
		if _, ok := parseNumber(fs[i].Text); !ok {
			continue // not a number after all: rounding would cut it
		}
		target := max(Width(fs[i].Text)-over, minNumberWidth)
		if short := ShortNumber(fs[i].Text, target); !strings.HasPrefix(short, "#") {
			fs[i].Text = short
		}
	}
	// Last, whole fields leave from the end behind an ellipsis; only a
	// first field wider than the line itself is cut.
	cut := false
	for len(fs) > 1 && fieldsWidth(fs)+ellipsisWidth(cut) > width {
		fs, cut = fs[:len(fs)-1], true
	}
	out := joinFields(fs)
	if cut && (len(fs) > 1 || fieldsWidth(fs)+ellipsisWidth(cut) <= width) {
		out += " " + Ellipsis
	}
	return Fit(out, width)
}

func ellipsisWidth(cut bool) int {
	if cut {
		return 1 + Width(Ellipsis)
	}
	return 0
}

func fieldsWidth(fs []Field) int {
	w := 0
	for i, f := range fs {
		if i > 0 {
			w++
		}
		w += Width(f.String())
	}
	return w
}

func joinFields(fs []Field) string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = f.String()
	}
	return strings.Join(parts, " ")
}
