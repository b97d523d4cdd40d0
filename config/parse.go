package config

// Strict loading. go-toml decodes the file into a plain tree (a syntax
// error stops there, with its position); its parser gives the line of
// every key. The shape check (shape.go) then finds every unknown key and
// wrong type, and the checks of values (validate.go) the rest.

import (
	"bytes"
	"errors"
	"regexp"
	"sort"
	"strconv"
	"strings"

	toml "github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"

	"github.com/stratop/stratop/internal/vocab"
)

// keyLines maps a dotted key to the line it is defined on.
type keyLines map[string]int

// line returns the line of the key, else of the nearest table holding it.
func (k keyLines) line(parts ...string) int {
	for n := len(parts); n > 0; n-- {
		if l, ok := k[dotted(parts[:n])]; ok {
			return l
		}
	}
	return 0
}

var bareKey = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// dotted writes a key path as TOML would, quoting parts that need it.
func dotted(parts []string) string {
	q := make([]string, len(parts))
	for i, p := range parts {
		if bareKey.MatchString(p) {
			q[i] = p
		} else {
			q[i] = `"` + strings.ReplaceAll(p, `"`, `\"`) + `"`
		}
	}
	return strings.Join(q, ".")
}

// indexKeys records the line of every key and table header. It fails on
// syntax errors, which the decoder then reports with their position.
func indexKeys(data []byte) (keyLines, bool) {
	idx := keyLines{}
	var p unstable.Parser
	p.Reset(data)
	var table []string
	arrays := map[string]int{} // how many entries of each array of tables so far
	var walk func(prefix []string, kv *unstable.Node)
	walk = func(prefix []string, kv *unstable.Node) {
		parts, first := keyParts(kv.Key())
		full := append(append([]string(nil), prefix...), parts...)
		if first != nil {
			idx[dotted(full)] = p.Shape(first.Raw).Start.Line
		}
		if v := kv.Value(); v != nil && v.Kind == unstable.InlineTable {
			it := v.Children()
			for it.Next() {
				walk(full, it.Node())
			}
		}
	}
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			parts, first := keyParts(e.Key())
			table = parts
			if first != nil {
				if _, seen := idx[dotted(parts)]; !seen {
					idx[dotted(parts)] = p.Shape(first.Raw).Start.Line
				}
			}
			if e.Kind == unstable.ArrayTable {
				// Each entry's keys get its index: alerts.0.name, alerts.1.name.
				n := arrays[dotted(parts)]
				arrays[dotted(parts)] = n + 1
				table = append(append([]string(nil), parts...), strconv.Itoa(n))
				if first != nil {
					idx[dotted(table)] = p.Shape(first.Raw).Start.Line
				}
			}
		case unstable.KeyValue:
			walk(table, e)
		}
	}
	return idx, p.Error() == nil
}

func keyParts(it unstable.Iterator) (parts []string, first *unstable.Node) {
	for it.Next() {
		n := it.Node()
		if first == nil {
			first = n
		}
		parts = append(parts, string(n.Data))
	}
	return parts, first
}

// secretWord matches key names that look like credentials.
var secretWord = regexp.MustCompile(`(?i)(secret|passw|token|api[_-]?key|credential|private[_-]?key|^key$|^auth)`)

// parse checks data completely; every mistake found is returned, in file
// order. Only a syntax error stops the check: past it nothing can be read.
func parse(path string, data []byte, words vocab.Words) (*Config, Errors) {
	var tree map[string]any
	if err := toml.Unmarshal(data, &tree); err != nil {
		return nil, decodeErrors(path, err)
	}
	idx, _ := indexKeys(data)
	secrets := secretKeys(path, idx)
	refused := map[string]bool{}
	for _, e := range secrets {
		refused[e.Key] = true
	}
	shape := dropUnder(checkShape(path, tree, idx), refused)
	errs := append(secrets, shape...)
	f, err := decodeTree(tree)
	if err != nil {
		return nil, append(errs, decodeErrors(path, err)...)
	}
	th, themeErrs := readTheme(path, f.Theme, idx)
	// A value cut for its type is missing to the checks of values: what
	// they say of its key (a rule that sends nowhere) is already said.
	reported := map[string]bool{}
	for _, e := range shape {
		reported[e.Key] = true
	}
	for _, e := range append(themeErrs, validate(path, &f, th, idx, words)...) {
		if !reported[e.Key] {
			errs = append(errs, e)
		}
	}
	if len(errs) > 0 {
		sortErrors(errs)
		return nil, errs
	}
	return &Config{f: f, theme: th, lines: idx}, nil
}

// decodeTree fills the settings from a tree the shape check has cleaned,
// so the checks of values run on whatever was well typed.
func decodeTree(tree map[string]any) (file, error) {
	var f file
	data, err := toml.Marshal(tree)
	if err != nil {
		return f, err
	}
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err = dec.Decode(&f)
	return f, err
}

// secretKeys refuses credentials before anything else: the message must
// point at the keyring, not merely call the key unknown.
func secretKeys(path string, idx keyLines) Errors {
	var errs Errors
	for k, line := range idx {
		for _, part := range splitDotted(k) {
			if secretWord.MatchString(part) && !strings.HasSuffix(part, "_env") {
				errs = append(errs, &Error{File: path, Line: line, Key: k,
					Msg: "looks like a credential; the settings file never holds secrets: store them with `stratop login`"})
				break
			}
		}
	}
	sortErrors(errs)
	return errs
}

// splitDotted undoes dotted for the secret check; quoted parts keep their
// dots, which cannot make a secret word appear.
func splitDotted(k string) []string { return strings.Split(strings.ReplaceAll(k, `"`, ""), ".") }

func sortErrors(errs Errors) {
	sort.SliceStable(errs, func(i, j int) bool {
		if errs[i].Line != errs[j].Line {
			return errs[i].Line < errs[j].Line
		}
		return errs[i].Key < errs[j].Key
	})
}

// decodeErrors words go-toml's errors (a syntax error) for the operator,
// with their position.
func decodeErrors(path string, err error) Errors {
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, _ := de.Position()
		return Errors{{File: path, Line: line, Key: dotted(de.Key()), Msg: strings.TrimPrefix(de.Error(), "toml: ")}}
	}
	return Errors{{File: path, Msg: err.Error()}}
}
