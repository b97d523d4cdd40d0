package api_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"

	"github.com/stratop/stratop/api"
)

// TestOpenAPI_IsAValid31Document checks the description against the OpenAPI
// 3.1 schema with the validator library the sandbox's tests use.
func TestOpenAPI_IsAValid31Document(t *testing.T) {
	doc, err := libopenapi.NewDocument(api.OpenAPI())
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if v := doc.GetVersion(); v != "3.1.0" {
		t.Fatalf("openapi %q, want 3.1.0", v)
	}
	v, errs := validator.NewValidator(doc)
	if len(errs) > 0 {
		t.Fatalf("validator: %v", errs)
	}
	if valid, verrs := v.ValidateDocument(); !valid {
		for _, e := range verrs {
			t.Errorf("%s: %s (%s)", e.ValidationType, e.Message, e.Reason)
		}
	}
}

// TestOpenAPI_OpenAPIReturnsACopy guards the embedded bytes from callers.
func TestOpenAPI_OpenAPIReturnsACopy(t *testing.T) {
	a := api.OpenAPI()
	a[0] = 'X'
	if api.OpenAPI()[0] != '{' {
		t.Fatal("OpenAPI shares its bytes with callers")
	}
}

// TestOpenAPI_SharedRulesAreTheDescriptions holds the description to the
// rules the client and the sandbox share: the raw amount pattern accepts
// exactly what api.ValidRawAmount accepts, and the e-mail pattern and
// length are api.EmailPattern and api.MaxEmailLength.
func TestOpenAPI_SharedRulesAreTheDescriptions(t *testing.T) {
	d := loadDoc(t)
	raw := d.schema(t, "RawAmount")
	re := regexp.MustCompile(raw["pattern"].(string))
	if int(raw["maxLength"].(float64)) != api.MaxRawAmountDigits {
		t.Errorf("RawAmount maxLength %v, want %d", raw["maxLength"], api.MaxRawAmountDigits)
	}
	samples := []string{
		"0", "1", "000", "1000000", api.MaxRawAmount, "340282366920938463463374607431768211456",
		"340282366920938463463374607431768211454", "339999999999999999999999999999999999999",
		"340282366920938463463374607431768211460", "340282366920938463463374607431768212455",
		"400000000000000000000000000000000000000", "999999999999999999999999999999999999999",
		strings.Repeat("9", 38), strings.Repeat("0", 39), strings.Repeat("0", 40), "1" + strings.Repeat("0", 39),
		"", "-1", "+1", "1.5", "1e3", " 1", "0x10", "١",
	}
	for i := 0; i < len(api.MaxRawAmount); i++ { // one more than the bound at every digit
		b := []byte(api.MaxRawAmount)
		if b[i] < '9' {
			b[i]++
			samples = append(samples, string(b))
		}
		if b[i] > '1' {
			b[i] -= 2
			samples = append(samples, string(b))
		}
	}
	for _, s := range samples {
		if got, want := re.MatchString(s), api.ValidRawAmount(s); got != want {
			t.Errorf("raw amount %q: description %v, api.ValidRawAmount %v", s, got, want)
		}
	}
	email := d.schema(t, "CreateIntegrationUserDto")["properties"].(map[string]any)["email"].(map[string]any)
	if email["pattern"] != api.EmailPattern || int(email["maxLength"].(float64)) != api.MaxEmailLength {
		t.Errorf("email pattern %q maxLength %v, want api.EmailPattern and %d", email["pattern"], email["maxLength"], api.MaxEmailLength)
	}
}

// TestValidEmailAndRawAmount pins the shared rules themselves.
func TestValidEmailAndRawAmount(t *testing.T) {
	for s, want := range map[string]bool{
		"a@b.co": true, "first.last+tag@mail.example.com": true, "a@localhost": false, "A <a@b.co>": false,
		"a b@c.co": false, "a@b.co\n": false, "@b.co": false, "a@.co": false, "a@b.co.": false,
		"a@" + strings.Repeat("b", 250) + ".co": false, strings.Repeat("a", 64) + "@example.com": true,
	} {
		if got := api.ValidEmail(s); got != want {
			t.Errorf("ValidEmail(%q) = %v, want %v", s, got, want)
		}
	}
	for s, want := range map[string]bool{
		api.MaxRawAmount: true, "340282366920938463463374607431768211456": false, "0": true, "": false,
		"0" + api.MaxRawAmount: false, "12a": false,
	} {
		if got := api.ValidRawAmount(s); got != want {
			t.Errorf("ValidRawAmount(%q) = %v, want %v", s, got, want)
		}
	}
}
