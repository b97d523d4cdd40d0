// Package cmdutil is what every command shares: the connection flags and
// the client, the policy flags, the settings file, the exit error mapping,
// output flags and completions, and the helpers of the long-running engines.
package cmdutil

import (
	"errors"
	"os"
	"strconv"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/internal/text"
)

// Connect resolves the front end's context and builds its client. A
// client that cannot be built (a base URL the client refuses) is exit 2.
func Connect(cmd *cobra.Command, f *factory.Factory, front factory.Front, opts ...factory.Option) (*factory.Context, *api.Client, error) {
	c, err := f.Resolve(cmd.Context(), front, opts...)
	if err != nil {
		return nil, nil, err
	}
	client, err := Client(c)
	if err != nil {
		return nil, nil, err
	}
	return c, client, nil
}

// Client is the context's client with extra options (an attempt
// observer); one the client refuses to build (a base URL it does not
// take) is exit 2.
func Client(c *factory.Context, extra ...api.Option) (*api.Client, error) {
	client, err := c.Client(extra...)
	if err != nil {
		return nil, &cli.ExitError{Code: cli.ExitUsage, Err: errors.New("stratop: " + err.Error())}
	}
	return client, nil
}

// Session is a connected command that may act: its context, client and
// the audit log its actions are recorded in.
type Session struct {
	*factory.Context
	Client  *api.Client
	Journal audit.Journal
	Close   func()
}

// ConnectForActions is Connect plus the audit log. A log that cannot be
// opened is a journal whose writes fail, so the runner refuses (unless
// --unaudited).
func ConnectForActions(cmd *cobra.Command, f *factory.Factory, front factory.Front, pf PolicyFlags) (Session, error) {
	c, client, err := Connect(cmd, f, front, factory.WithUnaudited(pf.Unaudited))
	if err != nil {
		return Session{}, err
	}
	s := Session{Context: c, Client: client}
	s.Journal, s.Close = c.Journal()
	return s, nil
}

// Runner is the context's action runner with the session's client and log.
func (s Session) Runner() action.Runner { return s.Context.Runner(s.Client, s.Journal) }

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
		chains[i] = strconv.FormatInt(id, 10) + "\t" + text.ChainName(id)
	}
	_ = cmd.RegisterFlagCompletionFunc("chain", FixedCompletion(chains...))
}

// NoFiles is the completion of arguments that are ids.
func NoFiles(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return nil, cobra.ShellCompDirectiveNoFileComp
}
