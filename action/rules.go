package action

// Rule is one rule of the safety policy: what holds, where in the code it
// is decided (so no front end decides it a second time), and what the
// operator sees when it applies.
type Rule struct {
	Name    string
	Rule    string
	Decided string
	Shown   string
}

// Rules is the safety policy every front end inherits. The README's
// "Safety policy" section says the same in words.
var Rules = []Rule{
	{Name: "read-only",
		Rule:    "a read-only profile sends no action and records none; read-only comes from the profile's read_only setting, --read-only or STRATOP_READ_ONLY=1, and nothing makes it writable again",
		Decided: "action.Runner.ReadOnly (Run and Check refuse with ErrReadOnly)",
		Shown:   "dashboard: READ-ONLY in the header, actions refused; command line: exit 1 naming the source; stratop api refuses every route but GET"},
	{Name: "state",
		Rule:    "an action is sent only from a state the table allows and only when the strategy is still in the state the operator confirmed; it is never retried",
		Decided: "action.Runner.Run (reads the strategy first) and Spec.Allowed",
		Shown:   "\"nothing sent\" with the state found"},
	{Name: "confirmation",
		Rule:    "every action is confirmed; an action that cannot be undone (ConfirmTyped: halt, stop, archive, disable, disable-all, remove-all) is confirmed by typing the strategy id, the user's id, or the number of strategies",
		Decided: "action.Spec.Confirm and action.ConfirmText",
		Shown:   "dashboard: the dialog asks for the id (a bare y is refused); suspend is the reversible pause and takes y; command line: the same on a terminal, --yes for scripts, refused without either"},
	{Name: "amount",
		Rule:    "an amount is a plain decimal within the token's decimals, refused otherwise, never altered (no separators, signs, exponents or dropped characters); before it is sent the amount in tokens and raw units, the strategy and the balance after are shown",
		Decided: "action.ParseUnits and action.BalanceAfter",
		Shown:   "the refusal in words; the review before the confirmation"},
	{Name: "credentials",
		Rule:    "a stored secret is sent only to the scheme, host and port it was saved for; another base URL needs credentials from the environment",
		Decided: "keys.Manager.Resolve",
		Shown:   "exit 2 naming both URLs; the dashboard shows the host used and the profile's label and colour only on the profile's host"},
	{Name: "audit",
		Rule:    "nothing acts unrecorded: the intent is written before the request leaves, and when it cannot be, nothing is sent unless the operator overrides (--unaudited, or a second typed confirmation in the dashboard)",
		Decided: "action.Runner.Run (*JournalError, Runner.Unaudited); audit.Log locks its rotation so no line is lost",
		Shown:   "command line: exit 1, or a warning on stderr when overridden; dashboard: the dialog says why, and that the override was used"},
	{Name: "reason",
		Rule:    "an action may carry a reason, written to the audit log; a profile with require_reason = true refuses an action without one",
		Decided: "action.Runner.RequireReason and action.CheckReason",
		Shown:   "--reason / the dialog's reason field; stratop audit and Activity show it; exit 1 naming the setting when missing"},
	{Name: "keys",
		Rule:    "keys are taken one by one in the order typed however they arrive; any escape closes what is open; a result that arrives while another dialog is open waits until that dialog closes",
		Decided: "model.splitKeys (the root's key intake) and the workflow's report queue (dashboard only: the command line asks one question at a time)",
		Shown:   "the dialog being read stays until answered; the late result opens after it"},
	{Name: "ids",
		Rule:    "repeated ids are taken once; empty or malformed strategy ids and empty user ids are refused before any request",
		Decided: "action.ParseIDs and action.CheckUser",
		Shown:   "command line: exit 2 (usage)"},
	{Name: "agents",
		Rule:    "an agent's action call never acts: it records the exact targets as a request; only a person's stratop approve sends it, through this runner and policy, after reading every target again (what changed is skipped); a request is approved once and expires after 10 minutes",
		Decided: "internal/mcp (its client refuses every state-changing route), internal/approval (Plan, Store.Claim, the expiry) and cli.RunAction's Expected targets",
		Shown:   "the agent reads pending approval ID; stratop approve shows who asked, why, and the plan, and asks the action's own confirmation; the audit log names the agent and the approver"},
	{Name: "exit codes",
		Rule:    "0 done; 1 refused or failed; 2 usage or credentials (401 included); 3 outcome unknown",
		Decided: "internal/cli exit codes and main.run",
		Shown:   "the exit status of every command"},
}
