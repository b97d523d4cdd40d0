package fleetcmd

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/stratop/stratop/internal/fleet"
	"github.com/stratop/stratop/internal/text"
)

// writeTable prints one line per row, the state words in full, then the
// header's summary.
func writeTable(w io.Writer, rows []fleet.Row) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "LABEL\tHOST\tSTATE\tAGE\tUSERS\tACTIVE\tSUSPENDED\tPAUSED\tCOMPLETED\tMOVED IN 1H\tALERTS\tFAILED\tUNKNOWN\tJOBS\tERROR")
	for _, r := range rows {
		cells := []string{text.Clean(r.Label), text.Clean(r.Host), r.StateText(), fleet.Age(r), fleet.OptInt64(r.Users)}
		for _, s := range fleet.Statuses {
			cells = append(cells, fleet.Count(r, s))
		}
		cells = append(cells, fleet.Movers(r), fleet.Alerts(r), strconv.Itoa(r.ActionsFailed), strconv.Itoa(r.ActionsUnknown),
			strconv.Itoa(r.JobsRunning), text.CleanN(r.Error, 80))
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w, fleet.Header(fleet.Summarise(rows)))
	return err
}
