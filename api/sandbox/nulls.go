package sandbox

// null in a request body is refused wherever the description (api/openapi.json)
// does not allow it. Decoding null into an optional field leaves it unset,
// so without this check null would pass as "absent" here while a
// validating proxy in front of a real interface refuses the same request:
// a client tested against the sandbox must not learn a habit that breaks
// there. The rule is read from the description itself, so the two cannot
// drift apart.

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// nullRules holds the request body schema of each body route, by path.
type nullRules struct {
	schemas map[string]any // components.schemas
	bodies  map[string]any // "/api/v1/users" -> its request body schema
}

// requestNulls parses the description at the first request with a body,
// not at start: parsing 160 kB of JSON took 2 ms of every start of the
// binary, including the dashboard's and commands that never serve.
var requestNulls = sync.OnceValue(func() nullRules { return loadNullRules(openAPIDoc()) })

func loadNullRules(doc []byte) nullRules {
	var d struct {
		Paths      map[string]map[string]json.RawMessage `json:"paths"`
		Components struct {
			Schemas map[string]any `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(doc, &d); err != nil {
		panic("sandbox: the embedded OpenAPI description does not parse: " + err.Error())
	}
	rules := nullRules{schemas: d.Components.Schemas, bodies: map[string]any{}}
	for p, ops := range d.Paths {
		var op struct {
			RequestBody struct {
				Content map[string]struct {
					Schema any `json:"schema"`
				} `json:"content"`
			} `json:"requestBody"`
		}
		if raw, ok := ops["post"]; ok && json.Unmarshal(raw, &op) == nil {
			if c, ok := op.RequestBody.Content["application/json"]; ok {
				rules.bodies["/api/v1"+p] = c.Schema
			}
		}
	}
	return rules
}

// refuseNulls answers 400 naming every null of body the route's schema
// does not allow; ok when there is none (or the body is not JSON: the
// decoder words that).
func (n nullRules) refuseNulls(path string, body []byte) (reply, bool) {
	schema, known := n.bodies[path]
	if !known || !bytes.Contains(body, []byte("null")) {
		return reply{}, true
	}
	var v any
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if dec.Decode(&v) != nil {
		return reply{}, true
	}
	var msgs []string
	n.walk(v, schema, "", &msgs)
	if len(msgs) == 0 {
		return reply{}, true
	}
	slices.Sort(msgs)
	return badRequest(msgs...), false
}

// walk visits v with the schema that describes it, noting each null the
// schema does not allow.
func (n nullRules) walk(v, schema any, at string, msgs *[]string) {
	s := n.resolve(schema)
	switch v := v.(type) {
	case nil:
		if at != "" && !n.allowsNull(s) {
			*msgs = append(*msgs, echo(at)+" must not be null (leave it out when it has no value)")
		}
	case map[string]any:
		for k, val := range v {
			if sub, ok := n.property(s, k); ok {
				n.walk(val, sub, joinField(at, k), msgs)
			}
		}
	case []any:
		items := n.items(s)
		for i, val := range v {
			if items != nil {
				n.walk(val, items, at+"["+strconv.Itoa(i)+"]", msgs)
			}
		}
	}
}

func joinField(at, k string) string {
	if at == "" {
		return k
	}
	return at + "." + k
}

// resolve follows a $ref to its schema.
func (n nullRules) resolve(schema any) map[string]any {
	for range 16 { // a description never chains refs this deep; a loop ends
		s, _ := schema.(map[string]any)
		ref, ok := s["$ref"].(string)
		if !ok {
			return s
		}
		schema = n.schemas[strings.TrimPrefix(ref, "#/components/schemas/")]
	}
	return nil
}

// property is the schema of an object's property k: its own properties,
// else those of the schemas it is made of.
func (n nullRules) property(s map[string]any, k string) (any, bool) {
	if props, ok := s["properties"].(map[string]any); ok {
		if p, ok := props[k]; ok {
			return p, true
		}
	}
	for _, part := range members(s, "allOf") {
		if p, ok := n.property(n.resolve(part), k); ok {
			return p, true
		}
	}
	return nil, false
}

// items is the schema of an array's elements.
func (n nullRules) items(s map[string]any) any {
	if it, ok := s["items"]; ok {
		return it
	}
	for _, part := range members(s, "allOf") {
		if it := n.items(n.resolve(part)); it != nil {
			return it
		}
	}
	return nil
}

// allowsNull reports whether JSON null is valid for s: every keyword that
// constrains the type must admit it (type, enum, const, allOf), and one of
// the alternatives of oneOf and anyOf. A schema that says nothing of the
// type admits anything.
func (n nullRules) allowsNull(s map[string]any) bool {
	if s == nil {
		return true
	}
	if t, ok := s["type"]; ok {
		switch t := t.(type) {
		case string:
			if t != "null" {
				return false
			}
		case []any:
			if !slices.Contains(t, any("null")) {
				return false
			}
		}
	}
	if e, ok := s["enum"].([]any); ok && !slices.Contains(e, nil) {
		return false
	}
	if c, ok := s["const"]; ok && c != nil {
		return false
	}
	for _, part := range members(s, "allOf") {
		if !n.allowsNull(n.resolve(part)) {
			return false
		}
	}
	for _, kw := range []string{"oneOf", "anyOf"} {
		if alts := members(s, kw); len(alts) > 0 && !slices.ContainsFunc(alts, func(a any) bool { return n.allowsNull(n.resolve(a)) }) {
			return false
		}
	}
	return true
}

func members(s map[string]any, kw string) []any {
	list, _ := s[kw].([]any)
	return list
}
