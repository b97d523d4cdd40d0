package watch

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
)

// eventID derives an event's id from what identifies the change, never
// from when it was seen: the host, the kind and the parts given (for a
// status change the strategy, its change sequence from the cursor and the
// status after). The same change observed again after a crash therefore
// gets the same id.
func eventID(host string, kind Kind, parts ...string) string {
	h := sha256.New()
	_, _ = h.Write([]byte(host + "\x00" + string(kind) + "\x00" + strings.Join(parts, "\x00")))
	return hex.EncodeToString(h.Sum(nil)[:10])
}

func i64(v int64) string { return strconv.FormatInt(v, 10) }
