package watch

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
)

// eventID derives an event's id from what identifies the change, never
// from when it was seen: the integration (idSource), the kind and the
// parts given (for a status change the strategy, its change sequence from
// the cursor and the status after). The same change observed again after
// a crash therefore gets the same id.
func eventID(o Options, kind Kind, parts ...string) string {
	h := sha256.New()
	_, _ = h.Write([]byte(o.idSource() + "\x00" + string(kind) + "\x00" + strings.Join(parts, "\x00")))
	return hex.EncodeToString(h.Sum(nil)[:10])
}

// idSource is the part of every event id that says whose change it is.
// Two integrations may share a host (two partner keys, or two ports), and
// strategy ids, sequences and statuses of one can equal those of the
// other: the host alone would give their different changes one id, and a
// consumer that keeps ids across integrations (a reader of two watches'
// lines, a webhook receiver deduplicating on the message id, which
// carries the event's) would take the second for the first. So the
// integration's canonical form (scheme, host, port and the key's hash)
// joins the host.
//
// An engine given no integration keeps the host alone, the derivation
// ids had before: those engines (a dashboard's, an agent's) see one
// integration each, and their ids stay what they were.
//
// The upgrade: ids of changes seen after it differ from what the host
// alone would give, and nothing needs them not to. A change already
// reported is not reported again: the cursor (not touched by this) holds
// each strategy's change sequence and the state after, so the next cycle
// compares with the same rows, and a cycle interrupted by the upgrade is
// replayed from the cursor's outbox, whose events carry the ids they were
// saved with, which serve's seen log then drops. An open alert keeps its
// id (taken from its message once, kept in the alert store) and is neither
// sent again nor closed; Alertmanager's copy is keyed by its labels, not
// by ids. A later change gets a new alert as it would have anyway.
func (o Options) idSource() string {
	if o.Integration.IsZero() {
		return o.Host
	}
	return o.Host + "\x00" + o.Integration.String()
}

func i64(v int64) string { return strconv.FormatInt(v, 10) }
