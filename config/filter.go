package config

// The `where` language of an alert rule. It is small on purpose:
//
//	field = 'value'            field != 'value'
//	field in ['a', 'b']        not EXPR
//	EXPR and EXPR              EXPR or EXPR          ( EXPR )
//
// Fields are the JSON names of an event (FilterFields); values are quoted
// with ' or " (no escapes) or are bare numbers (chain = 4663). Every
// comparison is of text, exactly; an absent field is the empty text. `and`
// binds tighter than `or`; `not` tighter than both.

import (
	"fmt"
	"strings"
)

// FilterFields are the event fields a `where` may name: the JSON names of
// watch.Event except its time.
var FilterFields = []string{"id", "kind", "profile", "host", "integration", "strategyId", "user", "pool",
	"chain", "type", "category", "status", "before", "after", "detail"}

// FilterError is a `where` that cannot be parsed: Col is the 1-based
// character it failed at.
type FilterError struct {
	Col int
	Msg string
}

func (e *FilterError) Error() string { return fmt.Sprintf("column %d: %s", e.Col, e.Msg) }

// Filter is a parsed `where`. The zero Filter (an empty `where`) matches
// every event.
type Filter struct {
	root fnode
	src  string
}

// String returns the expression as written.
func (f Filter) String() string { return f.src }

// Match says whether the fields (get returns a field's text) satisfy it.
func (f Filter) Match(get func(field string) string) bool {
	if f.root == nil {
		return true
	}
	return f.root.eval(get)
}

type fnode interface {
	eval(get func(string) string) bool
}

type (
	fAnd struct{ l, r fnode }
	fOr  struct{ l, r fnode }
	fNot struct{ x fnode }
	fIn  struct {
		field  string
		values []string
		negate bool // `!=`
	}
)

func (n fAnd) eval(g func(string) string) bool { return n.l.eval(g) && n.r.eval(g) }
func (n fOr) eval(g func(string) string) bool  { return n.l.eval(g) || n.r.eval(g) }
func (n fNot) eval(g func(string) string) bool { return !n.x.eval(g) }
func (n fIn) eval(g func(string) string) bool {
	v := g(n.field)
	for _, want := range n.values {
		if v == want {
			return !n.negate
		}
	}
	return n.negate
}

// ParseFilter parses a `where`; an empty one matches everything.
func ParseFilter(src string) (Filter, error) {
	toks, err := lexFilter(src)
	if err != nil {
		return Filter{}, err
	}
	if len(toks) == 1 { // only the end
		return Filter{src: src}, nil
	}
	p := &filterParser{toks: toks}
	root, err := p.or()
	if err != nil {
		return Filter{}, err
	}
	if t := p.peek(); t.kind != tEnd {
		return Filter{}, &FilterError{Col: t.col, Msg: fmt.Sprintf("unexpected %s (want and, or or the end)", t)}
	}
	return Filter{root: root, src: src}, nil
}

type tokKind int

const (
	tEnd tokKind = iota
	tWord
	tText
	tPunct
)

type token struct {
	kind tokKind
	text string
	col  int
}

func (t token) String() string {
	switch t.kind {
	case tEnd:
		return "end of the expression"
	case tText:
		return fmt.Sprintf("'%s'", t.text)
	}
	return fmt.Sprintf("%q", t.text)
}

func lexFilter(src string) ([]token, error) {
	var toks []token
	r := []rune(src)
	for i := 0; i < len(r); {
		c := r[i]
		col := i + 1
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '\'' || c == '"':
			j := i + 1
			for j < len(r) && r[j] != c {
				j++
			}
			if j == len(r) {
				return nil, &FilterError{Col: col, Msg: "a quoted value is not closed"}
			}
			toks = append(toks, token{tText, string(r[i+1 : j]), col})
			i = j + 1
		case c == '!' && i+1 < len(r) && r[i+1] == '=':
			toks = append(toks, token{tPunct, "!=", col})
			i += 2
		case strings.ContainsRune("=()[],", c):
			toks = append(toks, token{tPunct, string(c), col})
			i++
		case isWordRune(c):
			j := i
			for j < len(r) && isWordRune(r[j]) {
				j++
			}
			w := string(r[i:j])
			kind := tWord
			if c >= '0' && c <= '9' || c == '-' {
				kind = tText // a bare number is a value
			}
			toks = append(toks, token{kind, w, col})
			i = j
		default:
			return nil, &FilterError{Col: col, Msg: fmt.Sprintf("unexpected character %q", c)}
		}
	}
	return append(toks, token{tEnd, "", len(r) + 1}), nil
}

func isWordRune(c rune) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-'
}

type filterParser struct {
	toks []token
	pos  int
}

func (p *filterParser) peek() token { return p.toks[p.pos] }
func (p *filterParser) next() token {
	t := p.toks[p.pos]
	if t.kind != tEnd {
		p.pos++
	}
	return t
}

func (p *filterParser) keyword(w string) bool {
	if t := p.peek(); t.kind == tWord && t.text == w {
		p.pos++
		return true
	}
	return false
}

func (p *filterParser) punct(s string) bool {
	if t := p.peek(); t.kind == tPunct && t.text == s {
		p.pos++
		return true
	}
	return false
}

func (p *filterParser) or() (fnode, error) {
	l, err := p.and()
	for err == nil && p.keyword("or") {
		var r fnode
		if r, err = p.and(); err == nil {
			l = fOr{l, r}
		}
	}
	return l, err
}

func (p *filterParser) and() (fnode, error) {
	l, err := p.unary()
	for err == nil && p.keyword("and") {
		var r fnode
		if r, err = p.unary(); err == nil {
			l = fAnd{l, r}
		}
	}
	return l, err
}

func (p *filterParser) unary() (fnode, error) {
	if p.keyword("not") {
		x, err := p.unary()
		return fNot{x}, err
	}
	if t := p.peek(); p.punct("(") {
		x, err := p.or()
		if err != nil {
			return nil, err
		}
		if !p.punct(")") {
			return nil, &FilterError{Col: p.peek().col, Msg: fmt.Sprintf("the ( at column %d is not closed", t.col)}
		}
		return x, nil
	}
	return p.comparison()
}

func (p *filterParser) comparison() (fnode, error) {
	f := p.next()
	if f.kind != tWord || isFilterKeyword(f.text) {
		return nil, &FilterError{Col: f.col, Msg: fmt.Sprintf("want a field, got %s", f)}
	}
	if !contains(FilterFields, f.text) {
		return nil, &FilterError{Col: f.col, Msg: fmt.Sprintf("unknown field %q (one of %s)", f.text, strings.Join(FilterFields, ", "))}
	}
	op := p.next()
	switch {
	case op.kind == tPunct && (op.text == "=" || op.text == "!="):
		v, err := p.value()
		return fIn{field: f.text, values: []string{v}, negate: op.text == "!="}, err
	case op.kind == tWord && op.text == "in":
		return p.list(f.text)
	}
	return nil, &FilterError{Col: op.col, Msg: fmt.Sprintf("want =, != or in after %s, got %s", f.text, op)}
}

func (p *filterParser) list(field string) (fnode, error) {
	open := p.peek()
	if !p.punct("[") {
		return nil, &FilterError{Col: open.col, Msg: fmt.Sprintf("want [ after in, got %s", open)}
	}
	n := fIn{field: field}
	for {
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		n.values = append(n.values, v)
		if p.punct("]") {
			return n, nil
		}
		if t := p.peek(); !p.punct(",") {
			return nil, &FilterError{Col: t.col, Msg: fmt.Sprintf("want , or ] in the list, got %s", t)}
		}
	}
}

func (p *filterParser) value() (string, error) {
	t := p.next()
	if t.kind != tText {
		return "", &FilterError{Col: t.col, Msg: fmt.Sprintf("want a quoted value such as 'paused', got %s", t)}
	}
	return t.text, nil
}

func isFilterKeyword(w string) bool { return w == "and" || w == "or" || w == "not" || w == "in" }
