// Package cmdutil is what every command shares: the connection flags and
// the client, the policy flags, the settings file, the exit error mapping,
// output flags and completions, and the helpers of the long-running engines.
package cmdutil

import (
	"errors"
	"os"
	"strconv"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/ui"
)

// Client settings of the scriptable commands: one attempt may take longer
// than on the dashboard (a script waits), and large lists are allowed.
const (
	CLITimeout     = 30 * time.Second
	CLIMaxResponse = 64 << 20
)

// ConnFlags choose the profile and base URL, as on the dashboard.
type ConnFlags struct {
	Profile string
	BaseURL string
}

func AddConnFlags(cmd *cobra.Command, f *ConnFlags) {
	fl := cmd.PersistentFlags()
	fl.StringVar(&f.Profile, "profile", "", "credentials profile (default: STRATOP_PROFILE or \"default\")")
	fl.StringVar(&f.BaseURL, "base-url", "", "base URL of the partner interface (routes live under /api/v1)")
}

// Session is a connected command: the client, where its actions are
// recorded, and the policy they are sent under.
type Session struct {
	Client  *api.Client
	Profile string
	Journal audit.Journal
	Policy  action.Runner // ReadOnly, RequireReason, Unaudited
	Close   func()
}

// Connect resolves the credentials exactly as the dashboard does (exit 2
// when there are none) and builds the client.
func Connect(cmd *cobra.Command, f ConnFlags) (*api.Client, string, error) {
	c, target, err := ConnectTarget(cmd, f)
	return c, target.Profile, err
}

// ConnectTarget is Connect that also returns what was resolved.
func ConnectTarget(cmd *cobra.Command, f ConnFlags) (*api.Client, Target, error) {
	target, err := ResolveCredentials(cmd.Context(), f.Profile, f.BaseURL)
	if err != nil {
		return nil, target, err
	}
	c, err := api.New(target.BaseURL, api.WithCredentials(target.Creds),
		api.WithTimeout(CLITimeout), api.WithMaxResponseBytes(CLIMaxResponse))
	if err != nil {
		return nil, target, &cli.ExitError{Code: cli.ExitUsage, Err: errors.New("stratop: " + err.Error())}
	}
	return c, target, nil
}

// ConnectForActions is Connect plus the profile's policy and the audit
// log. A log that cannot be opened is a journal whose writes fail, so the
// runner refuses (unless --unaudited).
func ConnectForActions(cmd *cobra.Command, f ConnFlags, pf PolicyFlags) (Session, error) {
	c, target, err := ConnectTarget(cmd, f)
	if err != nil {
		return Session{}, err
	}
	profile := target.Profile
	id, _ := integration.New(target.BaseURL, target.Creds.Key)
	settings, err := ProfilePolicy(cmd, profile)
	if err != nil {
		return Session{}, err
	}
	s := Session{Client: c, Profile: profile, Policy: PolicyRunner(settings, pf)}
	s.Journal, s.Close = OpenJournal(profile, c.Host(), id)
	return s, nil
}

// OpenJournal opens the audit log for the dashboard and the command line
// alike, and returns how to close it. A log that cannot be opened is a
// journal whose writes and Check fail, so every action is refused unless overridden.
func OpenJournal(profile, host string, id integration.ID) (audit.Journal, func()) {
	path, err := audit.DefaultPath()
	var log *audit.Log
	if err == nil {
		log, err = audit.Open(path, profile, host, audit.ForIntegration(id))
	}
	if err != nil {
		return brokenJournal{err}, func() {}
	}
	return log, func() { _ = log.Close() }
}

// brokenJournal is an audit log that could not be opened.
type brokenJournal struct{ err error }

func (b brokenJournal) Write(audit.Entry) error { return b.err }
func (b brokenJournal) Check() error            { return b.err }

// Runner is the dashboard's action runner under the profile's policy,
// recording as the command line.
func (s Session) Runner() action.Runner {
	r := s.Policy
	r.Client, r.Journal, r.Source = s.Client, s.Journal, "cli"
	return r
}

// IO is a command's streams and which of them are terminals.
func IO(cmd *cobra.Command) cli.IO {
	in, out, errw := cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()
	return cli.IO{In: in, Out: out, Err: errw, InTerminal: IsTerminal(in), OutTerminal: IsTerminal(out), ErrTerminal: IsTerminal(errw)}
}

func IsTerminal(v any) bool {
	f, ok := v.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// OutputFlag adds -o and its completion.
func OutputFlag(cmd *cobra.Command, dst *string, formats []cli.Format) {
	cmd.Flags().StringVarP(dst, "output", "o", "", "output format: "+joinFormats(formats)+" (default: table on a terminal, json otherwise)")
	_ = cmd.RegisterFlagCompletionFunc("output", FixedCompletion(cli.FormatNames(formats)...))
}

func joinFormats(fs []cli.Format) string {
	s := ""
	for i, f := range fs {
		if i > 0 {
			s += "|"
		}
		s += string(f)
	}
	return s
}

// Format resolves -o for this command's stdout.
func Format(cmd *cobra.Command, o string, formats []cli.Format) (cli.Format, error) {
	f, err := cli.ParseFormat(o, formats, IO(cmd).OutTerminal)
	return f, err
}

func FixedCompletion(values ...string) cobra.CompletionFunc {
	return func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return values, cobra.ShellCompDirectiveNoFileComp
	}
}

// ChainFlag adds --chain with the active chain ids as completions.
func ChainFlag(cmd *cobra.Command, dst *int64) {
	cmd.Flags().Int64Var(dst, "chain", 0, "chain id (e.g. 8453, 1399811149)")
	chains := make([]string, len(api.Chains))
	for i, id := range api.Chains {
		chains[i] = strconv.FormatInt(id, 10) + "\t" + ui.ChainName(id)
	}
	_ = cmd.RegisterFlagCompletionFunc("chain", FixedCompletion(chains...))
}

// NoFiles is the completion of arguments that are ids.
func NoFiles(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return nil, cobra.ShellCompDirectiveNoFileComp
}
