package main

import (
	"context"
	"errors"
	"os"

	"github.com/spf13/cobra"

	"github.com/stratop/stratop/api"
)

// dashboardTarget is where the dashboard connects and with what.
type dashboardTarget struct {
	Profile string
	BaseURL string
	Creds   api.Credentials
}

// resolveDashboardCredentials finds the base URL and credentials for the
// dashboard. Placeholder until keys/ lands: environment only.
func resolveDashboardCredentials(_ context.Context, profile, baseURL string) (dashboardTarget, error) {
	t := dashboardTarget{Profile: profile, BaseURL: baseURL}
	if t.BaseURL == "" {
		t.BaseURL = os.Getenv("STRATOP_BASE_URL")
	}
	t.Creds = api.Credentials{Key: os.Getenv("STRATOP_API_KEY"), Secret: os.Getenv("STRATOP_API_SECRET")}
	if t.Creds.Key == "" || t.Creds.Secret == "" || t.BaseURL == "" {
		return t, &exitCodeError{code: 2, err: errors.New("no credentials: set STRATOP_BASE_URL, STRATOP_API_KEY and STRATOP_API_SECRET")}
	}
	return t, nil
}

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
