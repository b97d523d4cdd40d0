package ui

// Wording of the actions agents asked for (stratop mcp) that wait for a
// person, as Needs attention shows them.

import (
	"strconv"
	"time"

	"github.com/stratop/stratop/internal/text"
)

// ApprovalNote is a waiting request's line, the command that decides it
// first so a narrow screen keeps it: "stratop approve k3f9q2xa · halt 2
// targets · 8m left · claude 1.2: “ticket 9”".
func ApprovalNote(action string, targets int, agent, reason, id string, left time.Duration) string {
	s := "stratop approve " + text.CleanN(id, 12) + " · " + text.CleanN(action, 20) + " " + strconv.Itoa(targets) + " target"
	if targets != 1 {
		s += "s"
	}
	s += " · " + Age(max(left, 0)) + " left · " + text.CleanN(agent, 40)
	if reason != "" {
		s += ": “" + text.CleanN(reason, 60) + "”"
	}
	return s
}

// ApprovalsUnreadable says the waiting requests could not be read.
func ApprovalsUnreadable(err string) string {
	return "agents' requests could not be read: " + text.CleanN(err, 120)
}
