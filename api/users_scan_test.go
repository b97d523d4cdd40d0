package api

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// scanBodies are answers the scanner reads itself and answers it leaves to
// encoding/json, side by side.
var scanBodies = []string{
	`[]`, ` [ ] `, "\xef\xbb\xbf[{\"id\":1,\"externalUserId\":\"a\"}]", "\xef\xbb\xbf", "\xef\xbb",
	`[{"id":1,"externalUserId":"a","walletAddress":"0xw","extra":{"x":[1,2]}},{"id":2,"externalUserId":"b"}]`,
	`[null,{"id":3}]`, "\n[{\"id\":4}]\n\t", "[ {\r\n\"id\" :\t5 , \"email\" : \"e@x\" } , null ]",
	``, `   `, `null`, ` null `, `nul`, `nope`, `<html>no</html>`, `{"users":"all of them"}`, `"users"`, `42`, `true`,
	`[{"id":"seven"}]`, `[{"id":1,"externalUserId":7}]`, `[{"id":1}`, `[{"id":1},]`, `[{"id":1}] x`, `[] []`, `[1]`, `[{"id":1}}`,
	`[`, `[{`, `[{"id"`, `[{"id":`, `[{"id":1`, `[{"id":1,`, `[{"id":1}` + "\n", `[{"externalUserId":"ab`, `[nul]`, `[nullx]`, `[null`,
	// numbers: plain integers here, the rest through encoding/json
	`[{"id":-0},{"id":0},{"id":-42}]`, `[{"id":01}]`, `[{"id":-}]`, `[{"id":1.0}]`, `[{"id":1e3}]`, `[{"id":1E+3}]`, `[{"id":2.5e-1}]`,
	`[{"id":123456789012345678}]`, `[{"id":9223372036854775807}]`, `[{"id":-9223372036854775808}]`, `[{"id":9223372036854775808}]`,
	`[{"id":true}]`, `[{"id":[1]}]`, `[{"id":{"a":1}}]`, `[{"id":1x}]`, `[{"id":--1}]`, `[{"id":.5}]`, `[{"id":1.}]`, `[{"id":1e}]`,
	// null keeps what a field holds; the last of a repeated key counts
	`[{"id":null,"externalUserId":null,"walletAddress":null,"email":null}]`,
	`[{"externalUserId":"a","externalUserId":null},{"id":5,"id":null},{"id":5,"id":6},{"walletAddress":"x","walletAddress":"y"}]`,
	// escapes, Unicode, invalid UTF-8 and control characters
	`[{"externalUserId":"a\"b\\c\/d\b\f\n\r\t"}]`, `[{"externalUserId":"\u00e9\u4e2d\ud83d\ude00"}]`, `[{"externalUserId":"\ud800"},{"walletAddress":"\udc00x"}]`,
	`[{"externalUserId":"\u001b[31mred\u001b[0m"}]`, `[{"externalUserId":"\x"}]`, `[{"externalUserId":"\u12"}]`, `[{"externalUserId":"\uZZZZ"}]`,
	"[{\"externalUserId\":\"\x1b[2J\"}]", "[{\"externalUserId\":\"tab\there\"}]", "[{\"externalUserId\":\"del\x7f\"}]",
	"[{\"externalUserId\":\"caf\xc3\xa9 \xe4\xb8\xad \xf0\x9f\x98\x80\"}]", "[{\"externalUserId\":\"bad\xff\xfe\"}]", "[{\"externalUserId\":\"cut\xe4\xb8\"}]",
	"[{\"externalUserId\":\"sur\xed\xa0\x80\"}]", "[{\"externalUserId\":\"\xef\xbf\xbd\"}]", "[{\"externalUserId\":\"\xc2\x9b31m\"}]",
	// keys: other cases and Unicode letters encoding/json folds, escaped keys, unknown keys
	`[{"ID":7,"ExternalUserId":"A","WALLETADDRESS":"W","Email":"E"}]`, `[{"externalUſerId":"long s"}]`, `[{"emaiK":"kelvin"}]`,
	`[{"\u0069d":8}]`, `[{"i\u0064":9,"externalUserId":"x"}]`, `[{"other":"x","n":-1.5e+2,"t":true,"f":false,"z":null,"id":10}]`,
	`[{"other":"x\"y"}]`, `[{"other":[1,{"id":3}]},{"other":{"id":4}}]`, `[{"other":tru}]`, `[{"other":01}]`, `[{"other":1.}]`, `[{"é":1}]`,
	`[{"id":1 "externalUserId":"x"}]`, `[{"id" 1}]`, `[{id:1}]`, `[{"id":1,}]`, `[{,"id":1}]`, `[{"id":1}{"id":2}]`, `[{"id":1},,{"id":2}]`,
	// elements that are not users
	`["user"]`, `[[1]]`, `[true]`, `[{"id":1},"x",{"id":2}]`, `[{"id":1},1.5]`,
}

// scanAll scans body through r, keeping copies of what is handed.
func scanAll(r io.Reader) ([]User, error) {
	var got []User
	err := scanUsers(r, func(f *UserFields) {
		got = append(got, User{ID: f.ID, ExternalUserID: string(f.ExternalUserID), WalletAddress: string(f.WalletAddress), Email: string(f.Email)})
	})
	return got, err
}

// sameAsEncodingJSON reports how the scanner's reading of body differs from
// encoding/json's: the users of json.Unmarshal (decodeResponse, the path of
// every other answer) or an error where it fails, with the text
// encoding/json's own streaming decoder gives (decodeArray, a byte offset
// aside). The two encoding/json paths differ in text only: a stream hands
// what it decoded before a later syntax error, so "[0 0" fails on the type
// of its first element, where json.Unmarshal reports the syntax.
func sameAsEncodingJSON(body []byte, r io.Reader) string {
	var whole []User
	_, wantErr := decodeResponse(body, &whole, needJSON)
	streamErr := decodeArray(bytes.NewReader(body), func(User) {})
	got, err := scanAll(r)
	switch {
	case (err == nil) != (wantErr == nil):
		return fmt.Sprintf("scanned error %v, encoding/json %v", err, wantErr)
	case err != nil && (streamErr == nil || noOffset(err) != noOffset(streamErr)):
		return fmt.Sprintf("scanned error %q, encoding/json's stream %v", err, streamErr)
	case err == nil && !slices.Equal(got, whole):
		return fmt.Sprintf("scanned %+v, encoding/json %+v", got, whole)
	}
	return ""
}

// Every body decodes as through encoding/json, whether the connection gives
// it whole, a byte at a time (every field cut across reads) or in pieces
// larger than the scanner's buffer.
func TestScannedUsersDecodeAsEncodingJSON(t *testing.T) {
	for _, body := range scanBodies {
		b := []byte(body)
		if diff := sameAsEncodingJSON(b, bytes.NewReader(b)); diff != "" {
			t.Errorf("%q: %s", body, diff)
		}
		if diff := sameAsEncodingJSON(b, iotest.OneByteReader(bytes.NewReader(b))); diff != "" {
			t.Errorf("%q a byte at a time: %s", body, diff)
		}
		if diff := sameAsEncodingJSON(b, iotest.DataErrReader(bytes.NewReader(b))); diff != "" {
			t.Errorf("%q with the end in the last read: %s", body, diff)
		}
	}
}

// The scanner reads the common shape itself: a value of the users handed
// points into its buffer (no copy), and a long answer crosses many reads.
func TestScannerReadsTheCommonShapeInPlace(t *testing.T) {
	body := usersBody(5000) // about 400 kB: several buffers
	var n int
	var copied bool
	err := scanUsers(strings.NewReader(body), func(f *UserFields) {
		n++
		want := fmt.Sprintf("cust_%08d", n)
		if f.ID != int64(n) || string(f.ExternalUserID) != want {
			t.Fatalf("user %d: %d %q", n, f.ID, f.ExternalUserID)
		}
		copied = copied || cap(f.ExternalUserID) == len(f.ExternalUserID)
	})
	if err != nil || n != 5000 {
		t.Fatalf("%d users: %v", n, err)
	}
	if copied {
		t.Error("an external id was copied out of the buffer: the common shape went through encoding/json")
	}
}

// A value larger than the buffer (a hostile 200 kB name) is kept whole
// while its element is read.
func TestScannerGrowsForALargeElement(t *testing.T) {
	long := strings.Repeat("n", 3*scanBufSize)
	body := `[{"id":1,"externalUserId":"` + long + `"},{"id":2,"walletAddress":"w"}]`
	got, err := scanAll(strings.NewReader(body))
	if err != nil || len(got) != 2 || got[0].ExternalUserID != long || got[1].WalletAddress != "w" {
		t.Fatalf("%d users, %v", len(got), err)
	}
}

// Elements left to encoding/json one after another in a long answer read
// in large blocks: what its decoder did not reach of the scanner's buffer
// is read next, not skipped.
func TestScannerGoesOnAfterAnElementLeftToEncodingJSON(t *testing.T) {
	var b strings.Builder
	b.WriteString("[")
	for i := 1; i <= 400; i++ {
		if i > 1 {
			b.WriteString(",")
		}
		name := fmt.Sprintf("plain_%04d", i)
		if i%3 == 0 {
			name = fmt.Sprintf(`esc\u001b[2J_%04d`, i)
		}
		fmt.Fprintf(&b, `{"id":%d,"externalUserId":"%s","walletAddress":"0x%040d"}`, i, name, i)
	}
	b.WriteString("]")
	body := []byte(b.String())
	if diff := sameAsEncodingJSON(body, bytes.NewReader(body)); diff != "" {
		t.Fatal(diff)
	}
	if got, err := scanAll(bytes.NewReader(body)); err != nil || len(got) != 400 {
		t.Fatalf("%d users, %v", len(got), err)
	}
}

// FuzzScanUsers: any answer decodes as through encoding/json.
func FuzzScanUsers(f *testing.F) {
	for _, body := range scanBodies {
		f.Add([]byte(body))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		if diff := sameAsEncodingJSON(body, bytes.NewReader(body)); diff != "" {
			t.Fatal(diff)
		}
		if diff := sameAsEncodingJSON(body, iotest.OneByteReader(bytes.NewReader(body))); diff != "" {
			t.Fatalf("a byte at a time: %s", diff)
		}
	})
}

// BenchmarkScanUsers100k: the scanner over a 100,000-user answer (9.4 MB)
// held in memory, beside BenchmarkDecodeUsersStream100k (encoding/json).
func BenchmarkScanUsers100k(b *testing.B) {
	body := usersBody(100_000)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		if err := scanUsers(strings.NewReader(body), func(*UserFields) { n++ }); err != nil || n != 100_000 {
			b.Fatal(n, err)
		}
	}
}
