package api

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// choiceKey marks a place where the description or the sandbox decides
// what the spec leaves open, with the decision in words.
const choiceKey = "x-stratop-choice"

// choicesFile lists every marked place; the test fails when the
// description and the list differ, so a choice is added or dropped only
// on purpose (STRATOP_UPDATE_CHOICES=1 rewrites the list).
var choicesFile = filepath.Join("testdata", "openapi-choices.txt")

// choice is one marked node: its JSON pointer, its words and the node.
type choice struct {
	at, words string
	node      map[string]any
}

// walkDoc visits every object of the description with its JSON pointer.
func walkDoc(v any, at string, visit func(at string, node map[string]any)) {
	switch v := v.(type) {
	case map[string]any:
		visit(at, v)
		for k, sub := range v {
			walkDoc(sub, at+"/"+strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1"), visit)
		}
	case []any:
		for i, sub := range v {
			walkDoc(sub, at+"/"+strconv.Itoa(i), visit)
		}
	}
}

func docChoices(t *testing.T) (map[string]any, []choice) {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(OpenAPI(), &doc); err != nil {
		t.Fatal(err)
	}
	var out []choice
	walkDoc(doc, "", func(at string, node map[string]any) {
		if w, ok := node[choiceKey]; ok {
			s, _ := w.(string)
			out = append(out, choice{at: at, words: s, node: node})
		}
	})
	sort.Slice(out, func(i, j int) bool { return out[i].at < out[j].at })
	return doc, out
}

func TestEveryChoiceIsMarkedWithWordsAndListed(t *testing.T) {
	doc, choices := docChoices(t)
	var list strings.Builder
	for _, c := range choices {
		if len(c.words) < 20 || !strings.HasSuffix(c.words, ".") {
			t.Errorf("%s: %s says too little: %q", c.at, choiceKey, c.words)
		}
		list.WriteString(c.at + "\t" + c.words + "\n")
	}
	if os.Getenv("STRATOP_UPDATE_CHOICES") == "1" {
		if err := os.WriteFile(choicesFile, []byte(list.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(choicesFile)
	if err != nil || string(want) != list.String() {
		t.Errorf("the choices of the description differ from %s (%v); review them and rerun with STRATOP_UPDATE_CHOICES=1", choicesFile, err)
	}

	marked := map[string]string{}
	for _, c := range choices {
		marked[c.at] = c.words
	}
	// The places the spec leaves open that the description decides.
	for at, want := range map[string]string{
		"/paths/~1strategies~1{strategyId}~1halt/post":                   "refused (400) on completed and archived",
		"/paths/~1strategies~1stopStrategy/post":                         "refused (400) on completed and archived",
		"/paths/~1strategies~1disableStrategy/post":                      "refused (400) on completed and archived",
		"/components/schemas/ChainId":                                    "whole numbers only",
		"/components/schemas/CreateDcaStrategyRequest/properties/orders": "whole numbers only",
		"/components/schemas/Address":                                    "EVM address",
		"/components/schemas/Strategy/properties/userId":                 "An extension",
		"/components/schemas/ErrorBody":                                  "the sandbox's choice",
		"/components/schemas/CreateVolumeStrategyRequest":                "Unknown properties are refused",
		"/servers/0": "--addr",
	} {
		if !strings.Contains(marked[at], want) {
			t.Errorf("%s: %s %q lacks %q", at, choiceKey, marked[at], want)
		}
	}
	// No place that says the sandbox decided goes unmarked, and every
	// integer the spec calls a number is marked.
	says := regexp.MustCompile(`sandbox's choice|An extension|bound is the sandbox's|Unknown properties are refused`)
	walkDoc(doc, "", func(at string, node map[string]any) {
		desc, _ := node["description"].(string)
		if says.MatchString(desc) && marked[at] == "" && at != "/info" {
			t.Errorf("%s says the sandbox decided (%q) but has no %s", at, desc, choiceKey)
		}
		if node["type"] == "integer" && !strings.HasSuffix(at, "/depositChainId") && !strings.Contains(marked[at], "whole numbers") &&
			!strings.Contains(at, "/ChainId/") {
			t.Errorf("%s: an integer where the spec says number, not marked", at)
		}
	})
	t.Logf("%d choices marked", len(choices))
}
