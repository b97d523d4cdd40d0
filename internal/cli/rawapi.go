package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"

	"github.com/google/uuid"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/internal/text"
)

// APIOptions are the arguments of `stratop api`.
type APIOptions struct {
	Method string
	Path   string // relative to /api/v1
	Input  string // "" no body, "-" stdin, else a file
	Reason string // why, for the audit log of a state-changing route
}

// maxInput bounds a request body read from a file or stdin.
const maxInput = 8 << 20

// API sends one request to any route under /api/v1 with the resolved
// credentials and prints the answer as JSON. The body is validated by the
// client's own checks where the route is known. The policy is the action
// runner's: read-only refuses every method but GET (exit 1); a
// state-changing route needs what an action needs (a reason where one is
// required) and is recorded in the runner's journal before it is sent (when
// it cannot be, nothing is sent unless the runner is Unaudited) and again
// with its outcome. Exit: 0 for a 2xx answer, 1 otherwise (the error body
// on stderr), 2 for a request refused before sending, 3 when a
// state-changing request got no answer.
func API(ctx context.Context, o IO, c *api.Client, runner action.Runner, opt APIOptions) error {
	method := strings.ToUpper(strings.TrimSpace(opt.Method))
	if err := c.CheckRawPath(opt.Path); err != nil {
		return Usage("api %s: %s: nothing sent", text.CleanN(opt.Path, 80), err)
	}
	body, err := readInput(o, opt.Input)
	if err != nil {
		return err
	}
	changes, err := validateRoute(method, opt.Path, body)
	if err != nil {
		return Usage("api %s %s: %s: nothing sent", method, text.CleanN(opt.Path, 80), err)
	}
	if err := runner.CheckRoute(method, changes, opt.Reason); err != nil {
		var je *action.JournalError
		switch {
		case errors.Is(err, action.ErrReasonInvalid):
			return Usage("--reason: %s", err)
		case errors.As(err, &je):
			return Failed("api %s %s: %s: nothing sent (pass --unaudited to send it unrecorded)", method, text.CleanN(opt.Path, 80), je)
		}
		return Failed("api %s %s: %s: nothing sent", method, text.CleanN(opt.Path, 80), err)
	}
	journal := runner.Journal
	if journal == nil {
		journal = audit.Discard
	}
	var entry audit.Entry
	var jerr error
	if changes {
		entry = apiEntry(method, opt.Path, body)
		entry.Reason, _ = action.CheckReason(opt.Reason)
		if jerr = journal.Write(entry); jerr != nil {
			if !runner.Unaudited {
				return Failed("api %s %s: %s: nothing sent (pass --unaudited to send it unrecorded)", method,
					text.CleanN(opt.Path, 80), &action.JournalError{Err: jerr})
			}
			fmt.Fprintln(o.Err, "warning: sending UNRECORDED (--unaudited): the audit log could not be written:", text.CleanN(jerr.Error(), 160))
		}
	}
	resp, err := c.Raw(ctx, method, opt.Path, body)

	outcome := audit.OutcomeDone
	switch {
	case err != nil && action.Unknown(err):
		outcome = audit.OutcomeUnknown
	case err != nil:
		outcome = audit.OutcomeFailed
	case resp.StatusCode == http.StatusBadRequest:
		outcome = audit.OutcomeRefused
	case resp.StatusCode < 200 || resp.StatusCode > 299:
		outcome = audit.OutcomeFailed
	}
	if changes {
		entry.Outcome = outcome
		if err != nil {
			entry.Error = errorText(err)
		} else if outcome != audit.OutcomeDone {
			entry.Error = "HTTP " + strconv.Itoa(resp.StatusCode)
		}
		if e := journal.Write(entry); e != nil && jerr == nil {
			fmt.Fprintln(o.Err, "warning: sent, but its outcome could not be written to the audit log:", text.CleanN(e.Error(), 160))
		}
	}
	if err != nil {
		code := ExitFailed
		if changes && outcome == audit.OutcomeUnknown {
			code = ExitUnknown
		}
		return &ExitError{Code: code, Err: fmt.Errorf("stratop: %s %s: %s", method, text.CleanN(opt.Path, 80), text.CleanN(err.Error(), 300))}
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		code := ExitFailed
		if resp.StatusCode == http.StatusUnauthorized {
			code = ExitUsage // the credentials, as every command says
		}
		fmt.Fprintf(o.Err, "stratop: %s %s: %d %s\n", method, text.CleanN(opt.Path, 80), resp.StatusCode, http.StatusText(resp.StatusCode))
		if len(bytes.TrimSpace(resp.Body)) > 0 {
			if b, ok := reencode(resp.Body); ok {
				_, _ = o.Err.Write(append(b, '\n'))
			} else {
				fmt.Fprintln(o.Err, text.CleanN(string(resp.Body), 2000))
			}
		}
		return silent(code)
	}
	if len(bytes.TrimSpace(resp.Body)) == 0 {
		return nil
	}
	b, ok := reencode(resp.Body)
	if !ok {
		return Failed("%s %s: the answer is not JSON (%s)", method, text.CleanN(opt.Path, 80), text.OrDash(resp.ContentType))
	}
	_, err = o.Out.Write(append(b, '\n'))
	return err
}

// readInput reads the request body: none, stdin or a file; it must be JSON.
func readInput(o IO, input string) ([]byte, error) {
	if input == "" {
		return nil, nil
	}
	var r io.Reader
	if input == "-" {
		r = o.In
	} else {
		f, err := os.Open(input)
		if err != nil {
			return nil, Usage("--input: %s", err)
		}
		defer func() { _ = f.Close() }()
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, maxInput+1))
	if err != nil {
		return nil, Usage("--input: %s", err)
	}
	if len(b) > maxInput {
		return nil, Usage("--input: more than %d bytes", maxInput)
	}
	if len(bytes.TrimSpace(b)) > 0 && !json.Valid(b) {
		return nil, Usage("--input: not valid JSON: nothing sent")
	}
	return b, nil
}

// reencode decodes JSON and encodes it again, keeping numbers exact.
func reencode(b []byte) ([]byte, bool) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, false
	}
	if _, err := d.Token(); !errors.Is(err, io.EOF) {
		return nil, false
	}
	out, err := encodeJSON(v, true)
	return out, err == nil
}

// apiEntry is the intent of a raw state-changing request: the route, and
// the strategy ids, user and idempotency key its path or body name.
func apiEntry(method, path string, body []byte) audit.Entry {
	e := audit.Entry{Seq: uuid.NewString(), Source: "cli", Action: "api " + method + " "}
	p := path
	if u, err := url.Parse(path); err == nil {
		p = u.Path
	}
	p = "/" + strings.Trim(p, "/")
	e.Action += p
	parts := strings.Split(p, "/")
	if len(parts) == 4 && parts[1] == "strategies" {
		if id, err := strconv.ParseInt(parts[2], 10, 64); err == nil {
			e.StrategyIDs = append(e.StrategyIDs, id)
		}
	}
	var fields struct {
		UserID         string      `json:"userId"`
		StrategyID     json.Number `json:"strategyId"`
		IDs            []int64     `json:"ids"`
		IdempotencyKey string      `json:"idempotencyKey"`
	}
	if json.Unmarshal(body, &fields) == nil {
		if id, err := fields.StrategyID.Int64(); err == nil {
			e.StrategyIDs = append(e.StrategyIDs, id)
		}
		e.StrategyIDs = append(e.StrategyIDs, fields.IDs...)
		e.User, e.IdempotencyKey = fields.UserID, fields.IdempotencyKey
	}
	return e
}
