package api_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
)

// A small reader of the description's JSON Schemas for the tests that hold
// the Go types and the shared rules to it: it resolves local $refs and
// merges allOf, which is all the description uses to build objects.

// oasDoc is the decoded description.
type oasDoc map[string]any

// loadDoc decodes api.OpenAPI().
func loadDoc(t *testing.T) oasDoc {
	t.Helper()
	var d oasDoc
	if err := json.Unmarshal(api.OpenAPI(), &d); err != nil {
		t.Fatalf("openapi.json is not JSON: %v", err)
	}
	return d
}

// schema returns components.schemas[name].
func (d oasDoc) schema(t *testing.T, name string) map[string]any {
	t.Helper()
	s, ok := d["components"].(map[string]any)["schemas"].(map[string]any)[name].(map[string]any)
	if !ok {
		t.Fatalf("no schema %s in the description", name)
	}
	return s
}

// resolve follows a local $ref.
func (d oasDoc) resolve(t *testing.T, s map[string]any) map[string]any {
	t.Helper()
	for {
		r, ok := s["$ref"].(string)
		if !ok {
			return s
		}
		s = d.schema(t, strings.TrimPrefix(r, "#/components/schemas/"))
	}
}

// properties lists an object schema's properties, allOf members included.
func (d oasDoc) properties(t *testing.T, s map[string]any) map[string]map[string]any {
	t.Helper()
	s = d.resolve(t, s)
	out := map[string]map[string]any{}
	if props, ok := s["properties"].(map[string]any); ok {
		for k, v := range props {
			out[k] = v.(map[string]any)
		}
	}
	if all, ok := s["allOf"].([]any); ok {
		for _, m := range all {
			for k, v := range d.properties(t, m.(map[string]any)) {
				if _, seen := out[k]; !seen {
					out[k] = v
				}
			}
		}
	}
	return out
}

// types is the set of JSON types a schema admits ("null" included).
func (d oasDoc) types(t *testing.T, s map[string]any) []string {
	t.Helper()
	s = d.resolve(t, s)
	set := map[string]bool{}
	switch ty := s["type"].(type) {
	case string:
		set[ty] = true
	case []any:
		for _, x := range ty {
			set[x.(string)] = true
		}
	}
	if c, ok := s["const"]; ok {
		set[jsonTypeOf(c)] = true
	}
	for _, key := range []string{"oneOf", "anyOf"} {
		if alts, ok := s[key].([]any); ok {
			for _, a := range alts {
				for _, x := range d.types(t, a.(map[string]any)) {
					set[x] = true
				}
			}
		}
	}
	if all, ok := s["allOf"].([]any); ok && len(set) == 0 {
		for _, a := range all {
			for _, x := range d.types(t, a.(map[string]any)) {
				set[x] = true
			}
		}
	}
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// refName is the schema a property refers to, through an array's items and
// a one-member allOf; "" when it names none.
func refName(s map[string]any) string {
	if items, ok := s["items"].(map[string]any); ok {
		return refName(items)
	}
	if r, ok := s["$ref"].(string); ok {
		return strings.TrimPrefix(r, "#/components/schemas/")
	}
	if all, ok := s["allOf"].([]any); ok && len(all) == 1 {
		return refName(all[0].(map[string]any))
	}
	return ""
}

func jsonTypeOf(v any) string {
	switch v.(type) {
	case bool:
		return "boolean"
	case string:
		return "string"
	case float64:
		return "number"
	case nil:
		return "null"
	}
	return "object"
}

// goField is a struct field as it appears on the wire.
type goField struct {
	name string
	typ  reflect.Type
}

// goFields lists a type's JSON members, embedded structs flattened as
// encoding/json does.
func goFields(t reflect.Type) map[string]goField {
	out := map[string]goField{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if tag == "-" || !f.IsExported() && !f.Anonymous {
			continue
		}
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			for k, v := range goFields(f.Type) {
				if _, shadowed := out[k]; !shadowed {
					out[k] = v
				}
			}
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = goField{name, f.Type}
	}
	return out
}

// Go types with their own JSON form.
var (
	typeNumber  = reflect.TypeFor[json.Number]()
	typeFlex    = reflect.TypeFor[api.FlexString]()
	typeNullInt = reflect.TypeFor[api.NullInt]()
	typeMsgs    = reflect.TypeFor[api.Messages]()
)

// goTypes is the set of JSON types a Go type reads and writes, without
// "null" (every Go type reads null as its zero value).
func goTypes(t reflect.Type) []string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t {
	case typeNumber:
		return []string{"number"}
	case typeFlex:
		return []string{"number", "string"}
	case typeNullInt:
		return []string{"integer"}
	case typeMsgs:
		return []string{"array", "string"}
	}
	switch t.Kind() {
	case reflect.String:
		return []string{"string"}
	case reflect.Bool:
		return []string{"boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return []string{"integer"}
	case reflect.Float32, reflect.Float64:
		return []string{"number"}
	case reflect.Slice, reflect.Array:
		return []string{"array"}
	}
	return []string{"object"}
}

// elemStruct is the struct a field holds (through pointers and slices).
func elemStruct(t reflect.Type) (reflect.Type, bool) {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
		t = t.Elem()
	}
	return t, t.Kind() == reflect.Struct && t != typeNullInt
}

// withoutNull drops "null" from a type set.
func withoutNull(ts []string) []string {
	return slices.DeleteFunc(slices.Clone(ts), func(s string) bool { return s == "null" })
}
