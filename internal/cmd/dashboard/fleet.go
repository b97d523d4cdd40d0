package dashboard

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/spf13/cobra"

	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/internal/fleet"
	"github.com/stratop/stratop/internal/termout"
	"github.com/stratop/stratop/model"
	"github.com/stratop/stratop/shell"
)

// fleetHost opens the fleet and builds each member's dashboard from the
// member's own context, as the dashboard's start does from its one: the
// same settings, policy (read-only, require-reason), audit journal and
// state directory, and the client the fleet already polls with. The audit
// logs it opens are closed when the program ends.
type fleetHost struct {
	f   *factory.Factory
	out io.Writer // the one terminal writer
	// fleet are the fleet's polling options (tests shorten them); Front
	// is always the dashboard's.
	fleet fleet.Options
	// only, when set, is the fleet instead of the saved profiles: the
	// demo's own integration, which no profile names.
	only []*factory.Context

	mu      sync.Mutex
	closers []func()
}

// openFleet resolves every profile's context and polls them until ctx ends.
func (h *fleetHost) openFleet(ctx context.Context) (*fleet.Fleet, error) {
	opts := h.fleet
	opts.Front = factory.Dashboard
	fl := fleet.Of(h.f, opts, h.only...)
	if len(h.only) == 0 {
		var err error
		if fl, err = fleet.Open(ctx, h.f, opts); err != nil {
			return nil, err
		}
	}
	fl.Start(ctx)
	return fl, nil
}

// openDashboard is a member's dashboard, without a profile switcher: in
// the fleet each dashboard stays its row's integration.
func (h *fleetHost) openDashboard(ctx context.Context, m *fleet.Member) (model.Model, error) {
	c := m.Context
	if c == nil || m.Client == nil {
		return model.Model{}, errors.New("the profile did not open")
	}
	settings, err := dashboardOptions(c)
	if err != nil {
		return model.Model{}, err
	}
	settings = append(settings, silencesOption(h.f, c))
	var moved string
	state := c.OpenState(func(line string) { moved = line })
	journal, closeJournal := c.Journal()
	h.mu.Lock()
	h.closers = append(h.closers, closeJournal)
	h.mu.Unlock()
	opts := append([]model.Option{
		model.WithJournal(journal),
		model.WithProfile(c.Profile),
		model.WithTerminal(h.out),
		model.WithMultiplexer(termout.Multiplexer(os.Getenv)),
		model.WithIntegration(c.Integration),
		model.WithState(state),
		model.WithNotice(moved),
		model.WithFleet(true),
	}, stateOptions(c.Paths)...)
	return model.New(ctx, m.Client, append(opts, settings...)...), nil
}

// Close closes the audit logs of the dashboards built.
func (h *fleetHost) Close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, c := range h.closers {
		c()
	}
	h.closers = nil
}

// fleetView is the fleet view and its help line in the theme of the
// settings given.
func fleetView(s config.Settings) (shell.Option, error) {
	st, err := themeStyles(s)
	if err != nil {
		return nil, err
	}
	return shell.WithStyles(st), nil
}

// RunFleet is `stratop fleet` on a terminal: the fleet view, and each
// integration's dashboard on enter.
func RunFleet(f *factory.Factory) func(cmd *cobra.Command) error {
	return func(cmd *cobra.Command) error {
		if _, err := f.Settings(); err != nil {
			return err
		}
		if err := needTerminal(cmd.InOrStdin(), cmd.OutOrStdout()); err != nil {
			return err
		}
		ctx, cancel := context.WithCancel(cmd.Context())
		defer cancel()
		// The theme of the settings' top level and the chosen profile,
		// resolved without credentials.
		c, err := f.Local(factory.Dashboard)
		if err != nil {
			return err
		}
		view, err := fleetView(c.Settings)
		if err != nil {
			return err
		}
		out := termout.New(cmd.OutOrStdout())
		host := &fleetHost{f: f, out: out}
		defer host.Close()
		s := shell.New(ctx, host.openFleet, host.openDashboard, view)
		return runProgram(ctx, cmd, out, s.Tea())
	}
}

// runProgram runs the screen until the operator quits or ctx ends.
func runProgram(ctx context.Context, cmd *cobra.Command, out io.Writer, m tea.Model) error {
	if ctx.Err() != nil {
		// Ended before the screen was up (an interrupt while starting): the
		// terminal is not taken into raw mode and the alternate screen only
		// to be given back at once.
		return nil
	}
	p := tea.NewProgram(afterStart{m, limitProcs},
		tea.WithAltScreen(),
		tea.WithContext(ctx),
		tea.WithInput(cmd.InOrStdin()),
		tea.WithOutput(out),
		tea.WithFPS(dashboardFPS),
		// Focus reports let the dashboard poll once a minute while the
		// terminal is in the background (model/pace.go).
		tea.WithReportFocus(),
	)
	if _, err := p.Run(); err != nil && !(errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil) {
		return fmt.Errorf("dashboard: %w", err)
	}
	return nil
}
