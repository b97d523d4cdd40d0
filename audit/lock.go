package audit

// LockPath is the lock file beside the log (internal/filelock). Every
// writer, in any process, holds it while it decides whether to rotate,
// rotates and appends, so two writers near MaxSize cannot both rename (the
// second rename would replace the first's previous file, and every line in
// it would be lost).
func LockPath(path string) string { return path + ".lock" }
