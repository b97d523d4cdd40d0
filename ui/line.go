package ui

// Lines of parts with priorities (the header, the status line): when the
// width runs out, the least important part gives way first, shortened with
// an ellipsis down to its floor and then, if it may be, dropped; the parts
// that must stay are shortened only when nothing else is left to give.

import (
	"cmp"
	"slices"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/stratop/stratop/internal/text"
)

// part is one part of a prioritised line.
type part struct {
	text  string // plain text, sanitised
	style lipgloss.Style
	pad   bool   // drawn with a space on each side (a badge)
	join  string // the separator before it; "": the line's
	// give is how the part gives way: its rank (lower gives way first)
	// and its floor, the narrowest it may be shortened to; a part with
	// keep set is never dropped.
	rank  int
	floor int
	keep  bool
}

// minCut is the narrowest a shortened part is drawn (a few characters and
// the ellipsis); a part that would be narrower is dropped instead.
const minCut = 4

func (p part) width() int {
	w := text.Width(p.text)
	if p.pad {
		w += 2
	}
	return w
}

func (p part) render(w int) string {
	if p.pad {
		return p.style.Render(" " + text.Fit(p.text, w-2) + " ")
	}
	return p.style.Render(text.Fit(p.text, w))
}

// fitParts draws parts joined by sep within width.
func fitParts(parts []part, sep string, width int) string {
	widths := make([]int, len(parts))
	total := 0
	for i, p := range parts {
		widths[i] = p.width()
		total += widths[i]
	}
	seps := make([]int, len(parts))
	for i, p := range parts {
		if i > 0 {
			seps[i] = text.Width(cmp.Or(p.join, sep))
			total += seps[i]
		}
	}
	// Pass 1: the parts that may go, by rank; pass 2: the kept ones down
	// to their floors.
	for _, kept := range []bool{false, true} {
		for _, i := range byRank(parts) {
			excess := total - width
			if excess <= 0 {
				break
			}
			p := parts[i]
			if p.keep != kept || widths[i] == 0 {
				continue
			}
			floor := max(p.floor, minCut)
			if p.pad {
				floor += 2
			}
			target := widths[i] - excess
			switch {
			case !kept && target < floor:
				target = 0 // too narrow to say anything: dropped
			case kept:
				target = max(target, min(floor, widths[i]))
			}
			if target >= widths[i] {
				continue
			}
			if target == 0 {
				total -= widths[i] + seps[i]
			} else {
				total -= widths[i] - target
			}
			widths[i] = target
		}
	}
	var b strings.Builder
	for i, p := range parts {
		if widths[i] == 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(cmp.Or(p.join, sep))
		}
		b.WriteString(p.render(widths[i]))
	}
	return cutStyled(b.String(), width)
}

// byRank lists the parts' indices from the first to give way.
func byRank(parts []part) []int {
	idx := make([]int, len(parts))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return parts[a].rank - parts[b].rank })
	return idx
}
