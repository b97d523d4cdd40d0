package factory

import (
	"fmt"
	"net"
	"time"

	"github.com/stratop/stratop/config"
)

// MinLoopbackInterval is the shortest --interval against a loopback
// address (the sandbox, --demo): nobody's server is loaded by a fast poll
// there, and tests and rehearsals run faster. Everywhere else the minimum
// is config.MinInterval, as the settings file and STRATOP_INTERVAL have it.
const MinLoopbackInterval = 50 * time.Millisecond

// CheckInterval is the one rule for an --interval, whichever front end
// takes it.
func CheckInterval(d time.Duration, loopback bool) error {
	floor := config.MinInterval
	if loopback {
		floor = MinLoopbackInterval
	}
	if d < floor {
		where := ""
		if loopback {
			where = " on a loopback address"
		}
		return fmt.Errorf("stratop: --interval must be at least %s%s", floor, where)
	}
	return nil
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
