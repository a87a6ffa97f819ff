package main

import "strings"

// optstring is dtrace(1)'s getopt(3) option string: a letter followed by
// ':' takes an argument. -32 and -64 are "-3" and "-6" with an argument
// that must be "2" or "4".
const optstring = "3:6:aAb:Bc:CD:ef:FGhHi:I:lL:m:n:o:p:P:qs:SU:vVwx:X:Z"

// flagArg is one option letter found on the command line, with its
// argument if it takes one.
type flagArg struct {
	c   byte
	arg string
}

// name is the flag as users write it, for messages: "-n", "-32".
func (f flagArg) name() string {
	if f.c == '3' || f.c == '6' {
		return "-" + string(f.c) + f.arg
	}
	return "-" + string(f.c)
}

// optKind reports whether c is one of dtrace's option letters and whether
// it takes an argument.
func optKind(c byte) (known, hasArg bool) {
	if c == ':' {
		return false, false
	}
	i := strings.IndexByte(optstring, c)
	if i < 0 {
		return false, false
	}
	return true, i+1 < len(optstring) && optstring[i+1] == ':'
}

// scan splits args (argv without argv[0]) as dtrace(1) does by calling
// getopt(3) in a loop: getopt stops at the first operand, dtrace keeps that
// operand as a macro argument, steps past it and calls getopt again. So
// options may follow operands, clusters (-qn) and attached arguments
// (-nBEGIN, -xbufsize=8m) work, an option's argument is the next word even
// if it starts with '-', and "--" makes only the word after it an operand;
// getopt resumes after that word.
//
// On an unknown letter or a missing argument scan returns the flags seen
// before it together with the error, because dtrace's first pass acts on
// those flags (a bad -32) before getopt reaches the bad one.
func scan(args []string) (flags []flagArg, operands []string, err *argError) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			if i+1 < len(args) {
				i++
				operands = append(operands, args[i])
			}
			continue
		}
		if len(a) < 2 || a[0] != '-' {
			operands = append(operands, a)
			continue
		}
		for j := 1; j < len(a); j++ {
			c := a[j]
			known, hasArg := optKind(c)
			if !known {
				return flags, operands, usageError("illegal option -- " + string(c))
			}
			if !hasArg {
				flags = append(flags, flagArg{c: c})
				continue
			}
			switch {
			case j+1 < len(a):
				flags = append(flags, flagArg{c: c, arg: a[j+1:]})
			case i+1 < len(args):
				i++
				flags = append(flags, flagArg{c: c, arg: args[i]})
			default:
				return flags, operands, usageError("option requires an argument -- " + string(c))
			}
			break
		}
	}
	return flags, operands, nil
}
