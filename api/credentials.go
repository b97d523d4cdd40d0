package api

import (
	"fmt"
	"log/slog"
)

// Credentials are the integration's API key and secret. Every way Go prints or
// serialises a value (fmt verbs, JSON, slog) shows the secret as "[REDACTED]",
// so a credentials value that slips into a log or an error cannot leak it.
type Credentials struct {
	Key    string
	Secret string
}

const redacted = "[REDACTED]"

// String shows the masked key and never the secret.
func (c Credentials) String() string {
	return fmt.Sprintf("Credentials{Key:%s Secret:%s}", MaskKey(c.Key), redacted)
}

// GoString keeps %#v from printing the fields.
func (c Credentials) GoString() string { return c.String() }

// Format covers every fmt verb, including %+v and %q.
func (c Credentials) Format(f fmt.State, _ rune) { _, _ = f.Write([]byte(c.String())) }

// MarshalJSON writes only the masked key.
func (c Credentials) MarshalJSON() ([]byte, error) {
	return []byte(`{"key":"` + MaskKey(c.Key) + `","secret":"` + redacted + `"}`), nil
}

// LogValue keeps slog from reflecting into the fields.
func (c Credentials) LogValue() slog.Value {
	return slog.GroupValue(slog.String("key", MaskKey(c.Key)), slog.String("secret", redacted))
}

// Empty reports whether neither part is set.
func (c Credentials) Empty() bool { return c.Key == "" && c.Secret == "" }

// MaskKey shows at most the first and last four characters of a key
// ("abcd...wxyz"), and nothing of a key too short to mask safely.
func MaskKey(key string) string {
	r := []rune(key)
	if len(r) < 12 {
		return "****"
	}
	return sanitizeMask(string(r[:4])) + "..." + sanitizeMask(string(r[len(r)-4:]))
}

// sanitizeMask keeps only printable ASCII, so a key cannot carry escapes.
func sanitizeMask(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			b[i] = '?'
		}
	}
	return string(b)
}
