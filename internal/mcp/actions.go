package mcp

import (
	"context"
	"errors"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/internal/approval"
	"github.com/stratop/stratop/internal/text"
)

// actionTool is one action as a tool: its name and what it does to the
// integration once a person approved it (the hints describe that effect;
// the call itself only records a request).
type actionTool struct {
	spec action.Spec
	name string
	// destructive: it cannot be undone, or it takes something away;
	// idempotent: asking it again for the same targets changes nothing
	// more (the state table refuses it from the state it leads to).
	destructive, idempotent bool
}

var actionTools = []actionTool{
	{action.Halt, "halt", true, true},
	{action.Suspend, "suspend", false, true},
	{action.Resume, "resume", false, true},
	{action.Stop, "stop", true, true},
	{action.Archive, "archive", true, true},
	{action.Disable, "disable", true, true},
	{action.AddBalance, "add_balance", false, false},
	{action.Duplicate, "duplicate", false, false},
	{action.DisableAll, "disable_all", true, true},
	{action.RemoveAll, "remove_all", true, true},
}

// maxTargets bounds the strategies of one request: a person reads them all.
const maxTargets = 100

type strategiesAsk struct {
	IDs    []int64 `json:"ids" jsonschema:"the strategy ids (1 to 100)"`
	Reason string  `json:"reason" jsonschema:"why, in one line: the person who approves reads it, and it goes to the audit log"`
}

type balanceAsk struct {
	ID     int64  `json:"id" jsonschema:"the volume strategy's id"`
	Amount string `json:"amount" jsonschema:"the amount to add in token units, digits and one decimal point (e.g. 1.5)"`
	Raw    bool   `json:"raw,omitempty" jsonschema:"amount is in the token's smallest unit instead"`
	Reason string `json:"reason" jsonschema:"why, in one line: the person who approves reads it, and it goes to the audit log"`
}

type userAsk struct {
	User   string `json:"user" jsonschema:"the user's external id"`
	Reason string `json:"reason" jsonschema:"why, in one line: the person who approves reads it, and it goes to the audit log"`
}

// requested is an action tool's answer.
type requested struct {
	Status  string             `json:"status"` // "pending_approval"
	Request string             `json:"request"`
	Action  string             `json:"action"`
	Expires time.Time          `json:"expires"`
	Targets []approval.Target  `json:"targets"`
	Skipped []approval.Skipped `json:"skipped,omitempty"`
	Message string             `json:"message"`
}

func (s *Server) addActions() {
	for _, at := range actionTools {
		tool := &sdk.Tool{Name: at.name, Title: "Request: " + at.spec.Label,
			Description: describeAction(at.spec),
			Annotations: &sdk.ToolAnnotations{Title: "Request: " + at.spec.Label, DestructiveHint: new(at.destructive),
				IdempotentHint: at.idempotent, OpenWorldHint: new(false)}}
		spec := at.spec
		switch {
		case spec.Scope == action.ScopeUser:
			sdk.AddTool(s.sdk, tool, func(ctx context.Context, req *sdk.CallToolRequest, in userAsk) (*sdk.CallToolResult, any, error) {
				if err := checkUser(in.User); err != nil {
					return nil, nil, err
				}
				return s.request(ctx, req, approval.Ask{Spec: spec, User: in.User, Reason: in.Reason})
			})
		case spec.Amount:
			sdk.AddTool(s.sdk, tool, func(ctx context.Context, req *sdk.CallToolRequest, in balanceAsk) (*sdk.CallToolResult, any, error) {
				if in.ID < 1 {
					return nil, nil, badArgs("id %d is not a strategy id (a number >= 1)", in.ID)
				}
				return s.request(ctx, req, approval.Ask{Spec: spec, IDs: []int64{in.ID}, Amount: in.Amount, Raw: in.Raw, Reason: in.Reason})
			})
		default:
			sdk.AddTool(s.sdk, tool, func(ctx context.Context, req *sdk.CallToolRequest, in strategiesAsk) (*sdk.CallToolResult, any, error) {
				ids, err := strategyIDs(in.IDs)
				if err != nil {
					return nil, nil, err
				}
				return s.request(ctx, req, approval.Ask{Spec: spec, IDs: ids, Reason: in.Reason})
			})
		}
	}
}

func describeAction(spec action.Spec) string {
	d := "Asks a person to " + spec.Name + " (" + spec.Label + "; " + spec.Effect + "). This call changes nothing: " +
		"it reads the targets now and records a request with exactly those targets, their state and amounts, then " +
		"answers with the request's id. A person approves or rejects it outside this conversation; it expires after " +
		approval.DefaultTTL.String() + ". Targets that change before approval are skipped. Check approval_requests for the outcome."
	if spec.Confirm == action.ConfirmTyped {
		d += " It cannot be undone once approved."
	}
	return d + DataNote
}

// request plans ask, records it as pending and answers with its id.
func (s *Server) request(ctx context.Context, req *sdk.CallToolRequest, ask approval.Ask) (*sdk.CallToolResult, any, error) {
	reason, err := action.CheckReason(ask.Reason)
	switch {
	case err != nil:
		return nil, nil, badArgs("reason: %s", err)
	case reason == "":
		return nil, nil, badArgs("a reason is required: say in one line why; the person who approves reads it")
	}
	ask.Reason = reason
	targets, skipped, err := approval.Plan(ctx, s.plans, ask)
	switch {
	case errors.Is(err, action.ErrBadID):
		return nil, nil, badArgs("%s", err)
	case err != nil:
		return nil, nil, readFailed(ask.Spec.Name+": reading the targets", err)
	case len(targets) == 0:
		v, _ := compact(skipped)
		return nil, nil, &ToolError{What: "nothing to ask for: no target can take " + ask.Spec.Name + " now: " + v,
			Do: "Read the strategies again; ask only for targets in a state the action allows"}
	}
	r, err := s.opts.Store.Add(approval.Request{Action: ask.Spec.Name, Integration: s.opts.Integration, Profile: s.opts.Profile,
		Client: clientName(req), Reason: reason, Targets: targets})
	if err != nil {
		return nil, nil, &ToolError{What: "the request could not be recorded: " + text.CleanN(err.Error(), 200), Do: "Nothing was done; tell the person running stratop"}
	}
	return answer(requested{
		Status: "pending_approval", Request: r.ID, Action: r.Action, Expires: r.Expires.UTC(), Targets: targets, Skipped: skipped,
		Message: "pending approval " + r.ID + ": nothing was done. A person approves it with `stratop approve " + r.ID +
			"` or rejects it with `stratop reject " + r.ID + "`; it expires at " + r.Expires.UTC().Format(time.RFC3339) +
			". Do not ask again for the same targets; check approval_requests for the outcome.",
	})
}

// clientName is the MCP client as it introduced itself: its name and
// version from the initialize request.
func clientName(req *sdk.CallToolRequest) string {
	if req == nil || req.Session == nil {
		return "unknown client"
	}
	p := req.Session.InitializeParams()
	if p == nil || p.ClientInfo == nil || p.ClientInfo.Name == "" {
		return "unknown client"
	}
	name := p.ClientInfo.Name
	if p.ClientInfo.Version != "" {
		name += " " + p.ClientInfo.Version
	}
	return text.CleanN(name, 80)
}

func strategyIDs(in []int64) ([]int64, error) {
	if len(in) == 0 || len(in) > maxTargets {
		return nil, badArgs("ids: give 1 to %d strategy ids", maxTargets)
	}
	seen := map[int64]bool{}
	var ids []int64
	for _, id := range in {
		if id < 1 {
			return nil, badArgs("id %d is not a strategy id (a number >= 1)", id)
		}
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// checkUser refuses an external user id no route could take.
func checkUser(u string) error {
	if err := action.CheckUser(u); err != nil {
		return badArgs("user: %s", err)
	}
	return nil
}
