package config

// Strict loading. go-toml decodes and reports unknown keys and wrong types
// with their positions; its parser gives the line of every key for the
// checks of values (an unknown theme, a conflicting binding).

import (
	"bytes"
	"errors"
	"regexp"
	"sort"
	"strconv"
	"strings"

	toml "github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
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

// parse checks data completely; every mistake found is returned.
func parse(path string, data []byte) (*Config, Errors) {
	idx, ok := indexKeys(data)
	if ok {
		if errs := secretKeys(path, idx); len(errs) > 0 {
			return nil, errs
		}
	}
	var f file
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, decodeErrors(path, err)
	}
	th, errs := readTheme(path, f.Theme, idx)
	if len(errs) > 0 {
		return nil, errs
	}
	if errs := validate(path, &f, th, idx); len(errs) > 0 {
		return nil, errs
	}
	return &Config{f: f, theme: th}, nil
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

// decodeErrors words go-toml's errors for the operator: positions kept,
// Go type names replaced by what the key expects.
func decodeErrors(path string, err error) Errors {
	var sm *toml.StrictMissingError
	if errors.As(err, &sm) {
		errs := make(Errors, 0, len(sm.Errors))
		for i := range sm.Errors {
			de := &sm.Errors[i]
			line, _ := de.Position()
			key := []string(de.Key())
			errs = append(errs, &Error{File: path, Line: line, Key: dotted(key), Msg: unknownKeyMsg(key)})
		}
		sortErrors(errs)
		return errs
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, _ := de.Position()
		key := []string(de.Key())
		msg := strings.TrimPrefix(de.Error(), "toml: ")
		if got, ok := typeMismatch(msg); ok {
			msg = "wrong type: " + got + ", want " + expected(key)
		}
		return Errors{{File: path, Line: line, Key: dotted(key), Msg: msg}}
	}
	return Errors{{File: path, Msg: err.Error()}}
}

var mismatch = regexp.MustCompile(`cannot decode TOML (\w+)`)

func typeMismatch(msg string) (string, bool) {
	m := mismatch.FindStringSubmatch(msg)
	if m == nil {
		return "", false
	}
	return "a TOML " + m[1], true
}

// Keys each level of the file knows, for messages.
var (
	topKeys     = []string{"alerts", "explorers", "interval", "keys", "links", "mouse", "notify", "profiles", "require_reason", "serve", "sinks", "theme"}
	profileKeys = []string{"color", "interval", "label", "notify", "read_only", "require_reason"}
	alertKeys   = []string{"group", "name", "severity", "to", "when", "where"}
	sinkKeys    = []string{"secret_env", "url", "url_env"}
	serveKeys   = []string{"digest", "digest_to", "heartbeat", "heartbeat_to"}
)

func unknownKeyMsg(key []string) string {
	known := topKeys
	switch {
	case len(key) == 3 && key[0] == "profiles":
		known = profileKeys
	case len(key) == 2 && key[0] == "alerts":
		known = alertKeys
	case len(key) == 3 && key[0] == "sinks":
		known = sinkKeys
	case len(key) == 2 && key[0] == "serve":
		known = serveKeys
	}
	return "unknown key (known here: " + strings.Join(known, ", ") + ")"
}

// expected says what a key holds.
func expected(key []string) string {
	if len(key) == 0 {
		return "a value"
	}
	last := key[len(key)-1]
	switch {
	case len(key) == 1 && (last == "links" || last == "mouse" || last == "require_reason"):
		return "true or false"
	case len(key) == 3 && key[0] == "profiles" && (last == "read_only" || last == "require_reason"):
		return "true or false"
	case len(key) == 2 && key[0] == "keys":
		return `a list of keys, e.g. ["p"] (an empty list disables the binding)`
	case len(key) == 1 && (last == "keys" || last == "profiles" || last == "explorers"):
		return "a table"
	case len(key) == 2 && key[0] == "profiles":
		return "a table"
	case last == "to" || last == "heartbeat_to" || last == "digest_to":
		return `a list of sink names, e.g. ["ops-pager"]`
	case len(key) == 2 && key[0] == "serve" && last == "heartbeat":
		return "a number of intervals"
	case last == "interval":
		return `a duration such as "5s"`
	}
	return "a string"
}
