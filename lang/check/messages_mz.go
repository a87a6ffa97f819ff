package check

import "maps"

// messagesMZ are the messages of the tags from D_MACRO on, kept apart
// so that no file of the catalogue passes 800 lines.
var messagesMZ = map[string][]Message{
	"D_MACRO_OFLOW": {
		{"macro argument %s constant %s results in integer overflow", "dt_lex.l: $N expands to an integer that overflows; args: token (e.g. \"$1\"), argument text"},
	},
	"D_MACRO_UNDEF": {
		{"macro argument %s is not defined", "dt_lex.l: $N or $$N beyond the arguments given (without -x defaultargs); arg: token, e.g. \"$2\""},
		{"macro variable %s is not defined", "dt_lex.l: unknown $name or $$name (e.g. $target without -p/-c); arg: token"},
	},
	"D_MACRO_UNUSED": {
		{"extraneous argument '%s' ($%d is not referenced)", "dt_cc.c: dt_compile, last script argument never referenced (without -x argref)"},
	},
	"D_NOREG": {
		{"Insufficient registers to generate code", "dt_regset.c: dt_regset_alloc; FreeBSD same; Oracle longjmps with EDT_NOREG instead"},
	},
	"D_NORMALIZE_AGGARG": {
		{"%s( ) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: %s", "dt_cc.c: dt_action_normalize (normalize, denormalize); Oracle: dt_cg.c dt_cg_act_normalize/denormalize"},
	},
	"D_NORMALIZE_AGGBAD": {
		{"undefined aggregation: @%s", "dt_cc.c: dt_action_normalize"},
	},
	"D_NORMALIZE_PROTO": {
		{"%s( ) prototype mismatch: %d args passed, %d expected", "dt_cc.c: dt_action_normalize (the prototype is void(...), so the count is checked here); Oracle: not raised"},
	},
	"D_NORMALIZE_SCALAR": {
		{"%s( ) argument #2 must be of scalar type", "dt_cc.c: dt_action_normalize"},
	},
	"D_OFFSETOF_BITFIELD": {
		{"cannot take offset of a bit-field: %s", "dt_parser.c: dt_node_offsetof"},
	},
	"D_OFFSETOF_TYPE": {
		{"offsetof operand must be a struct or union type", "dt_parser.c: dt_node_offsetof"},
	},
	"D_OP_ACT": {
		{"action cannot be used in a conditional context", "dt_parser.c: dt_cook_op3, action call as an operand of ?:"},
		{"operator %s operands cannot be actions", "dt_parser.c: dt_cook_op2 (comma operator); arg: \",\""},
	},
	"D_OP_ARITH": {
		{"operator %s requires operands of arithmetic type", "dt_parser.c: dt_cook_op2, binary * / *= /="},
		{"operator %s requires an operand of arithmetic type", "dt_parser.c: dt_cook_op1, unary + -"},
	},
	"D_OP_ARRFUN": {
		{"operator %s may not be applied to operand of type \"%s\"", "dt_parser.c: dt_cook_op2 (=), assignment to an array or function; args: operator, type"},
	},
	"D_OP_DYN": {
		{"operator %s operands cannot be of dynamic type", "dt_parser.c: dt_cook_op2 (comma operator); arg: \",\""},
		{"operator ?: operands cannot be of dynamic type", "dt_parser.c: dt_cook_op3"},
	},
	"D_OP_IDENT": {
		{"operator %s must be followed by an identifier", "dt_parser.c: dt_cook_op2, . or -> followed by something else"},
	},
	"D_OP_INCOMPAT": {
		{"operands have incompatible types: \"%s\" %s \"%s\"", "dt_parser.c: dt_cook_op2, comparison, + -, = and += -= with incompatible operands; args: left type, operator, right type"},
		{"operator ?: operands must have compatible types", "dt_parser.c: dt_cook_op3"},
		{"inline %s definition uses incompatible types: \"%s\" = \"%s\"", "dt_parser.c: dt_cook_inline; args: inline name, declared type, expression type"},
	},
	"D_OP_INCOMPLETE": {
		{"operator %s cannot be applied to a forward declaration: no %s definition is available", "dt_parser.c: dt_cook_op2, . or -> on an incomplete struct/union; args: operator, tag (e.g. \"struct foo\")"},
	},
	"D_OP_INT": {
		{"operator %s requires operands of integral type", "dt_parser.c: dt_cook_op2, binary & | ^ << >> % and &= |= ^= <<= >>= %="},
		{"operator %s requires an operand of integral type", "dt_parser.c: dt_cook_op1, unary ~"},
	},
	"D_OP_LVAL": {
		{"operator %s requires modifiable lvalue as an operand", "dt_parser.c: dt_cook_op1 (++ --) and dt_assign_common (= and op=); also (@a = count()) = count()"},
	},
	"D_OP_PTR": {
		{"operator %s must be applied to a pointer", "dt_parser.c: dt_cook_op2, -> on a non-pointer; arg: \"->\""},
	},
	"D_OP_SCALAR": {
		{"operator %s requires operands of scalar type", "dt_parser.c: dt_cook_op2, binary && || ^^ (dt_sugar.c turns if (c) into (1 && c), so a non-scalar if-condition is reported this way too)"},
		{"operator %s requires an operand of scalar type", "dt_parser.c: dt_cook_op1, unary !"},
		{"operator %s requires operand of scalar type", "dt_parser.c: dt_cook_op1, ++ and -- (sic: no \"an\")"},
		{"operator ?: expression must be of scalar type", "dt_parser.c: dt_cook_op3, condition of ?:"},
	},
	"D_OP_SOU": {
		{"operator -> cannot be applied to pointer to type \"%s\"; must be applied to a struct or union pointer", "dt_parser.c: dt_cook_op2 (->)"},
		{"operator %s cannot be applied to type \"%s\"; must be applied to a struct or union", "dt_parser.c: dt_cook_op2 (.); args: \".\", type"},
	},
	"D_OP_VFPTR": {
		{"operator %s requires left-hand scalar operand of known size", "dt_parser.c: dt_cook_op2, += -= on a non-pointer/non-integer or void/function pointer"},
		{"operator %s requires an operand of known size", "dt_parser.c: dt_cook_op1, ++ -- on a void or function pointer"},
	},
	"D_OP_WRITE": {
		{"operator %s can only be applied to a writable variable", "dt_parser.c: dt_cook_op1 (++ --) and dt_assign_common (= and op=), e.g. assigning a built-in variable"},
	},
	"D_PCAP_ADDR": {
		{"pcap( ) argument #1 is incompatible with prototype:\n\tprototype: pointer or integer\n\t argument: %s", "Oracle only: dt_cc.c dt_action_pcap"},
	},
	"D_PCAP_PROTO": {
		{"%s( ) prototype mismatch: %d args passed, 2 expected", "Oracle only: dt_cc.c dt_action_pcap"},
	},
	"D_PDESC_INVAL": {
		{"invalid probe description \"%s\": %s", "dt_parser.c: dt_node_pdesc_by_name; args: description text, libdtrace error (e.g. \"Overspecified probe description\")"},
		{"%s", "dt_cc.c: dt_setcontext, probe lookup failed for a reason other than no match; arg: libdtrace error text"},
		{"invalid probe identifier %d: %s", "dt_parser.c: dt_node_pdesc_by_id"},
		{"identifier %d exceeds maximum probe id", "dt_parser.c: dt_node_pdesc_by_id"},
		{"probe identifier %d not permitted when specifying %s", "dt_parser.c: dt_node_pdesc_by_id; second arg: \"providers\", \"modules\" or \"functions\" (-P/-m/-f)"},
	},
	"D_PDESC_ZERO": {
		{"probe description %s:%s:%s:%s does not match any probes", "dt_cc.c: dt_setcontext (not raised with -Z); args: provider, module, function, name"},
	},
	"D_PRAGCTL_INVAL": {
		{"invalid control directive: #%s", "dt_pragma.c: dt_pragma, unknown #directive"},
		{"invalid control directive", "dt_pragma.c: dt_pragma, directive word is not an identifier"},
	},
	"D_PRAGERR": {
		{"#error: %s", "dt_pragma.c: dt_pragma_error, #error or #pragma error; arg: the directive's tokens each followed by one space (so the message ends with a space)"},
	},
	"D_PRAGMA_DEPEND": {
		{"program requires %s %s", "dt_pragma.c: dt_pragma_depends, #pragma D depends_on provider|module not satisfied; args: class, name"},
		{"failed to find dependency in libpath: %s", "dt_pragma.c: dt_pragma_depends_finddep (library class)"},
		{"program requires library \"%s\" which failed to load", "dt_pragma.c: dt_pragma_depends"},
		{"main program may not explicitly depend on a library", "dt_pragma.c: dt_pragma_depends"},
		{"failed to add dependency %s:%s", "dt_pragma.c: dt_pragma_depends (library path, libdtrace error; sic: no space after the colon)"},
	},
	"D_PRAGMA_INVAL": {
		{"invalid D pragma: %s", "dt_pragma.c: dt_pragma, unknown #pragma D name"},
		{"invalid attributes specified by #pragma attributes", "dt_pragma.c: dt_pragma_attributes"},
		{"invalid component \"%s\" in attribute #pragma for provider %s", "dt_pragma.c: dt_pragma_attributes (sic: DTrace passes the provider name first and the component second)"},
		{"invalid version string specified by #pragma binding", "dt_pragma.c: dt_pragma_binding"},
		{"invalid class %s specified by #pragma depends_on", "dt_pragma.c: dt_pragma_depends"},
	},
	"D_PRAGMA_MALFORM": {
		{"malformed #pragma option <option>=<val>", "dt_pragma.c: dt_pragma_option"},
		{"superfluous arguments specified for #pragma option", "dt_pragma.c: dt_pragma_option"},
		{"malformed #pragma attributes <attributes> <ident>", "dt_pragma.c: dt_pragma_attributes"},
		{"malformed #pragma binding \"version\" <ident>", "dt_pragma.c: dt_pragma_binding"},
		{"malformed #pragma depends_on <class> <name>", "dt_pragma.c: dt_pragma_depends"},
		{"malformed #line <line> [ [\"file\"] state ]", "dt_pragma.c: dt_pragma_line"},
	},
	"D_PRAGMA_OPTSET": {
		{"failed to set option '%s' to '%s': %s", "dt_pragma.c: dt_pragma_option, #pragma D option name=value rejected; args: option, value, libdtrace error (e.g. \"Invalid option name\")"},
		{"failed to set option '%s': %s", "dt_pragma.c: dt_pragma_option, #pragma D option name rejected"},
	},
	"D_PRAGMA_SCOPE": {
		{"#pragma %s cannot modify entity defined outside program scope", "dt_pragma.c: dt_pragma_attributes and dt_pragma_binding; arg: \"attributes\" or \"binding\""},
	},
	"D_PRAGMA_UNUSED": {
		{"unused #pragma %s", "dt_cc.c: dt_idpragma, #pragma D attributes/binding naming an identifier never defined; arg: \"attributes\" or \"binding\""},
	},
	"D_PRED_SCALAR": {
		{"predicate result must be of scalar type", "dt_parser.c: dt_cook_clause"},
	},
	"D_PRINTA_AGGARG": {
		{"%s( ) argument #%d is incompatible with prototype:\n\tprototype: aggregation\n\t argument: %s", "dt_cc.c: dt_action_printa, non-aggregation where printa expects one; args: \"printa\", argument position, type name"},
	},
	"D_PRINTA_AGGBAD": {
		{"undefined aggregation: @%s", "dt_cc.c: dt_action_printa, aggregation never assigned in this program"},
	},
	"D_PRINTA_AGGKEY": {
		{"printa( ): @%s and @%s do not have matching key signatures: @%s has %d key%s, @%s has %d key%s", "dt_printf.c: dt_printa_validate, printa() of several aggregations with different key counts; the key%s suffixes are \"\" or \"s\""},
	},
	"D_PRINTA_AGGPROTO": {
		{"printa( ): @%s[ ] key #%d is incompatible with @%s:\n%9s key #%d: %s\n%9s key #%d: %s", "dt_printf.c: dt_printa_validate; args: second aggregation, key#, first aggregation, first aggregation (right-aligned), key#, its type, second aggregation (right-aligned), key#, its type"},
	},
	"D_PRINTA_PROTO": {
		{"%s( ) prototype mismatch: %d args passed, %d expected", "dt_cc.c: dt_action_printa, printa(\"fmt\") without an aggregation"},
	},
	"D_PRINTF_AGG_CONV": {
		{"%%@ conversion requires an aggregation and is not for use with %s( )", "dt_printf.c: dt_printf_validate, %@ in printf/system/freopen"},
	},
	"D_PRINTF_ARG_EXTRA": {
		{"%s( ) prototype mismatch: only %d arguments required by this format string", "dt_printf.c: dt_printf_validate, more value arguments than conversions (printf, system, freopen)"},
	},
	"D_PRINTF_ARG_FMT": {
		{"%s( ) argument #1 is incompatible with prototype:\n\tprototype: string constant\n\t argument: %s", "dt_cc.c: dt_action_printflike, format is not a string literal; Oracle declares printf's first parameter as string, so a non-string is D_PROTO_ARG \"...prototype: string...\" there"},
	},
	"D_PRINTF_ARG_PROTO": {
		{"%s( ) prototype mismatch: conversion #%d (%%%s) is missing a corresponding value argument", "dt_printf.c: dt_printf_validate; args: function, conversion#, conversion name (e.g. \"d\")"},
	},
	"D_PRINTF_ARG_TYPE": {
		{"%s( ) argument #%d is incompatible with conversion #%d prototype:\n\tconversion: %%%s\n\t prototype: %s\n\t  argument: %s", "dt_printf.c: dt_printf_validate; args: function, argument#, conversion#, conversion name, expected types (e.g. \"char, short, int, long, or long long\", \"char [] or string (or use stringof)\"), argument type"},
		{"%s( ) aggregating action is incompatible with conversion #%d prototype:\n\tconversion: %%%s\n\t prototype: %s\n\t  argument: %s", "dt_printf.c: dt_printf_validate, printa() %@ conversion vs the aggregation result type"},
	},
	"D_PRINTF_DYN_PROTO": {
		{"%s( ) prototype mismatch: conversion #%d (%%%s) is missing a corresponding \"%s\" argument", "dt_printf.c: dt_printf_validate, %*d or %.*d without the width/precision argument; last arg: \"*\" or \".*\""},
	},
	"D_PRINTF_DYN_TYPE": {
		{"%s( ) argument #%d is incompatible with conversion #%d prototype:\n\tconversion: %% %s %s\n\t prototype: int\n\t  argument: %s", "dt_printf.c: dt_printf_validate, non-integer * or .* argument; args: function, argument#, conversion#, \"*\" or \".*\", conversion name, argument type"},
	},
	"D_PRINTF_FMT_EMPTY": {
		{"%s( ) format string is empty", "dt_printf.c: dt_printf_validate"},
	},
	"D_PRINTM_ADDR": {
		{"printm( ) argument #2 is incompatible with prototype:\n\tprototype: pointer\n\t argument: %s", "FreeBSD only: dt_cc.c dt_action_printm (not in illumos or Oracle)"},
	},
	"D_PRINTM_SIZE": {
		{"printm( ) argument #1 must be a non-zero positive integral constant expression", "FreeBSD only: dt_cc.c dt_action_printm (not in illumos or Oracle)"},
	},
	"D_PRINT_AGG": {
		{"print( ) may not be applied to an aggregation -- did you mean printa()?", "dt_cc.c: dt_action_trace; not in Oracle"},
	},
	"D_PRINT_DYN": {
		{"print( ) may not be applied to a translated pointer", "dt_cc.c: dt_action_trace; not in Oracle"},
	},
	"D_PRINT_SIZE": {
		{"print( ) argument #1 reference has type '%s' with size 0; cannot print( ) it.", "Oracle only: dt_cg.c dt_cg_act_print"},
	},
	"D_PRINT_VOID": {
		{"print( ) may not be applied to a void expression", "dt_cc.c: dt_action_trace; not in Oracle"},
	},
	"D_PROC_ALIGN": {
		{"offset 0x%x is not aligned on an instruction", "dt_pid.c: dt_pid_per_sym, pid probe at a misaligned offset"},
	},
	"D_PROC_BADPID": {
		{"'%s' does not contain a valid pid", "dt_pid.c: dt_pid_get_pid; arg: provider name"},
	},
	"D_PROC_BADPROV": {
		{"'%s' is not a valid provider", "dt_pid.c: dt_pid_get_pid; arg: provider name"},
	},
	"D_PROC_CREATEFAIL": {
		{"failed to create entry probe for '%s': %s", "dt_pid.c: dt_pid_per_sym"},
		{"failed to create return probe for '%s': %s", "dt_pid.c: dt_pid_per_sym"},
		{"failed to create probe at '%s+0x%x': %s", "dt_pid.c: dt_pid_per_sym"},
		{"failed to create offset probes in '%s': %s", "dt_pid.c: dt_pid_per_sym"},
	},
	"D_PROC_DYN": {
		{"process %s is not a dynamically-linked executable", "dt_pid.c: dt_pid_create_pid_probes; arg: pid text"},
	},
	"D_PROC_FUNC": {
		{"failed to lookup '%s' in module '%s'", "dt_pid.c: dt_pid_per_mod"},
	},
	"D_PROC_GRAB": {
		{"failed to grab process %d", "dt_pid.c: dt_pid_create_probes"},
	},
	"D_PROC_LIB": {
		{"only the a.out module is valid with the '-' function", "dt_pid.c: dt_pid_create_pid_probes"},
	},
	"D_PROC_NAME": {
		{"'%s' is an invalid probe name", "dt_pid.c: dt_pid_per_sym"},
		{"only individual addresses may be specified with the '-' function", "dt_pid.c: dt_pid_create_pid_probes"},
	},
	"D_PROC_NODEV": {
		{"pid provider is not installed on this system", "dt_pid.c: dt_pid_create_probes"},
		{"pid provider is not available: %s", "dt_pid.c: dt_pid_create_probes; arg: strerror text"},
	},
	"D_PROC_OFF": {
		{"offset 0x%x outside of function '%s'", "dt_pid.c: dt_pid_per_sym"},
	},
	"D_PROC_USDT": {
		{"failed to instantiate probes for pid %d: %s", "dt_pid.c: dt_pid_create_usdt_probes"},
	},
	"D_PROTO_ARG": {
		{"%s( ) argument #%d is incompatible with prototype:\n\tprototype: %s\n\t argument: %s", "dt_ident.c: dt_idcook_sign, built-in function argument of the wrong type; args: function, position, prototype type, argument type"},
		{"%s[ ] key #%d is incompatible with prototype:\n\tprototype: %s\n\t      key: %s", "dt_ident.c: dt_idcook_sign, associative array key of a different type than at first use"},
		{"@%s[ ] key #%d is incompatible with prototype:\n\tprototype: %s\n\t      key: %s", "dt_ident.c: dt_idcook_sign, aggregation key of a different type than at first use"},
		{"%s( ) increment value (argument #%d) must be of scalar type", "dt_cc.c: dt_compile_agg, quantize/lquantize/llquantize increment argument"},
		{"%s[ ] argument #1 is incompatible with prototype:\n\tprototype: integer constant\n\t argument: %s", "dt_ident.c: dt_idcook_args and dt_idcook_regs, args[]/uregs[] index not an integer constant"},
		{"trace( ) argument #1 is incompatible with prototype:\n\tprototype: scalar or string\n\t argument: %s", "Oracle only: dt_cg.c dt_cg_act_trace"},
	},
	"D_PROTO_LEN": {
		{"%s( ) prototype mismatch: %d arg%s passed, %d expected", "dt_ident.c: dt_idcook_sign, wrong number of arguments to a built-in function; the arg%s suffix is \"\" for 1 and \"s\" otherwise (e.g. \"printf( ) prototype mismatch: 0 args passed, 1 expected\")"},
		{"%s( ) prototype mismatch: %d arg%s passed, at least %d expected", "dt_ident.c: dt_idcook_sign, function with optional parameters called with too few or too many arguments (the number is the count of required ones)"},
		{"%s[ ] prototype mismatch: %d key%s passed, %d expected", "dt_ident.c: dt_idcook_sign, associative array used with a different number of keys than at first use"},
		{"@%s[ ] prototype mismatch: %d key%s passed, %d expected", "dt_ident.c: dt_idcook_sign, aggregation used with a different number of keys than at first use"},
		{"%s[ ] prototype mismatch: %d arg%s passed, 1 expected", "dt_ident.c: dt_idcook_args and dt_idcook_regs, args[] or uregs[] with several subscripts"},
		{"%s( ) prototype mismatch: %d args passed, at most %d expected", "dt_cc.c: dt_compile_agg, too many arguments to quantize/lquantize/llquantize"},
	},
	"D_PROV_BADNAME": {
		{"provider name may not contain scoping operator: %s", "dt_parser.c: dt_node_provider"},
		{"provider name may not exceed %d characters: %s", "dt_parser.c: dt_node_provider; first arg: DTRACE_PROVNAMELEN-1"},
		{"provider name may not end with a digit: %s", "dt_parser.c: dt_node_provider"},
		{"probe name may not contain scoping operator: %s", "dt_parser.c: dt_node_probe; arg: \"::name\""},
		{"probe name may not exceed %d characters: %s", "dt_parser.c: dt_node_probe; first arg: DTRACE_NAMELEN-1"},
	},
	"D_PROV_INCOMPAT": {
		{"probe %s:%s %s prototype mismatch:\n\t current: %d arg%s\n\tprevious: %d arg%s", "dt_parser.c: dt_node_provider_cmp_argv; args: provider, probe, \"input\" or \"output\", counts with \"\"/\"s\""},
		{"probe %s:%s %s prototype argument #%d mismatch:\n\t current: %s\n\tprevious: %s", "dt_parser.c: dt_node_provider_cmp_argv"},
		{"provider interface mismatch: %s\n\t current: probe %s:%s defined\n\tprevious: probe %s:%s not defined", "dt_parser.c: dt_cook_provider"},
		{"provider interface mismatch: %s\n\t current: probe %s:%s has an output prototype\n\tprevious: probe %s:%s has no output prototype", "dt_parser.c: dt_node_provider_cmp"},
	},
	"D_PROV_PRARGLEN": {
		{"probe %s input prototype exceeds %d parameters: %d params used", "dt_parser.c: dt_node_probe; second arg: UINT8_MAX (255)"},
		{"probe %s output prototype exceeds %d parameters: %d params used", "dt_parser.c: dt_node_probe"},
	},
	"D_PROV_PRDUP": {
		{"probe redeclared: %s:%s", "dt_parser.c: dt_cook_provider"},
	},
	"D_PROV_PRXLATOR": {
		{"translator for %s:%s output argument #%d from %s to %s is not defined", "dt_parser.c: dt_cook_probe"},
	},
	"D_REGS_IDX": {
		{"index %d is out of range for array %s", "dt_ident.c: dt_idcook_regs, negative uregs[] index"},
	},
	"D_SIZEOF_BITFIELD": {
		{"cannot apply sizeof to a bit-field", "dt_parser.c: dt_cook_op1 (sizeof)"},
	},
	"D_SIZEOF_TYPE": {
		{"cannot apply sizeof to an operand of unknown size", "dt_parser.c: dt_node_op1 (sizeof of a type or string, while parsing) and dt_cook_op1 (sizeof expression), e.g. sizeof(void)"},
	},
	"D_SPEC_COMM": {
		{"speculate( ) may not follow commit( )", "dt_cc.c: dt_stmt_append; Oracle: dt_cg.c dt_cg_clsflags"},
	},
	"D_SPEC_DREC": {
		{"speculate( ) may not follow data-recording action(s)", "dt_cc.c: dt_stmt_append; Oracle: dt_cg.c dt_cg_clsflags"},
	},
	"D_SPEC_SPEC": {
		{"speculate( ) may not follow speculate( )", "dt_cc.c: dt_stmt_append; Oracle: dt_cg.c dt_cg_clsflags"},
	},
	"D_STACK_PROTO": {
		{"stack( ) prototype mismatch: too many arguments", "dt_cc.c: dt_action_stack_args (the built-in prototype reports D_PROTO_LEN first); Oracle: not raised, nor by godtrace"},
	},
	"D_STACK_SIZE": {
		{"stack( ) argument #1 must be a non-zero positive integer constant", "Oracle: dt_cg.c dt_cg_stack_arg; illumos: dt_cc.c dt_action_stack_args \"stack( ) size must be a non-zero positive integral constant expression\""},
	},
	"D_STRINGOF_TYPE": {
		{"cannot apply stringof to a value of type %s", "dt_parser.c: dt_cook_op1 (stringof)"},
	},
	"D_STR_NL": {
		{"newline encountered in string literal", "dt_lex.l: unterminated string literal"},
	},
	"D_SYM_BADREF": {
		{"%s module '%s' symbol '%s' may not be referenced as a %s symbol", "dt_parser.c: dt_xcook_ident, ` vs `` mismatch; args: \"kernel\"/\"user\", module, symbol, \"kernel\"/\"user\""},
	},
	"D_SYM_MODEL": {
		{"cannot use %s symbol %s`%s in a %s D program", "dt_parser.c: dt_xcook_ident, symbol from a module of another data model; args: module model name, module, symbol, program model name (both from dt_module_modelname); `` mark for user symbols"},
	},
	"D_SYM_NOTYPES": {
		{"no symbolic type information is available for %s`%s: %s", "dt_parser.c: dt_xcook_ident, kernel symbol without CTF; last arg: libdtrace error"},
		{"no symbolic type information is available for %s``%s: %s", "dt_parser.c: dt_xcook_ident, user symbol without CTF"},
	},
	"D_SYNTAX": {
		{"syntax error near \"%s\"", "yacc via dt_parser.c yyvwarn, most parse errors; arg: the offending token text (also dt_lex.l for a stray character)"},
		{"syntax error near end of input", "yacc via dt_parser.c yyvwarn, input ended mid-construct"},
		{"syntax error near end of line", "yacc via dt_parser.c yyvwarn, offending token is a newline"},
		{"expected predicate and/or actions following probe description", "dt_grammar.y: probe description alone at the end of a script file"},
		{"expected actions { } following probe description and predicate", "dt_grammar.y: probe_definition with a predicate but no action block"},
		{"floating-point constants are not permitted", "dt_lex.l"},
		{"closing ) expected in predicate before /", "dt_lex.l"},
		{"closing ] expected in predicate before /", "dt_lex.l"},
		{"extra ) in input stream", "dt_lex.l"},
		{"extra ] in input stream", "dt_lex.l"},
		{"extra } in input stream", "dt_lex.l"},
		{"/* encountered inside a comment", "dt_lex.l"},
		{"end-of-file encountered before matching */", "dt_lex.l: input"},
		{"end-of-file encountered before end of control line", "dt_lex.l: input"},
		{"format conversion #%d is undefined: %%%s", "dt_printf.c: dt_printf_create (printf-family format parsing reports D_SYNTAX)"},
		{"format conversion #%d name expected before end of format string", "dt_printf.c: dt_printf_create"},
		{"format conversion #%d has more than one '.' specified", "dt_printf.c: dt_printf_create"},
		{"format conversion #%d has more than one '*' specified for the output %s", "dt_printf.c: dt_printf_create; \"width\" or \"precision\" as in Oracle (illumos always says \"precision\")"},
		{"format conversion #%d uses unsupported positional format (%%n$)", "dt_printf.c: dt_printf_create"},
		{"format conversion #%d cannot be combined with other format flags: %%%%", "dt_printf.c: dt_printf_create, e.g. %-%"},
	},
	"D_TRACEMEM_ADDR": {
		{"tracemem( ) argument #1 is incompatible with prototype:\n\tprototype: pointer or integer\n\t argument: %s", "dt_cc.c: dt_action_tracemem"},
	},
	"D_TRACEMEM_ARGS": {
		{"tracemem ( ) prototype mismatch: expected at most 3 args", "dt_cc.c: dt_action_tracemem (sic: space before \"( )\"); not in Oracle"},
	},
	"D_TRACEMEM_DYNSIZE": {
		{"tracemem ( ) dynamic size (argument #3) must be of scalar type", "dt_cc.c: dt_action_tracemem (sic: space before \"( )\"); not in Oracle"},
	},
	"D_TRACEMEM_SIZE": {
		{"tracemem( ) argument #2 must be a non-zero positive integral constant expression", "dt_cc.c: dt_action_tracemem"},
	},
	"D_TRACE_AGG": {
		{"trace( ) may not be applied to an aggregation", "dt_cc.c: dt_action_trace; not in Oracle"},
	},
	"D_TRACE_DYN": {
		{"trace( ) may not be applied to a translated pointer", "dt_cc.c: dt_action_trace; Oracle: dt_cg.c dt_cg_act_trace \"trace( ) may not be applied to a dynamic expression\""},
		{"trace( ) may not be applied to a dynamic expression", "Oracle dt_cg.c: dt_cg_act_trace, an aggregation traced as a value"},
	},
	"D_TRACE_VOID": {
		{"trace( ) may not be applied to a void expression", "dt_cc.c: dt_action_trace; Oracle same"},
	},
	"D_TRUNC_AGGARG": {
		{"%s( ) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: %s", "dt_cc.c: dt_action_trunc; Oracle: dt_cg.c dt_cg_act_trunc"},
	},
	"D_TRUNC_AGGBAD": {
		{"undefined aggregation: @%s", "dt_cc.c: dt_action_trunc"},
	},
	"D_TRUNC_PROTO": {
		{"%s( ) prototype mismatch: %d args passed, %s expected", "dt_cc.c: dt_action_trunc; last arg: \"at least 1\" or \"no more than 2\" (the prototype is void(...), so the count is checked here); Oracle: not raised"},
	},
	"D_TRUNC_SCALAR": {
		{"%s( ) argument #2 must be of scalar type", "dt_cc.c: dt_action_trunc"},
	},
	"D_TYPE_ERR": {
		{"cannot find type for \"&\": %s*", "dt_parser.c: dt_cook_op1, no pointer type can be made for the operand of unary &"},
		{"failed to lookup int64_t", "dt_parser.c: dt_cook_op1, ++/-- creating a new variable"},
		{"failed to lookup agg type %s", "dt_printf.c: dt_printf_validate"},
	},
	"D_TYPE_MEMBER": {
		{"%s is not a member of %s", "dt_parser.c: dt_cook_op2, . or -> naming a missing member; args: member, struct/union type"},
	},
	"D_UNKNOWN": {
		{"uregs[]: index out of bounds (%d)", "Oracle only: dt_cg.c dt_cg_uregs, a register number past the last one the architecture has"},
		{"failed to resolve type %s: %s", "dt_decl.c: dt_decl_type, unknown type name in a declaration or cast; last arg: libdtrace error (e.g. \"Unknown type name\")"},
		{"failed to define member '%s': %s", "dt_decl.c: dt_decl_member, e.g. duplicate member (CTF error \"Duplicate member or variable name\")"},
		{"failed to extern %s: %s", "dt_parser.c: dt_node_decl"},
		{"failed to typedef %s: %s", "dt_parser.c: dt_node_decl"},
		{"failed to copy typedef %s source type: %s", "dt_parser.c: dt_node_decl"},
		{"failed to determine offset of %s: %s", "dt_parser.c: dt_node_offsetof, member not found (CTF error text)"},
		{"failed to define %s: %s", "dt_decl.c: dt_decl_sou and dt_decl_enum"},
		{"failed to define enumerator '%s': %s", "dt_decl.c: dt_decl_enumerator, e.g. duplicate enumerator"},
		{"failed to create type for member '%s': %s", "dt_decl.c: dt_decl_member (bit-field)"},
		{"failed to copy type of '%s': %s", "dt_decl.c: dt_decl_member"},
		{"failed to update type definitions: %s", "dt_decl.c: dt_scope_pop"},
		{"cannot find type: %s*: %s", "dt_decl.c: dt_decl_type (pointer declarator)"},
		{"failed to copy type: %s", "dt_decl.c: dt_decl_type (array declarator)"},
		{"failed to create array type: %s", "dt_decl.c: dt_decl_type"},
		{"failed to add forward tag for %s: %s", "dt_decl.c: dt_decl_type"},
		{"failed to resolve type %s for identifier %s: %s", "dt_ident.c: dt_idcook_type"},
		{"failed to resolve type of %s (%s): %s", "dt_ident.c: dt_idcook_func, built-in return type"},
		{"failed to resolve type of %s arg#%d (%s): %s", "dt_ident.c: dt_idcook_func, built-in parameter type"},
		{"failed to resolve type of %s: %s", "dt_ident.c: dt_idcook_regs"},
		{"tracing function %s( ) is not yet supported", "dt_cc.c: dt_compile_fun; Oracle also raises \"%s() is not implemented (yet)\" for breakpoint, chill, jstack, panic, stop"},
		{"invalid unary op %s", "dt_parser.c: dt_cook_op1 (internal)"},
		{"invalid binary op %s", "dt_parser.c: dt_cook_op2 (internal)"},
		{"internal error -- node kind %d is not a valid statement", "dt_cc.c: dt_compile_one_clause"},
		{"internal error -- bad decl kind %d", "dt_decl.c: dt_decl_type"},
		{"internal error: malformed entry for built-in function %s", "dt_ident.c: dt_idcook_func"},
		{"optional arg#%d may not follow variable arg#%d", "dt_ident.c: dt_idcook_func (malformed built-in prototype)"},
		{"required arg#%d may not follow optional arg#%d", "dt_ident.c: dt_idcook_func (malformed built-in prototype)"},
		{"cg failed for symbol %s`%s: %s", "dt_cg.c: dt_cg_node"},
		{"internal error -- bad yystate %d", "dt_lex.l: yybegin"},
	},
	"D_USTACK_FRAMES": {
		{"ustack( ) argument #1 must be a non-zero positive integer constant", "dt_cc.c: dt_action_ustack_args (ustack, jstack; message always says ustack)"},
	},
	"D_USTACK_PROTO": {
		{"ustack( ) prototype mismatch: too many arguments", "dt_cc.c: dt_action_ustack_args (the built-in prototype reports D_PROTO_LEN first); Oracle: not raised, nor by godtrace"},
	},
	"D_USTACK_STRSIZE": {
		{"ustack( ) argument #2 must be a positive integer constant", "dt_cc.c: dt_action_ustack_args"},
	},
	"D_VAR_UNDEF": {
		{"%s has not yet been declared or assigned", "dt_parser.c: dt_cook_var, global read before any assignment or declaration"},
		{"self->%s has not yet been declared or assigned", "dt_parser.c: dt_cook_var, thread-local read before assignment"},
		{"this->%s has not yet been declared or assigned", "dt_parser.c: dt_cook_var, clause-local read before assignment"},
	},
	"D_VAR_UNSUP": {
		{"%s: invalid variable class", "Oracle only: dt_cg.c dt_cg_tramp_var (internal); illumos declares the tag but never raises it"},
	},
	"D_XLATE_INCOMPAT": {
		{"translator member %s definition uses incompatible types: \"%s\" = \"%s\"", "dt_parser.c: dt_cook_xlator; args: member, member type, expression type"},
	},
	"D_XLATE_MEMB": {
		{"translator member %s is not a member of %s", "dt_parser.c: dt_cook_xlator; args: member, output type"},
	},
	"D_XLATE_NOCONV": {
		{"translator does not define conversion for member: %s", "dt_parser.c: dt_cook_op2, . or -> on translated data naming an untranslated member"},
	},
	"D_XLATE_NONE": {
		{"cannot translate from \"%s\" to \"%s\"", "dt_parser.c: dt_cook_op2 (xlate), no translator; args: input type, output type"},
	},
	"D_XLATE_REDECL": {
		{"translator from %s to %s has already been declared", "dt_parser.c: dt_node_xlator; args: input type, output type"},
	},
	"D_XLATE_SOU": {
		{"translator output type must be a struct or union", "dt_parser.c: dt_node_xlator"},
		{"incomplete struct/union/enum %s", "dt_parser.c: dt_node_xlator, output type only forward-declared"},
	},
}

func init() { maps.Copy(Messages, messagesMZ) }
