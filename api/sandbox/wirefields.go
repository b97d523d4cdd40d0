package sandbox

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"

	"github.com/stratop/stratop/api"
)

// Naming a request's bad member by its wire name. encoding/json reports the
// Go path of a value of the wrong type, with embedded structs' type names in
// it, and custom decoders (api.NullInt, api.FlexString) report no field at
// all; so the member is found again by decoding each one on its own.

// badMember finds the first member of the JSON object body (in key order)
// whose value does not decode into its field of dst, a pointer to a struct.
func badMember(body []byte, dst any) (string, reflect.Type, bool) {
	var members map[string]json.RawMessage
	if json.Unmarshal(body, &members) != nil {
		return "", nil, false
	}
	fields := wireFields(reflect.TypeOf(dst).Elem())
	keys := make([]string, 0, len(members))
	for k := range members {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		f, known := fields[strings.ToLower(k)] // the decoder matches names case-insensitively
		if !known {
			continue
		}
		if json.Unmarshal(members[k], reflect.New(f.typ).Interface()) != nil {
			return f.name, f.typ, true
		}
	}
	return "", nil, false
}

// wireField is a struct field as it appears on the wire.
type wireField struct {
	name string
	typ  reflect.Type
}

// wireFields lists a struct's JSON members by lower-cased name, flattening
// embedded structs the way encoding/json does.
func wireFields(t reflect.Type) map[string]wireField {
	out := map[string]wireField{}
	if t.Kind() != reflect.Struct {
		return out
	}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag, hasTag := f.Tag.Lookup("json")
		name, _, _ := strings.Cut(tag, ",")
		if name == "-" && tag == "-" {
			continue
		}
		if f.Anonymous && (!hasTag || name == "") && f.Type.Kind() == reflect.Struct {
			for k, v := range wireFields(f.Type) {
				if _, shadowed := out[k]; !shadowed {
					out[k] = v
				}
			}
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[strings.ToLower(name)] = wireField{name: name, typ: f.Type}
	}
	return out
}

// Types that decode more than one JSON kind, worded for a JSON author.
var flexKinds = map[reflect.Type]string{
	reflect.TypeFor[api.NullInt]():    "an integer or null",
	reflect.TypeFor[api.FlexString](): "a string or a number",
}

// jsonKind names what a field of type t takes, the way a JSON author thinks
// of it.
func jsonKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if k, special := flexKinds[t]; special {
		return k
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Slice, reflect.Array:
		return "an array of " + plural(jsonKind(t.Elem()))
	case reflect.Map, reflect.Struct:
		return "an object"
	}
	return "of another type"
}

// plural turns "an integer" into "integers".
func plural(kind string) string {
	kind = strings.TrimPrefix(strings.TrimPrefix(kind, "an "), "a ")
	return kind + "s"
}
