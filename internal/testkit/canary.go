package testkit

// The canary credentials of the command tests: they may appear only inside
// the store a test chose, so any other output or file holding them is a leak.
const (
	CanaryKey    = "CANARYKEY-0123456789-abcdef"
	CanarySecret = "CANARYSECRET-s3cr3t-9876543210"
)
