package audit

// Self is the writer id this Log puts on its intents (Entry.Writer), or ""
// while it has written none: what a program reads to tell its own actions
// from another process's in the shared log. It takes no lock file, so a
// pure view may ask it.
func (l *Log) Self() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.writer
}
