// Package keys holds stratop's credentials: named profiles (a base URL and
// the store that keeps the profile's API key and secret), the environment
// override, the OS keyring reached through go-keyring with every call bounded
// by a timeout, and an opt-in 0600 file store for machines without a keyring.
//
// Resolution order (Manager.Resolve): STRATOP_API_KEY + STRATOP_API_SECRET
// from the environment (both or neither), then the store the profile chose.
// The keyring is not touched when the environment supplies credentials, and
// the file store is read only for a profile that chose it: there is never a
// silent fallback to plaintext. When nothing works, the error lists every
// source checked, why it failed, and how to fix it.
//
// A secret never appears in an error, a log line or a file other than the
// chosen store; api.Credentials redacts itself when printed.
//
// The package does not import Bubble Tea: the dashboard resolves credentials
// once, before its UI starts.
package keys
