package profile

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestParseName(t *testing.T) {
	for _, tt := range []struct {
		name     string
		tick     bool
		interval time.Duration
	}{
		{"profile-97", false, time.Second / 97},
		{"profile-997", false, 1003009 * time.Nanosecond},
		{"profile-1234hz", false, time.Second / 1234},
		{"profile-1234HZ", false, time.Second / 1234},
		{"profile-5000", false, 200 * time.Microsecond},
		{"tick-1", true, time.Second},
		{"tick-1s", true, time.Second},
		{"tick-1sec", true, time.Second},
		{"tick-1SEC", true, time.Second},
		{"tick-250ms", true, 250 * time.Millisecond},
		{"tick-250msec", true, 250 * time.Millisecond},
		{"tick-200us", true, 200 * time.Microsecond},
		{"tick-300usec", true, 300 * time.Microsecond},
		{"tick-200000ns", true, 200 * time.Microsecond},
		{"tick-200000nsec", true, 200 * time.Microsecond},
		{"tick-2m", true, 2 * time.Minute},
		{"tick-2min", true, 2 * time.Minute},
		{"tick-3h", true, 3 * time.Hour},
		{"tick-3hour", true, 3 * time.Hour},
		{"tick-1d", true, 24 * time.Hour},
		{"tick-1day", true, 24 * time.Hour},
		{"tick-007", true, time.Second / 7},
	} {
		got, ok, err := parseName(tt.name)
		if err != nil || !ok || got != (timer{tt.tick, tt.interval}) {
			t.Errorf("parseName(%q) = %+v, %v, %v; want %+v", tt.name, got, ok, err, timer{tt.tick, tt.interval})
		}
	}
}

func TestParseNameNotOurs(t *testing.T) {
	for _, name := range []string{"", "BEGIN", "profile", "tick", "Profile-97", "profile_97", "ticks-1"} {
		if _, ok, err := parseName(name); ok || err != nil {
			t.Errorf("parseName(%q) = %v, %v; want not ours", name, ok, err)
		}
	}
}

func TestParseNameErrors(t *testing.T) {
	for name, want := range map[string]string{
		"profile-":                   "no rate or interval",
		"tick-s":                     "no rate or interval",
		"tick--1":                    "no rate or interval",
		"tick-1.5s":                  `unknown unit ".5s"`,
		"tick-1fortnight":            `unknown unit "fortnight"`,
		"tick-1 s":                   `unknown unit " s"`,
		"profile-0":                  "must not be zero",
		"tick-0ms":                   "must not be zero",
		"profile-5001":               "shorter than the minimum, 200µs (5000hz)",
		"tick-199us":                 "shorter than the minimum",
		"tick-199999ns":              "shorter than the minimum",
		"profile-1000000000000":      "shorter than the minimum",
		"tick-99999999999999999999":  "too large",
		"tick-9999999999999999d":     "too long",
		"tick-9223372036854775807ms": "too long",
	} {
		_, ok, err := parseName(name)
		if !ok || err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("parseName(%q) = %v, %v; want error %q", name, ok, err, want)
		}
	}
}

func TestParseCPUList(t *testing.T) {
	for in, want := range map[string]string{
		"0\n":          "[0]",
		"0-1\n":        "[0 1]",
		"0-3,5,7-8\n":  "[0 1 2 3 5 7 8]",
		"2":            "[2]",
		"0-2,4-5,9\n ": "[0 1 2 4 5 9]",
		"":             "error",
		"1-0":          "error",
		"0,0":          "error",
		"x":            "error",
		"0-":           "error",
		"3,1":          "error",
		"0-1,1-2":      "error",
	} {
		cpus, err := parseCPUList(in)
		got := fmt.Sprint(cpus)
		if err != nil {
			got = "error"
		}
		if got != want {
			t.Errorf("parseCPUList(%q) = %s, want %s", in, got, want)
		}
	}
}
