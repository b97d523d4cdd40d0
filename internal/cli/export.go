package cli

// What the dashboard shares with the scriptable commands: its copy (y/Y)
// encodes a record as `-o json` does, and its export (ctrl+s) writes the
// same CSV columns and exact amounts as `-o csv`.

import (
	"io"

	"github.com/stratop/stratop/api"
)

// EncodeJSON is v as indented JSON with what a terminal could act on
// escaped, as `-o json` prints it.
func EncodeJSON(v any) ([]byte, error) { return encodeJSON(v, true) }

// StrategiesCSV writes strategies as `strategies list -o csv` does.
func StrategiesCSV(w io.Writer, ss []api.Strategy) error { return writeCSV(w, strategySheet(ss, true)) }

// UsersCSV writes users as `users list -o csv` does.
func UsersCSV(w io.Writer, us []api.User) error { return writeCSV(w, userSheet(us, true)) }

// PoolsCSV writes pools as `pools list -o csv` does.
func PoolsCSV(w io.Writer, ps []api.Pool) error { return writeCSV(w, poolSheet(ps, true)) }

// UserPoolsCSV writes a user's pools as `users pools ID -o csv` does.
func UserPoolsCSV(w io.Writer, ps []api.UserPoolItem) error {
	return writeCSV(w, userPoolSheet(ps, true))
}
