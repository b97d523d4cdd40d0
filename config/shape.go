package config

// The shape check: the file decoded as a plain tree is walked against the
// Go types of the settings (the toml tags of file and the structs it
// holds), so every unknown key and every value of the wrong type is found
// in one pass; a decoder into the structs stops at the first. What does not
// fit is cut from the tree, so the checks of values still run on the rest
// and one run reports everything.
//
// A field may say what it wants in words with a `want` tag (for a map or a
// list, `each` says it of every entry); otherwise the words come from its
// Go type.

import (
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"
)

// shapeChecker collects the mistakes of one walk.
type shapeChecker struct {
	path string
	idx  keyLines
	errs Errors
}

// checkShape reports every unknown key and wrong-typed value of tree
// against the type of file, and removes them from tree.
func checkShape(path string, tree map[string]any, idx keyLines) Errors {
	c := &shapeChecker{path: path, idx: idx}
	c.table(tree, reflect.TypeOf(file{}), nil)
	sortErrors(c.errs)
	return c.errs
}

// fail reports a mistake at key, whose parts may hold an entry of an array
// of tables as "[i]": shown as alerts[0].name, looked up as alerts.0.name.
func (c *shapeChecker) fail(key []string, msg string) {
	lookup := make([]string, len(key))
	var name strings.Builder
	for i, k := range key {
		if n, ok := strings.CutPrefix(k, "["); ok && strings.HasSuffix(n, "]") {
			lookup[i] = strings.TrimSuffix(n, "]")
			name.WriteString(k)
			continue
		}
		lookup[i] = k
		if i > 0 {
			name.WriteString(".")
		}
		name.WriteString(dotted([]string{k}))
	}
	c.errs = append(c.errs, &Error{File: c.path, Line: c.idx.line(lookup...), Key: name.String(), Msg: msg})
}

func (c *shapeChecker) wrongType(key []string, v any, want string) {
	c.fail(key, fmt.Sprintf("wrong type: %s, want %s", tomlKind(v), want))
}

// table checks a TOML table against struct type t, deleting what is
// unknown or wrong.
func (c *shapeChecker) table(m map[string]any, t reflect.Type, key []string) {
	fields := tomlFields(t)
	for _, k := range sortedKeys(m) {
		f, ok := fields[k]
		sub := appendKey(key, k)
		if !ok {
			c.fail(sub, "unknown key (known here: "+strings.Join(sortedKeys(fields), ", ")+")")
			delete(m, k)
			continue
		}
		if !c.value(m[k], f.Type, sub, wantOf(f)) {
			delete(m, k)
		}
	}
}

// value checks v against type t; false: v does not fit and was reported.
// Parts of v that do not fit are removed from it.
func (c *shapeChecker) value(v any, t reflect.Type, key []string, w want) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Interface:
		return true // read by its own code (the theme)
	case reflect.String:
		return c.scalar(v, key, w, "a string", is[string])
	case reflect.Bool:
		return c.scalar(v, key, w, "true or false", is[bool])
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return c.scalar(v, key, w, "a whole number", is[int64])
	case reflect.Float32, reflect.Float64:
		return c.scalar(v, key, w, "a number", func(v any) bool { return is[float64](v) || is[int64](v) })
	case reflect.Struct:
		m, ok := v.(map[string]any)
		if !ok {
			c.wrongType(key, v, w.or("a table"))
			return false
		}
		c.table(m, t, key)
		return true
	case reflect.Map:
		m, ok := v.(map[string]any)
		if !ok {
			c.wrongType(key, v, w.or("a table"))
			return false
		}
		for _, k := range sortedKeys(m) {
			if !c.value(m[k], t.Elem(), appendKey(key, k), want{self: w.each}) {
				delete(m, k)
			}
		}
		return true
	case reflect.Slice:
		return c.list(v, t, key, w)
	}
	return true // a type the walk does not know: the decoder checks it
}

func (c *shapeChecker) scalar(v any, key []string, w want, def string, fits func(any) bool) bool {
	if !fits(v) {
		c.wrongType(key, v, w.or(def))
		return false
	}
	return true
}

// list checks an array. An array of tables reports each entry's mistakes
// at the entry (alerts.1.name); an array of plain values is wrong as a
// whole when one element is, and is reported at its key.
func (c *shapeChecker) list(v any, t reflect.Type, key []string, w want) bool {
	elem := t.Elem()
	for elem.Kind() == reflect.Pointer {
		elem = elem.Elem()
	}
	whole := w.or("a list of " + plural(elem))
	items, ok := v.([]any)
	if !ok {
		c.wrongType(key, v, whole)
		return false
	}
	if elem.Kind() == reflect.Struct {
		kept := 0
		for i, item := range items {
			if c.value(item, elem, appendKey(key, "["+strconv.Itoa(i)+"]"), want{self: w.each}) {
				kept++
			}
		}
		return kept == len(items)
	}
	for _, item := range items {
		// Checked silently: one message for the list, at its key.
		probe := &shapeChecker{path: c.path, idx: c.idx}
		if !probe.value(item, elem, key, want{}) {
			c.fail(key, fmt.Sprintf("wrong type: %s in the list, want %s", tomlKind(item), whole))
			return false
		}
	}
	return true
}

// want is what a key wants in words, from its field's tags.
type want struct{ self, each string }

func (w want) or(def string) string {
	if w.self != "" {
		return w.self
	}
	return def
}

func wantOf(f reflect.StructField) want {
	return want{self: f.Tag.Get("want"), each: f.Tag.Get("each")}
}

// plural names the elements of a list of type elem.
func plural(elem reflect.Type) string {
	switch elem.Kind() {
	case reflect.String:
		return "strings"
	case reflect.Bool:
		return "true or false values"
	case reflect.Struct, reflect.Map:
		return "tables"
	case reflect.Float32, reflect.Float64:
		return "numbers"
	}
	return "whole numbers"
}

// tomlFields maps the toml names of a struct's fields to the fields.
func tomlFields(t reflect.Type) map[string]reflect.StructField {
	out := map[string]reflect.StructField{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f
	}
	return out
}

func is[T any](v any) bool { _, ok := v.(T); return ok }

func appendKey(key []string, k string) []string {
	return append(append([]string(nil), key...), k)
}

// dropUnder removes the errors about key or anything inside it: a key
// refused as a credential is not also reported as unknown.
func dropUnder(errs Errors, keys map[string]bool) Errors {
	out := errs[:0:0]
	for _, e := range errs {
		// The credential check names entries of arrays as alerts.0.x.
		k := entryIndex.ReplaceAllString(e.Key, ".$1")
		if !keys[k] && !hasPrefixKey(k, keys) {
			out = append(out, e)
		}
	}
	return out
}

var entryIndex = regexp.MustCompile(`\[(\d+)\]`)

func hasPrefixKey(k string, keys map[string]bool) bool {
	for p := range keys {
		if strings.HasPrefix(k, p+".") {
			return true
		}
	}
	return false
}
