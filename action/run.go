package action

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/google/uuid"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/internal/text"
)

// Client is the part of the interface client the actions use. *api.Client
// satisfies it; so must every fake (checked at compile time where it is
// defined), so a missing method cannot silently disable an action.
type Client interface {
	GetStrategy(ctx context.Context, id int64) (*api.Strategy, error)
	GetStrategies(ctx context.Context, req api.UserStrategiesRequest) (*api.StrategiesPage, error)
	HaltStrategy(ctx context.Context, id int64) (*api.Strategy, error)
	ArchiveStrategy(ctx context.Context, id int64) (*api.Strategy, error)
	SuspendStrategy(ctx context.Context, ref api.StrategyRef) (*api.Strategy, error)
	ResumeStrategy(ctx context.Context, ref api.StrategyRef) (*api.Strategy, error)
	StopStrategy(ctx context.Context, ref api.StrategyRef) (*api.Strategy, error)
	DisableStrategy(ctx context.Context, ref api.StrategyRef) (*api.Strategy, error)
	ChangeBalance(ctx context.Context, req *api.ChangeBalanceRequest) (*api.Strategy, error)
	DuplicateStrategy(ctx context.Context, ref api.StrategyRef) (*api.DuplicateResult, error)
	DisableAllStrategies(ctx context.Context, userID string) (*api.JobStarted, error)
	RemoveAllStrategies(ctx context.Context, userID string) (*api.JobStarted, error)
}

var _ Client = (*api.Client)(nil)

// Target is what an action is sent for, captured when the operator asked
// for it: never a row index.
type Target struct {
	Strategy api.Strategy // the record the confirmation showed (ID and Status)
	Owner    string       // the owner's external user id, for the body routes and user-wide jobs
	// Amount is add-balance's raw amount (integer string in the token's
	// smallest unit) and IdempotencyKey its key: the same key for a retry of
	// the same dialog, so the balance is added once.
	Amount         string
	IdempotencyKey string
	// Reason is why the operator acts (a ticket, a sentence), written to
	// the audit log with the action.
	Reason string
	// UndoOf is the audit Seq of the action this one undoes: the journal
	// links the two.
	UndoOf string
}

// Outcome is how an action ended (the audit log's words).
type Outcome = audit.Outcome

// Outcomes, as package audit names them.
const (
	OutcomeDone    = audit.OutcomeDone
	OutcomeRefused = audit.OutcomeRefused
	OutcomeFailed  = audit.OutcomeFailed
	OutcomeUnknown = audit.OutcomeUnknown
)

// Result is the outcome of one action on one target.
type Result struct {
	Spec    Spec
	Target  Target
	Seq     string // the audit log's id of the action ("" when refused before its intent)
	Outcome Outcome
	Sent    bool          // the request left; with OutcomeUnknown it may have been applied
	Current *api.Strategy // the record read before sending (nil when that read failed)
	Changed bool          // Current's state differs from the confirmed one: nothing was sent
	Gone    bool          // the strategy no longer exists (404 before sending)
	Reply   *api.Strategy // the route's answer, where it sends a record
	NewID   int64         // duplicate: the new strategy's id, when the answer names it
	Reason  string        // why it was refused or failed, in words
	Err     error
	// JournalErr is the audit log's error, when a line could not be
	// written: the intent (then nothing was sent and Err is a
	// *JournalError, unless the override was used: Unaudited), or the
	// outcome line after sending.
	JournalErr error
	// Unaudited says the action was sent although its intent could not be
	// recorded: the Runner's override (Unaudited) was used.
	Unaudited bool
}

// Policy is the safety policy of one profile, resolved once with the
// settings that made it, so that every refusal can name its source.
type Policy struct {
	// ReadOnly refuses every action (ErrReadOnly); ReadOnlyBy names what
	// made the profile read-only, for the refusal's words.
	ReadOnly   bool
	ReadOnlyBy string
	// RequireReason refuses an action without a reason (ErrReasonRequired);
	// RequireReasonBy names the setting that asks for one.
	RequireReason   bool
	RequireReasonBy string
	// Unaudited sends an action whose intent could not be written to the
	// audit log (the operator's explicit override on a full disk); without
	// it such an action is refused with a *JournalError.
	Unaudited bool
}

// Runner sends actions under the safety policy (Rules). Its zero
// Timeouts mean the defaults.
type Runner struct {
	Client  Client
	Journal audit.Journal
	Source  string // "dashboard", "cli" or "mcp", recorded in the audit log
	// Approval, when an agent asked for the action and a person approved
	// it, is recorded with every line of the action.
	Approval *audit.Approval
	// Policy is what the Runner refuses by.
	Policy
	// ReadTimeout bounds the read before sending; SendTimeout the action
	// request itself (after which its outcome is unknown).
	ReadTimeout, SendTimeout time.Duration
}

// Default timeouts.
const (
	DefaultReadTimeout = 30 * time.Second
	DefaultSendTimeout = 15 * time.Second
)

// errGone stands for a strategy that no longer exists when it is read
// before sending.
var errGone = errors.New("the strategy is gone (404)")

// Run sends one action for one strategy. A read-only Runner, or a missing
// or unusable reason, refuses at once: nothing read, sent or recorded. It
// reads the strategy first: when it is gone, or its state is not the one
// the operator confirmed, or the table forbids the action from it, nothing
// is sent (OutcomeRefused). Then the intent is written to the journal (when
// it cannot be, nothing is sent unless the Runner is Unaudited), the
// request is sent once, and the outcome is written. Run never retries.
func (r Runner) Run(ctx context.Context, spec Spec, t Target) Result {
	res := Result{Spec: spec, Target: t}
	if err := r.admit(&t); err != nil {
		res.Outcome, res.Err, res.Reason = audit.OutcomeRefused, err, err.Error()
		return res
	}
	res.Target.Reason = t.Reason
	if spec.Scope == ScopeStrategy {
		cur, err := r.read(ctx, t.Strategy.ID)
		switch {
		case errors.Is(err, api.ErrNotFound):
			res.Outcome, res.Gone, res.Err, res.Reason = audit.OutcomeRefused, true, errGone, errGone.Error()+": nothing sent"
			return res
		case err != nil:
			res.Outcome, res.Err = audit.OutcomeFailed, err
			res.Reason = "could not check it first (" + api.Explain(err, "") + "): nothing sent"
			return res
		}
		res.Current = cur
		if t.Strategy.Status != "" && cur.Status != t.Strategy.Status {
			res.Outcome, res.Changed = audit.OutcomeRefused, true
			res.Reason = "it changed state meanwhile (now " + text.CleanN(string(cur.Status), 20) + "): nothing sent"
			return res
		}
		if ok, why := spec.Allowed(*cur); !ok {
			res.Outcome, res.Reason = audit.OutcomeRefused, why+": nothing sent"
			return res
		}
		if t.Owner == "" {
			t.Owner = cur.UserID
			res.Target.Owner = t.Owner
		}
	}
	if (spec.Owner || spec.Scope == ScopeUser) && t.Owner == "" {
		res.Outcome, res.Reason = audit.OutcomeRefused, "the owner is unknown: choose the user first (nothing sent)"
		return res
	}
	if spec.Amount && t.IdempotencyKey == "" {
		t.IdempotencyKey = uuid.NewString()
		res.Target.IdempotencyKey = t.IdempotencyKey
	}
	sendTimeout := or(r.SendTimeout, DefaultSendTimeout)
	entry := r.entry(spec, t, res.Current)
	res.Seq = entry.Seq
	entry.Deadline = time.Now().Add(sendTimeout).UTC()
	if err := r.journal().Write(entry); err != nil {
		res.JournalErr = err
		if !r.Unaudited {
			jerr := &JournalError{Err: err}
			res.Outcome, res.Err, res.Reason = audit.OutcomeRefused, jerr, jerr.Error()+": nothing sent"
			return res
		}
		res.Unaudited = true
	}

	sendCtx, cancel := context.WithTimeout(ctx, sendTimeout)
	defer cancel()
	res.Sent = true
	reply, err := spec.send(sendCtx, r.Client, t)
	res.Reply, res.NewID, res.Err = reply.record, reply.newID, err
	res.Outcome, res.Reason = classify(err, spec)

	entry.Time, entry.Outcome, entry.Deadline = time.Time{}, res.Outcome, time.Time{}
	if err != nil {
		entry.Error = res.Reason
	}
	if jerr := r.journal().Write(entry); jerr != nil && res.JournalErr == nil {
		res.JournalErr = jerr
	}
	return res
}

// admit is the policy's decision that needs neither the server nor the
// journal: read-only, then the reason (trimmed in place).
func (r Runner) admit(t *Target) error {
	if r.ReadOnly {
		return r.readOnlyErr()
	}
	reason, err := CheckReason(t.Reason)
	if err != nil {
		return err
	}
	if r.RequireReason && reason == "" {
		return r.reasonErr()
	}
	t.Reason = reason
	return nil
}

// Read reads a strategy under the read timeout (for the re-read after an
// action, and for plans).
func (r Runner) Read(ctx context.Context, id int64) (*api.Strategy, error) { return r.read(ctx, id) }

func (r Runner) read(ctx context.Context, id int64) (*api.Strategy, error) {
	ctx, cancel := context.WithTimeout(ctx, or(r.ReadTimeout, DefaultReadTimeout))
	defer cancel()
	s, err := r.Client.GetStrategy(ctx, id)
	if err == nil && s == nil {
		err = errors.New("empty answer from the server")
	}
	return s, err
}

func (r Runner) journal() audit.Journal {
	if r.Journal == nil {
		return audit.Discard
	}
	return r.Journal
}

// entry is the intent line of an action.
func (r Runner) entry(spec Spec, t Target, cur *api.Strategy) audit.Entry {
	e := audit.Entry{
		Seq: uuid.NewString(), Source: r.Source, Action: spec.Name, User: t.Owner,
		Expected: spec.Next, IdempotencyKey: t.IdempotencyKey, Amount: t.Amount, Reason: t.Reason,
		Approval: r.Approval, UndoOf: t.UndoOf,
	}
	if spec.Scope == ScopeStrategy {
		e.StrategyIDs = []int64{t.Strategy.ID}
		if cur != nil {
			e.StateBefore = cur.Status
		}
	}
	return e
}

// classify turns a send error into an outcome and its reason in words.
func classify(err error, spec Spec) (Outcome, string) {
	switch {
	case err == nil:
		return audit.OutcomeDone, ""
	case Unknown(err):
		return audit.OutcomeUnknown, "outcome unknown (" + api.Explain(err, "") + ")"
	case errors.Is(err, api.ErrBadRequest):
		return audit.OutcomeRefused, ErrorText(err, spec)
	}
	return audit.OutcomeFailed, ErrorText(err, spec)
}

// Unknown reports whether err leaves open whether the action was applied:
// a timeout or a connection lost after the request may have left.
func Unknown(err error) bool {
	var te *api.TransportError
	switch {
	case errors.As(err, &te):
		return te.MaybeDelivered
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, api.ErrDecode):
		return true
	}
	return false
}

func or(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
