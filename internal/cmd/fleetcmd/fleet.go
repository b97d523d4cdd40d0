// Package fleetcmd is `stratop fleet`: every profile's integration at a
// glance, one row (or JSON object) per integration.
package fleetcmd

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/internal/cmd/cmdutil"
	"github.com/stratop/stratop/internal/exit"
	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/internal/fleet"
)

// formats are what `stratop fleet` prints.
var formats = []cli.Format{cli.Table, cli.JSON}

// NewCmd is `stratop fleet`. On a terminal without -o it runs screen, the
// interactive fleet, which the root gives so that this package links no
// terminal UI; with screen nil it prints the table there too.
func NewCmd(fac *factory.Factory, screen func(*cobra.Command) error) *cobra.Command {
	var (
		output  string
		timeout time.Duration
	)
	cmd := &cobra.Command{
		Use:   "fleet",
		Short: "Every profile's integration at a glance: state, data age, counts, halts, alerts",
		Long: "On a terminal: the fleet view, rows kept fresh, enter opens an integration's dashboard and\n" +
			"esc comes back. Otherwise, or with -o: polls every saved profile's integration once, all at\n" +
			"once, each within --timeout, and prints\n" +
			"one row per integration, troubled first. -o json: one object per integration with\n" +
			"\"partial\": true when some did not answer. Exit 1 when none answered.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if screen != nil && output == "" && cmdutil.IsTerminal(cmd.OutOrStdout()) && cmdutil.IsTerminal(cmd.InOrStdin()) {
				return screen(cmd)
			}
			f, err := cmdutil.Format(cmd, output, formats)
			if err != nil {
				return err
			}
			if timeout <= 0 {
				return exit.UsageErr(errors.New("stratop: --timeout must be positive"))
			}
			rows, err := Poll(cmd.Context(), fac, fleet.Options{Front: factory.CLI, Timeout: timeout})
			if err != nil {
				return err
			}
			return Print(cmdutil.IO(cmd).Out, f, rows)
		},
	}
	cmd.Flags().StringVarP(&output, "output", "o", "", "output format: table|json (default: table on a terminal, json otherwise)")
	cli.DurationVar(cmd.Flags(), &timeout, "timeout", 10*time.Second, "how long each integration may take to answer")
	_ = cmd.RegisterFlagCompletionFunc("output", cmdutil.FixedCompletion("table", "json"))
	return cmd
}

// Poll opens the fleet and polls each integration once.
func Poll(ctx context.Context, fac *factory.Factory, opts fleet.Options) ([]fleet.Row, error) {
	fl, err := fleet.Open(ctx, fac, opts)
	if err != nil {
		return nil, &exit.Error{Code: exit.Usage, Err: errors.New("stratop: " + err.Error())}
	}
	fl.PollOnce(ctx)
	return fl.Rows(), nil
}

// Report is the JSON of `stratop fleet -o json`.
type Report struct {
	Partial      bool     `json:"partial"`
	Answering    int      `json:"answering"`
	Integrations []Object `json:"integrations"`
}

// Object is one integration: its row and the state as words.
type Object struct {
	fleet.Row
	StateText string `json:"stateText"`
}

// answered says the row's integration answered this poll.
func answered(r fleet.Row) bool { return r.State == fleet.OK }

// Print writes rows in f; when none answered it still prints them and
// ends with exit 1.
func Print(w io.Writer, f cli.Format, rows []fleet.Row) error {
	rep := Report{Integrations: make([]Object, len(rows))}
	for i, r := range rows {
		rep.Integrations[i] = Object{Row: r, StateText: r.StateText()}
		if answered(r) {
			rep.Answering++
		}
	}
	rep.Partial = rep.Answering < len(rows)
	var err error
	if f == cli.JSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		err = enc.Encode(rep)
	} else {
		err = writeTable(w, rows)
	}
	if err != nil {
		return err
	}
	if rep.Answering == 0 && len(rows) > 0 {
		return &exit.Error{Code: exit.Failed, Err: errors.New("stratop fleet: no integration answered")}
	}
	return nil
}
