package factory

import (
	"time"

	"github.com/stratop/stratop/api"
)

// Front is a front end: it names who resolved a context, chooses the
// client's options and the source an action is recorded with.
type Front string

// The front ends.
const (
	Dashboard Front = "dashboard" // the screen, and its profile switch
	CLI       Front = "cli"       // reads and actions of the command line
	API       Front = "api"       // stratop api
	Watch     Front = "watch"
	Serve     Front = "serve"
	Alerts    Front = "alerts"
	History   Front = "history" // stats --history
	Audit     Front = "audit"
	Login     Front = "login" // the one read that checks new credentials
	MCP       Front = "mcp"   // the agent interface: reads, and requests a person approves
)

// clientOptions are a front end's client settings. The dashboard fails
// fast (its poll loop retries with backoff itself); a script or an engine
// waits longer for one attempt and takes large lists.
type clientOptions struct {
	timeout     time.Duration
	retries     int // -1: the client's default
	maxResponse int64
	source      string // the audit log's "source" of its actions
}

var (
	screenClient = clientOptions{timeout: 10 * time.Second, retries: 1, source: "dashboard"}
	scriptClient = clientOptions{timeout: 30 * time.Second, retries: -1, maxResponse: 64 << 20, source: "cli"}
)

var frontClients = map[Front]clientOptions{
	Dashboard: screenClient,
	CLI:       scriptClient, API: scriptClient, Watch: scriptClient, Serve: scriptClient,
	Alerts: scriptClient, History: scriptClient, Audit: scriptClient, MCP: scriptClient,
	// One cheap read, no retries: a wrong key should say so at once.
	Login: {timeout: 15 * time.Second, retries: 0, source: "cli"},
}

func (f Front) client() clientOptions {
	if o, ok := frontClients[f]; ok {
		return o
	}
	return scriptClient
}

// NewClient is the one place a client of the interface is built: with the
// front end's timeouts, and extra options (an attempt observer) after them.
func NewClient(front Front, baseURL string, creds api.Credentials, extra ...api.Option) (*api.Client, error) {
	o := front.client()
	opts := []api.Option{api.WithCredentials(creds), api.WithTimeout(o.timeout)}
	if o.retries >= 0 {
		opts = append(opts, api.WithRetries(o.retries))
	}
	if o.maxResponse > 0 {
		opts = append(opts, api.WithMaxResponseBytes(o.maxResponse))
	}
	return api.New(baseURL, append(opts, extra...)...)
}
