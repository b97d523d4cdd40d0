// Package stats is `stratop stats`: the integration's counts, and with
// --history the kept history as JSON, CSV or charts. It is the one command
// that draws with the dashboard's presentation (charts and their colours).
package stats

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/stratop/stratop/history"
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/internal/cmd/cmdutil"
	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/ui"
)

// NewCmd is `stratop stats`, and with --history the kept history.
func NewCmd(fac *factory.Factory) *cobra.Command {
	var (
		output string
		hist   historyFlags
	)
	cmd := &cobra.Command{
		Use: "stats", Short: "The integration's user and strategy counts (--history: how they moved)", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if hist.window != "" {
				return runStatsHistory(cmd, fac, output, hist)
			}
			f, err := cmdutil.Format(cmd, output, cli.ReadFormats)
			if err != nil {
				return err
			}
			_, c, err := cmdutil.Connect(cmd, fac, factory.CLI)
			if err != nil {
				return err
			}
			return cli.Stats(cmd.Context(), cmdutil.IO(cmd), c, f)
		},
	}
	cmd.Flags().StringVarP(&output, "output", "o", "", "output format: table|json|jsonl|csv; with --history chart|json|csv (default: table or chart on a terminal, json otherwise)")
	_ = cmd.RegisterFlagCompletionFunc("output", cmdutil.FixedCompletion("table", "json", "jsonl", "csv", "chart"))
	cmd.Flags().StringVar(&hist.window, "history", "", "print the kept history over this window (1h, 24h, 7d) instead of reading the interface")
	cmd.Flags().StringVar(&hist.charts, "charts", "braille", "glyphs of -o chart: "+strings.Join(ui.ChartStyleNames, "|"))
	cmd.Flags().IntVar(&hist.width, "width", 80, "width of -o chart in columns")
	_ = cmd.RegisterFlagCompletionFunc("history", cmdutil.FixedCompletion("1h", "24h", "7d"))
	_ = cmd.RegisterFlagCompletionFunc("charts", cmdutil.FixedCompletion(ui.ChartStyleNames...))
	return cmd
}

type historyFlags struct {
	window, charts string
	width          int
}

// runStatsHistory prints the history file of the profile's integration:
// no request is sent.
func runStatsHistory(cmd *cobra.Command, fac *factory.Factory, output string, hf historyFlags) error {
	o := cmdutil.IO(cmd)
	window, err := cli.ParseWindow(hf.window)
	if err != nil {
		return err
	}
	f := cli.Format(output)
	if output == "" {
		f = cli.JSON
		if o.OutTerminal {
			f = cli.Chart
		}
	}
	if f, err = cli.ParseFormat(string(f), cli.HistoryFormats, o.OutTerminal); err != nil {
		return err
	}
	cs, err := ui.ParseChartStyle(hf.charts)
	if err != nil {
		return cli.Usage("--charts: %v", err)
	}
	// The history is the integration's, which the credentials' key id
	// names: they are resolved as for any other command.
	c, err := fac.Resolve(cmd.Context(), factory.History)
	if err != nil {
		return err
	}
	profile := c.Profile
	state := c.OpenState(func(line string) { fmt.Fprintln(o.Err, "stats: "+line) })
	if state.Path == "" {
		return cli.Failed("no state directory for the history: set XDG_STATE_HOME or HOME")
	}
	h := sharedHistory(cmd.Context(), c.Settings.Prometheus, c.Integration.String(), o.Err)
	if h == nil {
		if h, err = history.Load(state.History()); err != nil {
			return cli.Failed("%v", err)
		}
	}
	theme := ui.ThemeNone
	if o.OutTerminal && os.Getenv("NO_COLOR") == "" {
		theme = ui.ThemeAuto
	}
	st, err := ui.NewStyles(ui.ThemeOptions{Name: theme})
	if err != nil {
		return cli.Failed("%v", err)
	}
	return cli.History(o, h, cli.HistoryOptions{
		Profile: profile, Window: window, Now: time.Now(), Format: f,
		Width: hf.width, Chart: uiChart{styles: st, charts: cs},
	})
}

// sharedHistory is the integration's history from the Prometheus the
// settings name for the profile ([team] prometheus), or nil when none is
// set or it cannot be read: then the caller reads the local file, and
// stderr says why.
func sharedHistory(ctx context.Context, url, integration string, errOut io.Writer) *history.History {
	if url == "" {
		return nil
	}
	h, err := history.FromPrometheus(ctx, history.PromOptions{URL: url, Integration: integration, Now: time.Now()})
	if err != nil {
		fmt.Fprintf(errOut, "stats: %s: the local history instead\n", text.Clean(err.Error()))
		return nil
	}
	fmt.Fprintf(errOut, "stats: trends from Prometheus %s\n", text.Clean(url))
	return h
}

// uiChart draws the history's charts with the dashboard's glyphs, coloured
// per series as the statuses are everywhere else.
type uiChart struct {
	styles ui.Styles
	charts ui.ChartStyle
}

// chartTones are the colours of the series, in history.AllSeries order.
var chartTones = []ui.Tone{ui.ToneActive, ui.ToneSuspended, ui.TonePaused, ui.ToneCompleted, ui.ToneDefault, ui.ToneDefault, ui.ToneNegative}

func (c uiChart) PerCell() int          { return c.charts.PerCell() }
func (c uiChart) Title(s string) string { return c.styles.Section.Render(s) }

func (c uiChart) Rows(dst []string, i int, values []float64, width, height int) []string {
	tone := ui.ToneDefault
	if i < len(chartTones) {
		tone = chartTones[i]
	}
	return ui.ChartRows(dst, c.styles, c.charts, tone, values, width, height)
}
