package serve

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/stratop/stratop/alert"
	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/internal/text"
)

// alertTestTimeout bounds each sink's delivery of `alerts test`.
const alertTestTimeout = 15 * time.Second

// NewAlertsCmd is `stratop alerts`: the open alerts of `stratop serve`,
// and ack, snooze and test. It edits the state directory of the profile's
// integration, which a running serve reads.
func NewAlertsCmd(fac *factory.Factory) *cobra.Command {
	var (
		output string
		reason string
	)
	cmd := &cobra.Command{
		Use:   "alerts",
		Short: "List the open alerts of `stratop serve`; ack, snooze or test them",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			st, err := alertStore(cmd, fac)
			if err != nil {
				return err
			}
			b, err := st.Board()
			if err != nil {
				return fmt.Errorf("alerts: %w", err)
			}
			if output == "json" {
				return printBoard(cmd, b, nil, output)
			}
			silences, err := listSilences(cmd, st.Dir, fac)
			if err != nil {
				return err
			}
			return printBoard(cmd, b, silences, output)
		},
	}
	silencesOutput := "table"
	silences := &cobra.Command{
		Use: "silences", Short: "List the silences of the Alertmanager sinks and where each lives", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			st, err := alertStore(cmd, fac)
			if err != nil {
				return err
			}
			list, err := listSilences(cmd, st.Dir, fac)
			if err != nil {
				return err
			}
			return printSilences(cmd, list, silencesOutput)
		},
	}
	silences.Flags().StringVarP(&silencesOutput, "output", "o", "table", "output: table or json")
	cmd.Flags().StringVarP(&output, "output", "o", "table", "output: table or json")
	ack := &cobra.Command{
		Use: "ack ID", Short: "Acknowledge an open alert (a silence of it on Alertmanager sinks)", Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			st, err := alertStore(cmd, fac)
			if err != nil {
				return err
			}
			cfg, err := fac.Settings()
			if err != nil {
				return err
			}
			sinks, err := alertmanagerSinks(cfg, nil)
			if err != nil {
				return err
			}
			known, amErr := ackSilences(cmd, st.Dir, sinks, args[0], reason)
			if err := st.Ack(args[0]); err != nil {
				if !errors.Is(err, alert.ErrNoAlert) {
					return err
				}
				if !known {
					return &cli.ExitError{Code: 1, Err: fmt.Errorf("alerts: %s: %w (see `stratop alerts`)", args[0], err)}
				}
			}
			fmt.Fprintf(cmd.OutOrStdout(), "acknowledged %s\n", args[0])
			return amErr
		},
	}
	ack.Flags().StringVar(&reason, "reason", "", "why (the silence's comment on Alertmanager)")
	snooze := &cobra.Command{
		Use: "snooze RULE DURATION", Short: "Send nothing for a rule for a while (0 lifts the snooze); a silence on its Alertmanager sinks", Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			r, err := alertRule(fac, args[0])
			if err != nil {
				return err
			}
			d, err := time.ParseDuration(args[1])
			if err != nil || d < 0 {
				return serveUsage(fmt.Errorf("alerts snooze: %q is not a duration such as 1h", args[1]))
			}
			st, err := alertStore(cmd, fac)
			if err != nil {
				return err
			}
			var until time.Time
			if d > 0 {
				until = time.Now().Add(d)
			}
			if err := st.Snooze(args[0], until); err != nil {
				return err
			}
			if d == 0 {
				fmt.Fprintf(cmd.OutOrStdout(), "rule %s is no longer snoozed\n", args[0])
			} else {
				fmt.Fprintf(cmd.OutOrStdout(), "rule %s snoozed until %s\n", args[0], until.Format("2006-01-02 15:04"))
			}
			cfg, _ := fac.Settings()
			sinks, err := alertmanagerSinks(cfg, &r)
			if err != nil {
				return err
			}
			return snoozeSilences(cmd, st.Dir, fac, sinks, args[0], d, reason)
		},
	}
	snooze.Flags().StringVar(&reason, "reason", "", "why (the silence's comment on Alertmanager)")
	cmd.AddCommand(ack, snooze, silences,
		&cobra.Command{
			Use: "test RULE", Short: "Send a sample message to the rule's sinks now", Args: cobra.ExactArgs(1),
			RunE: func(cmd *cobra.Command, args []string) error {
				r, err := alertRule(fac, args[0])
				if err != nil {
					return err
				}
				cfg, _ := fac.Settings()
				st, err := alertStore(cmd, fac)
				if err != nil {
					return err
				}
				var id alert.SinkIdentity
				if ams, _ := alertmanagerSinks(cfg, &r); len(ams) > 0 {
					if id.Integration, err = silenceIntegration(cmd, st.Dir, fac, ams); err != nil {
						return err
					}
				}
				sinks, err := alert.CheckSinks(cfg, os.Getenv, id)
				if err != nil {
					return serveUsage(err)
				}
				res := alert.SendTest(cmd.Context(), r, sinks, alertTestTimeout, time.Now())
				failed := 0
				for _, name := range r.To {
					if err := res[name]; err != nil {
						failed++
						fmt.Fprintf(cmd.OutOrStdout(), "%s: failed: %v\n", name, err)
					} else {
						fmt.Fprintf(cmd.OutOrStdout(), "%s: sent\n", name)
					}
				}
				if failed > 0 {
					return &cli.ExitError{Code: 1}
				}
				return nil
			},
		},
	)
	return cmd
}

// alertStore is the alert state of the profile's integration, which
// `stratop serve` keeps in the integration's directory: the credentials'
// key id names the integration, so they are resolved as for serve.
func alertStore(cmd *cobra.Command, fac *factory.Factory) (*alert.Store, error) {
	c, err := fac.Resolve(cmd.Context(), factory.Alerts)
	if err != nil {
		return nil, err
	}
	state := c.OpenState(func(line string) { fmt.Fprintln(cmd.ErrOrStderr(), "alerts: "+line) })
	if state.Path == "" {
		return nil, errors.New("alerts: no state directory: set XDG_STATE_HOME or HOME")
	}
	return &alert.Store{Dir: state.Alerts()}, nil
}

// alertRule finds a rule of the settings file by name.
func alertRule(fac *factory.Factory, name string) (config.AlertRule, error) {
	cfg, err := fac.Settings()
	if err != nil {
		return config.AlertRule{}, err
	}
	var names []string
	for _, r := range cfg.Alerts() {
		if r.Name == name {
			return r, nil
		}
		names = append(names, r.Name)
	}
	return config.AlertRule{}, serveUsage(fmt.Errorf("alerts: no rule named %q (rules: %s)", name, strings.Join(names, ", ")))
}

func printBoard(cmd *cobra.Command, b alert.Board, silences []listedSilence, output string) error {
	out := cmd.OutOrStdout()
	now := time.Now()
	switch output {
	case "json":
		// A list, newest first, as every list of the command line.
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(b.Newest(now))
	case "table":
	default:
		return serveUsage(fmt.Errorf("alerts: -o %q: want table or json", output))
	}
	for _, r := range b.SnoozedRules(now) {
		fmt.Fprintf(out, "rule %s is snoozed until %s (local: this machine's serve)\n", r, b.Snoozed[r].Local().Format("2006-01-02 15:04"))
	}
	if len(silences) > 0 {
		if err := printSilences(cmd, silences, "table"); err != nil {
			return err
		}
	}
	if len(b.Open) == 0 {
		fmt.Fprintln(out, "no open alerts")
		return nil
	}
	open := b.Newest(now)
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tRULE\tSEVERITY\tRAISED\tEVENTS\tWHAT")
	for _, o := range open {
		what := text.Clean(o.Title)
		if o.Snoozed {
			what = "(snoozed, not sent) " + what
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\n", text.Clean(o.ID), text.Clean(o.Rule), text.Clean(o.Severity),
			o.Time.Local().Format("01-02 15:04:05"), o.Count, what)
	}
	return tw.Flush()
}

// listSilences reads the silences of the settings' Alertmanager sinks; a
// sink that does not answer is said on stderr, not fatal.
func listSilences(cmd *cobra.Command, dir string, fac *factory.Factory) ([]listedSilence, error) {
	cfg, err := fac.Settings()
	if err != nil {
		return nil, serveUsage(err)
	}
	sinks, err := alertmanagerSinks(cfg, nil)
	if err != nil {
		return nil, err
	}
	silences, problems := amSilences(cmd, dir, fac, sinks)
	for _, p := range problems {
		fmt.Fprintf(cmd.ErrOrStderr(), "alerts: %s\n", text.Clean(p))
	}
	return silences, nil
}

// printSilences prints silences as a table, or as a JSON list.
func printSilences(cmd *cobra.Command, silences []listedSilence, output string) error {
	out := cmd.OutOrStdout()
	switch output {
	case "json":
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(append([]listedSilence{}, silences...))
	case "table":
	default:
		return serveUsage(fmt.Errorf("alerts silences: -o %q: want table or json", output))
	}
	if len(silences) == 0 {
		fmt.Fprintln(out, "no silences")
		return nil
	}
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "SILENCE\tSTATE\tMATCHES\tUNTIL\tBY\tCOMMENT\tWHERE")
	for _, s := range silences {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", s.ID, s.State, text.Clean(s.Matchers), s.EndsAt.Local().Format("01-02 15:04"),
			text.Clean(s.CreatedBy), text.Clean(s.Comment), s.Where)
	}
	return tw.Flush()
}
