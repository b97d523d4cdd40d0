package profiles

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"

	"github.com/spf13/cobra"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/keys"
)

// maxCredentialLine bounds one line of key or secret read from stdin.
const maxCredentialLine = 8 << 10

// loginOptions are the flags of `stratop login`.
type loginOptions struct {
	store    string
	noVerify bool
}

// newLoginCmdWith is `stratop login [--profile P] [--base-url URL]
// [--store keyring|file] [--no-verify]`. The key and secret are never flags:
// they are read from the terminal without echo, or as two lines from stdin.
func newLoginCmdWith(deps credentialDeps) *cobra.Command {
	var o loginOptions
	cmd := &cobra.Command{
		Use:   "login",
		Short: "Save a profile's API key and secret in the keyring (or a 0600 file)",
		Long: `Save a profile: its base URL and its API key and secret.

The key and secret are read from the terminal without echo or, when stdin is
not a terminal, as two lines (key, then secret). They are checked with one
read of the dashboard stats before anything is saved (--no-verify skips it).
They go to the system keyring, or with --store file to a file only you can
read (mode 0600) under the stratop config directory.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.store = strings.TrimSpace(o.store)
			err := runLogin(cmd, deps, o)
			if err != nil && cmd.Context().Err() != nil {
				return errors.New("interrupted before the profile was saved")
			}
			return err
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.store, "store", "", "where the key and secret go: keyring or file (default: the profile's current store, else keyring)")
	f.BoolVar(&o.noVerify, "no-verify", false, "save without checking the credentials against the server")
	return cmd
}

// runLogin checks everything it can before asking for the secret, reads the
// pair, verifies it, and only then saves it.
func runLogin(cmd *cobra.Command, deps credentialDeps, o loginOptions) error {
	ctx := cmd.Context()
	m, err := deps.f.KeyManager()
	if err != nil {
		return err
	}
	name, err := deps.f.Profile()
	if err != nil {
		return err
	}
	profiles, err := m.LoadProfiles()
	if err != nil {
		return err
	}
	existing, known := profiles.Get(name)

	kind := keys.StoreKeyring
	switch {
	case o.store != "":
		if kind, err = keys.ParseStoreKind(o.store); err != nil {
			return err
		}
	case known:
		kind = existing.Store
	}
	// --base-url only: the environment's STRATOP_BASE_URL names where the
	// dashboard connects, not what a profile is saved with.
	base := deps.f.Globals.BaseURL
	if base == "" && known {
		base = existing.BaseURL
	}
	if strings.TrimSpace(base) == "" {
		return fmt.Errorf("--base-url is required the first time: profile %q does not exist yet (e.g. stratop login%s --base-url https://api.example.com)", name, profileFlag(name))
	}
	if base, err = keys.NormalizeBaseURL(base); err != nil {
		return fmt.Errorf("--base-url: %w", err)
	}

	// Probe the chosen store before asking for the secret: an unusable
	// keyring or an insecure file is reported now, not after typing.
	store, err := m.Store(kind)
	if err != nil {
		return err
	}
	if _, err := store.Get(ctx, name); err != nil && !errors.Is(err, keys.ErrNotFound) {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if kind == keys.StoreKeyring && errors.Is(err, keys.ErrKeyringUnavailable) {
			return credentialsProblem(keyringLoginHelp(err, name, base))
		}
		if kind == keys.StoreFile && errors.Is(err, keys.ErrInsecureFile) {
			return fmt.Errorf("%w\nNothing was saved", err)
		}
	}

	creds, err := readCredentials(cmd, deps, name)
	if err != nil {
		return err
	}
	if err := keys.CheckCredentials(creds); err != nil {
		return err
	}
	if !o.noVerify {
		if err := checkWithServer(ctx, deps, base, creds); err != nil {
			return keys.Redact(err, creds)
		}
	}
	warnings, err := m.Save(ctx, name, keys.Profile{BaseURL: base, Store: kind}, creds)
	if err != nil {
		if kind == keys.StoreKeyring && errors.Is(err, keys.ErrKeyringUnavailable) {
			return credentialsProblem(keys.Redact(keyringLoginHelp(err, name, base), creds))
		}
		return keys.Redact(err, creds)
	}
	for _, w := range warnings {
		fmt.Fprintln(cmd.ErrOrStderr(), "stratop: warning:", keys.Redact(errors.New(w), creds))
	}
	where := kind.Describe()
	if kind == keys.StoreFile {
		where += " " + m.CredentialsPath() + " (mode 0600)"
	}
	checked := "verified"
	if o.noVerify {
		checked = "not verified (--no-verify)"
	}
	fmt.Fprintf(cmd.OutOrStdout(), "Saved profile %q: %s, key %s, %s, credentials in %s.\n",
		name, base, api.MaskKey(creds.Key), checked, where)
	return nil
}

// checkWithServer runs the one verification read and words its failure.
func checkWithServer(ctx context.Context, deps credentialDeps, base string, creds api.Credentials) error {
	err := deps.verify(ctx, base, creds)
	if err == nil {
		return nil
	}
	host := base
	if u, perr := url.Parse(base); perr == nil {
		host = u.Host
	}
	if errors.Is(err, api.ErrUnauthorized) {
		return fmt.Errorf("the server at %s rejected the API key and secret (401 Unauthorized); nothing was saved", host)
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return fmt.Errorf("could not check the credentials with %s: %w\nNothing was saved; fix the base URL or the network, or save without the check: --no-verify", host, err)
}

// keyringLoginHelp explains an unusable keyring at login and the ways on.
func keyringLoginHelp(err error, name, base string) error {
	p := profileFlag(name)
	text := fmt.Sprintf(`cannot use the system keyring: %s
Nothing was saved. Either:
  1. keep the credentials in a file only you can read (mode 0600):
       stratop login%s --base-url %s --store file
  2. start a keyring for this session and log in inside it (the keyring is kept
     under ~/.local/share/keyrings, encrypted with PASSWORD):
       dbus-run-session -- sh -c 'echo -n PASSWORD | gnome-keyring-daemon --unlock --components=secrets; stratop login%s --base-url %s'
  3. or save nothing and export %s, %s and %s in the shell.`,
		strings.TrimPrefix(err.Error(), "keyring: "), p, base, p, base,
		keys.EnvBaseURL, keys.EnvAPIKey, keys.EnvAPISecret)
	return &explainedError{text: text, cause: err}
}

// credentialsProblem ends login with exit 2, the code of the command line
// contract for credentials: no usable store is one.
func credentialsProblem(err error) error {
	return &cli.ExitError{Code: cli.ExitUsage, Err: fmt.Errorf("stratop: %w", err)}
}

// explainedError is a message written for the operator around a cause that
// errors.Is/As still reach.
type explainedError struct {
	text  string
	cause error
}

func (e *explainedError) Error() string { return e.text }
func (e *explainedError) Unwrap() error { return e.cause }

// readCredentials reads the key and secret: from the terminal without echo,
// or as two lines of stdin when stdin is not a terminal.
func readCredentials(cmd *cobra.Command, deps credentialDeps, name string) (api.Credentials, error) {
	in := cmd.InOrStdin()
	if fd, ok := deps.terminal(in); ok {
		prompt := cmd.ErrOrStderr()
		key, err := readHiddenLine(cmd.Context(), deps, fd, prompt, fmt.Sprintf("API key for profile %q (input hidden): ", name))
		if err != nil {
			return api.Credentials{}, err
		}
		secret, err := readHiddenLine(cmd.Context(), deps, fd, prompt, "API secret (input hidden): ")
		if err != nil {
			return api.Credentials{}, err
		}
		return api.Credentials{Key: key, Secret: secret}, nil
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 4096), maxCredentialLine)
	var lines []string
	for len(lines) < 2 && sc.Scan() {
		lines = append(lines, strings.TrimSpace(sc.Text()))
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return api.Credentials{}, fmt.Errorf("a line on stdin is longer than %d bytes; expected the API key, then the secret", maxCredentialLine)
		}
		return api.Credentials{}, fmt.Errorf("reading stdin: %w", err)
	}
	switch len(lines) {
	case 0:
		return api.Credentials{}, errors.New("stdin is empty: expected two lines, the API key, then the secret")
	case 1:
		return api.Credentials{}, errors.New("stdin ended after one line: expected two lines, the API key, then the secret")
	}
	return api.Credentials{Key: lines[0], Secret: lines[1]}, nil
}

// readHiddenLine prompts on w and reads one line from the terminal without echo.
func readHiddenLine(ctx context.Context, deps credentialDeps, fd int, w io.Writer, prompt string) (string, error) {
	fmt.Fprint(w, prompt)
	b, err := deps.readHidden(ctx, fd)
	fmt.Fprintln(w)
	if err != nil {
		return "", fmt.Errorf("reading from the terminal: %w", err)
	}
	if len(b) > maxCredentialLine {
		return "", fmt.Errorf("input longer than %d bytes", maxCredentialLine)
	}
	return strings.TrimSpace(string(b)), nil
}
