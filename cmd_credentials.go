package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// Placeholders until keys/ lands.
func newLoginCmd() *cobra.Command {
	return &cobra.Command{Use: "login", RunE: func(*cobra.Command, []string) error { return errors.New("login: not implemented yet") }}
}

func newLogoutCmd() *cobra.Command {
	return &cobra.Command{Use: "logout", RunE: func(*cobra.Command, []string) error { return errors.New("logout: not implemented yet") }}
}

func newProfilesCmd() *cobra.Command {
	return &cobra.Command{Use: "profiles", RunE: func(*cobra.Command, []string) error { return errors.New("profiles: not implemented yet") }}
}
