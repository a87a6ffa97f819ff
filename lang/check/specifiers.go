package check

import (
	"slices"
	"strings"
)

// typeWords are the C type specifier keywords of a name, counted in any
// order: the sign and size words, and the base types (char, int, float,
// double, void) in the order written.
type typeWords struct {
	signed, unsigned, short bool
	long                    int
	bases                   []string
}

// countTypeWords counts the words of name, or reports false if one is
// not a type specifier keyword.
func countTypeWords(name string) (typeWords, bool) {
	var w typeWords
	for _, word := range strings.Fields(name) {
		switch word {
		case "signed":
			w.signed = true
		case "unsigned":
			w.unsigned = true
		case "short":
			w.short = true
		case "long":
			w.long++
		case "char", "int", "float", "double", "void":
			w.bases = append(w.bases, word)
		default:
			return w, false
		}
	}
	return w, true
}

// specifierType resolves a list of C type specifier keywords written in
// any order ("unsigned short int", "long unsigned", "long double"), as
// C allows. It reports false for anything else.
func specifierType(name string) (Type, bool) {
	w, ok := countTypeWords(name)
	if !ok || slices.Contains(w.bases, "void") {
		return TypeInvalid, false
	}
	signed, unsigned, short, long := w.signed, w.unsigned, w.short, w.long
	has := func(base string) bool { return slices.Contains(w.bases, base) }
	char, integer, float, double := has("char"), has("int"), has("float"), has("double")
	if signed && unsigned || short && long > 0 || long > 2 {
		return TypeInvalid, false
	}
	switch {
	case float:
		if signed || unsigned || short || long > 0 || integer || char || double {
			return TypeInvalid, false
		}
		return Type{Kind: Float, Size: 4, Name: "float"}, true
	case double:
		if signed || unsigned || short || long > 1 || integer || char {
			return TypeInvalid, false
		}
		if long == 1 {
			return Type{Kind: Float, Size: 16, Name: "long double"}, true
		}
		return Type{Kind: Float, Size: 8, Name: "double"}, true
	case char:
		if short || long > 0 || integer {
			return TypeInvalid, false
		}
		if unsigned {
			return typeNames["unsigned char"], true
		}
		return TypeChar, true
	}
	base := "int"
	switch {
	case short:
		base = "short"
	case long == 1:
		base = "long"
	case long == 2:
		base = "long long"
	}
	if unsigned {
		if base == "int" {
			return typeNames["unsigned int"], true
		}
		base = "unsigned " + base
	}
	return typeNames[base], true
}
