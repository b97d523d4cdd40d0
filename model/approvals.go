package model

// The actions agents asked for through stratop mcp that wait for a person:
// read with serve's alerts at the Activity's poll (only when approvals.json
// changed), and shown under Needs attention with the command that decides
// each, until it is decided or expires.

import (
	"cmp"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/stratop/stratop/internal/approval"
	"github.com/stratop/stratop/ui"
)

// approvalsData is the requests pending when the file was last read.
type approvalsData struct {
	list  []approval.Request
	stamp fileStamp
	err   string // the file could not be read (in words), "" when fine
}

// readApprovals reads the pending requests in dir when the file changed
// since prev; a local read, nothing is sent.
func readApprovals(dir string, prev approvalsData) approvalsData {
	if dir == "" {
		return approvalsData{}
	}
	var st fileStamp
	if fi, err := os.Stat(filepath.Join(dir, approval.FileName)); err == nil {
		st = fileStamp{size: fi.Size(), mod: fi.ModTime()}
	}
	if st == prev.stamp && prev.err == "" {
		return prev
	}
	if st == (fileStamp{}) {
		return approvalsData{}
	}
	all, err := approval.New(dir).List()
	if err != nil {
		return approvalsData{stamp: st, err: err.Error()}
	}
	return approvalsData{stamp: st, list: slices.DeleteFunc(all, func(r approval.Request) bool { return r.State != approval.Pending })}
}

// applyApprovals keeps the requests read, counting each change so Needs
// attention is recomputed.
func (t activityTab) applyApprovals(d approvalsData) activityTab {
	if d.stamp != t.approvals.stamp || d.err != t.approvals.err {
		t.approvals = d
		t.approvalsGen++
	}
	return t
}

func (t activityTab) approvalsVersion() int { return t.approvalsGen }

// approvalAttention appends a line per request still waiting at now,
// newest first; one that cannot be read is a line too.
func (t activityTab) approvalAttention(now time.Time, dst []ui.AttentionLine) []ui.AttentionLine {
	if t.approvals.err != "" {
		return append(dst, ui.AttentionLine{At: now, Kind: ui.AttentionApproval, Note: ui.ApprovalsUnreadable(t.approvals.err)})
	}
	start := len(dst)
	loc := now.Location()
	for _, r := range t.approvals.list {
		if r.StateAt(now) != approval.Pending {
			continue
		}
		l := ui.AttentionLine{At: r.Created.In(loc), Kind: ui.AttentionApproval,
			Note: ui.ApprovalNote(r.Action, len(r.Targets), r.Client, r.Reason, r.ID, r.Expires.Sub(now))}
		if ids := r.IDs(); len(ids) == 1 {
			l.Strategy = ids[0]
		}
		dst = append(dst, l)
	}
	added := dst[start:]
	slices.SortFunc(added, func(a, b ui.AttentionLine) int {
		if c := b.At.Compare(a.At); c != 0 {
			return c
		}
		return cmp.Compare(a.Note, b.Note)
	})
	return dst
}
