package main

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
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/ui"
)

// Client settings of the scriptable commands: one attempt may take longer
// than on the dashboard (a script waits), and large lists are allowed.
const (
	cliTimeout     = 30 * time.Second
	cliMaxResponse = 64 << 20
)

// connFlags choose the profile and base URL, as on the dashboard.
type connFlags struct {
	profile string
	baseURL string
}

func addConnFlags(cmd *cobra.Command, f *connFlags) {
	fl := cmd.PersistentFlags()
	fl.StringVar(&f.profile, "profile", "", "credentials profile (default: STRATOP_PROFILE or \"default\")")
	fl.StringVar(&f.baseURL, "base-url", "", "base URL of the partner interface (routes live under /api/v1)")
}

// session is a connected command: the client, where its actions are
// recorded, and the policy they are sent under.
type session struct {
	client  *api.Client
	profile string
	journal audit.Journal
	policy  action.Runner // ReadOnly, RequireReason, Unaudited
	close   func()
}

// connect resolves the credentials exactly as the dashboard does (exit 2
// when there are none) and builds the client.
func connect(cmd *cobra.Command, f connFlags) (*api.Client, string, error) {
	target, err := resolveDashboardCredentials(cmd.Context(), f.profile, f.baseURL)
	if err != nil {
		return nil, "", err
	}
	c, err := api.New(target.BaseURL, api.WithCredentials(target.Creds),
		api.WithTimeout(cliTimeout), api.WithMaxResponseBytes(cliMaxResponse))
	if err != nil {
		return nil, "", &exitCodeError{code: cli.ExitUsage, err: errors.New("stratop: " + err.Error())}
	}
	return c, target.Profile, nil
}

// connectForActions is connect plus the profile's policy and the audit
// log. A log that cannot be opened is a journal whose writes fail, so the
// runner refuses (unless --unaudited).
func connectForActions(cmd *cobra.Command, f connFlags, pf policyFlags) (session, error) {
	c, profile, err := connect(cmd, f)
	if err != nil {
		return session{}, err
	}
	settings, err := profilePolicy(cmd, profile)
	if err != nil {
		return session{}, err
	}
	s := session{client: c, profile: profile, policy: policyRunner(settings, pf)}
	s.journal, s.close = openJournal(profile, c.Host())
	return s, nil
}

// openJournal opens the audit log for the dashboard and the command line
// alike, and returns how to close it. A log that cannot be opened is a
// journal whose writes and Check fail, so every action is refused unless overridden.
func openJournal(profile, host string) (audit.Journal, func()) {
	path, err := audit.DefaultPath()
	var log *audit.Log
	if err == nil {
		log, err = audit.Open(path, profile, host)
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

// runner is the dashboard's action runner under the profile's policy,
// recording as the command line.
func (s session) runner() action.Runner {
	r := s.policy
	r.Client, r.Journal, r.Source = s.client, s.journal, "cli"
	return r
}

// cliIO is a command's streams and which of them are terminals.
func cliIO(cmd *cobra.Command) cli.IO {
	in, out, errw := cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()
	return cli.IO{In: in, Out: out, Err: errw, InTerminal: isTerminal(in), OutTerminal: isTerminal(out), ErrTerminal: isTerminal(errw)}
}

func isTerminal(v any) bool {
	f, ok := v.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// cliErr maps the package's exit codes onto the program's.
func cliErr(err error) error {
	var ee *cli.ExitError
	if errors.As(err, &ee) {
		return &exitCodeError{code: ee.Code, err: ee.Err}
	}
	return err
}

// outputFlag adds -o and its completion.
func outputFlag(cmd *cobra.Command, dst *string, formats []cli.Format) {
	cmd.Flags().StringVarP(dst, "output", "o", "", "output format: "+joinFormats(formats)+" (default: table on a terminal, json otherwise)")
	_ = cmd.RegisterFlagCompletionFunc("output", fixedCompletion(cli.FormatNames(formats)...))
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

// format resolves -o for this command's stdout.
func format(cmd *cobra.Command, o string, formats []cli.Format) (cli.Format, error) {
	f, err := cli.ParseFormat(o, formats, cliIO(cmd).OutTerminal)
	return f, cliErr(err)
}

func fixedCompletion(values ...string) cobra.CompletionFunc {
	return func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return values, cobra.ShellCompDirectiveNoFileComp
	}
}

// chainFlag adds --chain with the active chain ids as completions.
func chainFlag(cmd *cobra.Command, dst *int64) {
	cmd.Flags().Int64Var(dst, "chain", 0, "chain id (e.g. 8453, 1399811149)")
	chains := make([]string, len(api.Chains))
	for i, id := range api.Chains {
		chains[i] = strconv.FormatInt(id, 10) + "\t" + ui.ChainName(id)
	}
	_ = cmd.RegisterFlagCompletionFunc("chain", fixedCompletion(chains...))
}

// noFiles is the completion of arguments that are ids.
func noFiles(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return nil, cobra.ShellCompDirectiveNoFileComp
}
