// Package profiles holds login, logout and profiles: where credentials are
// saved, listed and removed.
package profiles

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"os"
	"text/tabwriter"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/keys"
)

// credentialDeps is what the credential commands take from the outside
// world; tests replace each part.
type credentialDeps struct {
	// f resolves the profile chosen and the credentials (tests: a temp
	// config dir, a fake environment, an in-memory keyring).
	f *factory.Factory
	// verify makes one cheap authenticated read against baseURL.
	verify func(ctx context.Context, baseURL string, creds api.Credentials) error
	// terminal reports whether r is an interactive terminal, and its fd.
	terminal func(r io.Reader) (fd int, ok bool)
	// readHidden reads one line from the terminal without echo, giving up
	// (with the terminal restored) when ctx ends.
	readHidden func(ctx context.Context, fd int) ([]byte, error)
}

// defaultCredentialDeps is the real environment, config dir, keyring and network.
func defaultCredentialDeps(f *factory.Factory) credentialDeps {
	return credentialDeps{f: f, verify: verifyWithServer, terminal: stdinTerminal, readHidden: readPassword}
}

// readPassword is term.ReadPassword that Ctrl-C can interrupt: main turns
// SIGINT into a cancelled context, so the read runs in a goroutine and, on
// cancellation, the terminal's echo is restored before returning.
func readPassword(ctx context.Context, fd int) ([]byte, error) {
	state, err := term.GetState(fd)
	if err != nil {
		return nil, err
	}
	type result struct {
		b   []byte
		err error
	}
	done := make(chan result, 1)
	go func() {
		b, err := term.ReadPassword(fd)
		done <- result{b, err}
	}()
	select {
	case r := <-done:
		return r.b, r.err
	case <-ctx.Done():
		_ = term.Restore(fd, state)
		return nil, ctx.Err()
	}
}

// verifyWithServer checks a key and secret with POST getDashBoardStats, the
// cheapest authenticated read.
func verifyWithServer(ctx context.Context, baseURL string, creds api.Credentials) error {
	c, err := factory.NewClient(factory.Login, baseURL, creds)
	if err != nil {
		return err
	}
	_, err = c.GetDashboardStats(ctx)
	return err
}

// stdinTerminal reports whether r is a terminal (then login reads without echo).
func stdinTerminal(r io.Reader) (int, bool) {
	f, ok := r.(*os.File)
	if !ok {
		return 0, false
	}
	fd := int(f.Fd())
	return fd, term.IsTerminal(fd)
}

// NewLoginCmd is `stratop login`.
func NewLoginCmd(f *factory.Factory) *cobra.Command { return newLoginCmdWith(defaultCredentialDeps(f)) }

// NewLogoutCmd is `stratop logout`.
func NewLogoutCmd(f *factory.Factory) *cobra.Command {
	return newLogoutCmdWith(defaultCredentialDeps(f))
}

// NewProfilesCmd is `stratop profiles`.
func NewProfilesCmd(f *factory.Factory) *cobra.Command {
	return newProfilesCmdWith(defaultCredentialDeps(f))
}

// newLogoutCmdWith is `stratop logout [--profile P]`.
func newLogoutCmdWith(deps credentialDeps) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "logout",
		Short: "Remove a profile and its stored key and secret",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			m, err := deps.f.KeyManager()
			if err != nil {
				return err
			}
			name, err := deps.f.Profile()
			if err != nil {
				return err
			}
			r, err := m.Remove(cmd.Context(), name)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			switch {
			case !r.ProfileExisted:
				fmt.Fprintf(out, "Removed a leftover entry for %q from %s (there was no such profile).\n", name, r.Store.Describe())
			case r.HadCredentials:
				fmt.Fprintf(out, "Logged out: profile %q and its credentials in %s are removed.\n", name, r.Store.Describe())
			default:
				fmt.Fprintf(out, "Logged out: profile %q is removed (%s held no credentials for it).\n", name, r.Store.Describe())
			}
			return nil
		},
	}
	return cmd
}

// newProfilesCmdWith is `stratop profiles`, plus the hidden
// `stratop profiles resolve` that runs the dashboard's own resolution.
func newProfilesCmdWith(deps credentialDeps) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "profiles",
		Short: "List profiles: base URL, store, and whether credentials are present",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			m, err := deps.f.KeyManager()
			if err != nil {
				return err
			}
			list, err := m.List(cmd.Context())
			if err != nil {
				return err
			}
			return printProfiles(cmd.OutOrStdout(), m, list)
		},
	}
	cmd.AddCommand(newResolveCmd(deps))
	return cmd
}

// printProfiles writes the profiles table; keys are masked, secrets absent.
func printProfiles(w io.Writer, m *keys.Manager, list []keys.ProfileStatus) error {
	if len(list) == 0 {
		fmt.Fprintf(w, "No profiles in %s.\nCreate one with: stratop login --base-url https://api.example.com\n", m.ProfilesPath())
	} else {
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "PROFILE\tBASE URL\tSTORE\tCREDENTIALS")
		for _, p := range list {
			state := "missing (run stratop login" + profileFlag(p.Name) + ")"
			switch {
			case p.Present:
				state = "present (key " + p.MaskedKey + ")"
			case p.Problem != "":
				state = "unknown: " + p.Problem
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", p.Name, p.Profile.BaseURL, p.Profile.Store, state)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if m.Getenv(keys.EnvAPIKey) != "" || m.Getenv(keys.EnvAPISecret) != "" {
		fmt.Fprintf(w, "\nNote: %s/%s are set in this environment; they take precedence over every profile's stored credentials.\n",
			keys.EnvAPIKey, keys.EnvAPISecret)
	}
	return nil
}

// newResolveCmd is hidden: it runs exactly the resolution the dashboard runs
// at start and prints what it would connect with (profile, base URL, host,
// source, masked key), or the same exit-2 explanation. Tests and operators
// use it to check credentials without starting the UI.
func newResolveCmd(deps credentialDeps) *cobra.Command {
	cmd := &cobra.Command{
		Use:    "resolve",
		Short:  "Show which credentials the dashboard would use",
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			c, err := deps.f.Resolve(cmd.Context(), factory.Dashboard)
			if err != nil {
				return err
			}
			host := c.Target.BaseURL
			if u, err := url.Parse(c.Target.BaseURL); err == nil {
				host = u.Host
			}
			tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
			fmt.Fprintf(tw, "profile\t%s\nbase URL\t%s\nhost\t%s\nsource\t%s\nkey\t%s\n",
				c.Profile, c.Target.BaseURL, host, c.Target.Source, api.MaskKey(c.Target.Creds.Key))
			return tw.Flush()
		},
	}
	return cmd
}

// profileFlag is " --profile NAME" unless NAME is the default profile.
func profileFlag(name string) string {
	if name == keys.DefaultProfile {
		return ""
	}
	return " --profile " + name
}
