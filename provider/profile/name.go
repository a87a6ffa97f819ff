package profile

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// MinInterval is the shortest interval a profile or tick probe may have:
// 200µs, a rate of 5000hz, the same limit as DTrace's profile provider
// (profile_interval_min in illumos' profile.c). Shorter intervals would
// let a script spend most of every CPU in its own probe.
const MinInterval = 200 * time.Microsecond

// The prefixes that make a probe name this provider's.
const (
	profilePrefix = "profile-"
	tickPrefix    = "tick-"
)

// timer is what a profile or tick probe is: the provider's Probe.Data.
type timer struct {
	tick     bool // one CPU (tick-N) rather than every CPU (profile-N)
	interval time.Duration
}

// defaultRates are the probes DTrace's profile provider creates without
// being asked, so that dtrace -l lists them: profile-N and tick-N for
// these N, in hz.
var (
	defaultProfileHz = []int{97, 199, 499, 997, 1999, 4001, 4999}
	defaultTickHz    = []int{1, 10, 100, 500, 1000, 5000}
)

// units maps the suffixes of a probe name to the length of one unit; 0
// means hz, a rate per second. The empty suffix is hz as well.
var units = map[string]time.Duration{
	"":     0,
	"hz":   0,
	"ns":   time.Nanosecond,
	"nsec": time.Nanosecond,
	"us":   time.Microsecond,
	"usec": time.Microsecond,
	"ms":   time.Millisecond,
	"msec": time.Millisecond,
	"s":    time.Second,
	"sec":  time.Second,
	"m":    time.Minute,
	"min":  time.Minute,
	"h":    time.Hour,
	"hour": time.Hour,
	"d":    24 * time.Hour,
	"day":  24 * time.Hour,
}

// parseName parses a probe name of this provider: profile-N or tick-N,
// where N is a positive decimal number with an optional unit suffix
// (case does not matter; see units). It reports ok = false for a name
// that is not this provider's at all, and an error for one that is but
// cannot be made into a probe.
func parseName(name string) (t timer, ok bool, err error) {
	rest, found := strings.CutPrefix(name, profilePrefix)
	if !found {
		rest, found = strings.CutPrefix(name, tickPrefix)
		t.tick = found
	}
	if !found {
		return t, false, nil
	}
	digits := 0
	for digits < len(rest) && '0' <= rest[digits] && rest[digits] <= '9' {
		digits++
	}
	if digits == 0 {
		return t, true, fmt.Errorf("%s: no rate or interval after %q", name, name[:len(name)-len(rest)])
	}
	unit, known := units[strings.ToLower(rest[digits:])]
	if !known {
		return t, true, fmt.Errorf("%s: unknown unit %q", name, rest[digits:])
	}
	var n int64
	for _, c := range rest[:digits] {
		d := int64(c - '0')
		if n > (math.MaxInt64-d)/10 {
			return t, true, fmt.Errorf("%s: %s is too large", name, rest[:digits])
		}
		n = n*10 + d
	}
	if n == 0 {
		return t, true, fmt.Errorf("%s: rate or interval must not be zero", name)
	}
	switch {
	case unit == 0:
		t.interval = time.Second / time.Duration(n)
	case n > math.MaxInt64/int64(unit):
		return t, true, fmt.Errorf("%s: interval is too long", name)
	default:
		t.interval = time.Duration(n) * unit
	}
	if t.interval < MinInterval {
		return t, true, fmt.Errorf("%s: interval %v is shorter than the minimum, %v (%dhz)",
			name, t.interval, MinInterval, time.Second/MinInterval)
	}
	return t, true, nil
}
