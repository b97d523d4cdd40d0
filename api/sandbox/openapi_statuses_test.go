package sandbox_test

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/stratop/stratop/api"
)

// The description's default answer covers any status, so the validator
// alone would let the sandbox answer a status no operation lists. The
// conformance check holds the sandbox to the listed ones: a status the
// sandbox gives is one the description names for that operation.

// documentedOp is one operation of the description: its path as a pattern
// and the statuses it lists (not counting default).
type documentedOp struct {
	method   string
	template string
	pattern  *regexp.Regexp
	statuses map[int]bool
	hasBody  bool
}

var pathParam = regexp.MustCompile(`\{[^/}]+\}`)

// documentedOps reads every operation of the description, once.
var documentedOps = sync.OnceValue(func() []documentedOp {
	var doc struct {
		Paths map[string]map[string]struct {
			Responses   map[string]json.RawMessage `json:"responses"`
			RequestBody json.RawMessage            `json:"requestBody"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(api.OpenAPI(), &doc); err != nil {
		panic("the embedded description does not parse: " + err.Error())
	}
	var ops []documentedOp
	for template, item := range doc.Paths {
		literals := pathParam.Split(template, -1)
		for i := range literals {
			literals[i] = regexp.QuoteMeta(literals[i])
		}
		re := regexp.MustCompile("^/api/v1" + strings.Join(literals, `[^/]+`) + "$")
		for method, op := range item {
			codes := map[int]bool{}
			for k := range op.Responses {
				if n, err := strconv.Atoi(k); err == nil {
					codes[n] = true
				}
			}
			ops = append(ops, documentedOp{method: strings.ToUpper(method), template: template, pattern: re, statuses: codes, hasBody: op.RequestBody != nil})
		}
	}
	return ops
})

// listsStatus reports whether the operation that method and path reach
// lists status itself. A literal path wins over a template, as the
// sandbox's router decides (/strategies/getStrategies is no strategy id).
func listsStatus(method, path string, status int) bool {
	var best *documentedOp
	for i, op := range documentedOps() {
		if op.method != method || !op.pattern.MatchString(path) {
			continue
		}
		if best == nil || strings.Count(op.template, "{") < strings.Count(best.template, "{") {
			best = &documentedOps()[i]
		}
	}
	return best != nil && best.statuses[status]
}
