package check

import "strings"

// specifierType resolves a list of C type specifier keywords written in
// any order ("unsigned short int", "long unsigned", "long double"), as
// C allows. It reports false for anything else.
func specifierType(name string) (Type, bool) {
	var signed, unsigned, short, char, integer, float, double bool
	long := 0
	for _, w := range strings.Fields(name) {
		switch w {
		case "signed":
			signed = true
		case "unsigned":
			unsigned = true
		case "short":
			short = true
		case "long":
			long++
		case "int":
			integer = true
		case "char":
			char = true
		case "float":
			float = true
		case "double":
			double = true
		default:
			return TypeInvalid, false
		}
	}
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
