package check

// This file catalogues the diagnostics of the DTrace D compiler front end
// (lexer, parser, declarations, type checking, pragmas, printf/printa
// format checks, aggregations, actions, translators, providers, probe
// descriptions) keyed by the D_* tag DTrace reports with them, so that the
// checker can reproduce DTrace's wording exactly.
//
// Conventions used by the table:
//
//   - Formats are Go fmt formats. C conversions were mapped to their Go
//     equivalents: %u, %ld, %lld and %llu became %d; %llx became %x. Width
//     modifiers that DTrace relies on for alignment (%9s) are kept.
//   - DTrace's dt_set_errmsg removes the last newline of the finished message,
//     so the trailing "\n" of the C format strings is dropped here. Embedded
//     newlines and tabs of multi-line messages are kept verbatim.
//   - Where DTrace assembles a message from pieces (prototype prefix and
//     suffix such as "( )" or "[ ]", "arg"/"args", "self->"/"this->", the
//     name of a #pragma, the "`" scoping mark), every resulting shape is
//     listed as its own entry, most common first.
//   - The compiler prefixes each message with the location, e.g.
//     `line 3: ` or `"file.d", line 3: ` (or `in action list: ` when no line
//     is known), and dtrace(8) prefixes `failed to compile script foo.d: `.
//     None of that is part of Format.
//   - Messages tagged D_SYNTAX that come from yacc itself are "syntax error"
//     followed by ` near "tok"`, ` near end of input` or ` near end of line`
//     (added by yyvwarn because yacc's message has no newline).
//   - Where names the illumos source file and function that raise the
//     message ("dt_cook_*" functions live in dt_parser.c). Differences in
//     oracle/dtrace-utils (Linux DTrace) and FreeBSD are noted there; the
//     Format is always illumos's wording unless the tag exists only in
//     another implementation, which Where then says. Where godtrace follows
//     Oracle instead (llquantize(), whose buckets and checks Oracle
//     redesigned), Oracle's wording comes first and Where says so.

// Message is DTrace's wording for one D_* tag: a fmt format string
// (with %s/%d verbs where DTrace substitutes values) and where DTrace
// raises it.
type Message struct {
	Format string // e.g. "operator %s requires operands of arithmetic type"
	Where  string // e.g. "dt_cook.c: binary arithmetic operators"
}

// Messages maps each tag to its message(s); a tag DTrace uses with
// several wordings has several entries, most common first.
var Messages = map[string][]Message{
	"D_ACT_SPEC": {
		{"destructive actions may not follow speculate( )", "dt_cc.c: dt_stmt_append, a destructive action after speculate() in the same clause; Oracle: dt_cg.c dt_cg_clsflags, same wording"},
	},
	"D_ADDROF_BITFIELD": {
		{"cannot take address of bit-field", "dt_parser.c: dt_cook_op1, unary & applied to a bit-field member"},
	},
	"D_ADDROF_LVAL": {
		{"unacceptable operand for unary & operator", "dt_parser.c: dt_cook_op1, unary & applied to a non-lvalue"},
	},
	"D_ADDROF_VAR": {
		{"cannot take address of dynamic variable", "dt_parser.c: dt_cook_op1, unary & applied to a D variable or aggregation"},
		{"cannot take address of dynamic object", "dt_parser.c: dt_cook_op1, unary & applied to an expression of dynamic type (translated data, associative array)"},
	},
	"D_AGG_COMM": {
		{"aggregating actions may not follow commit( )", "dt_cc.c: dt_stmt_append, aggregation after commit() in the same clause; Oracle: dt_cg.c dt_cg_clsflags"},
	},
	"D_AGG_FUNC": {
		{"@%s must be assigned the result of an aggregating function", "dt_parser.c: dt_cook_op2 (=), right-hand side of an aggregation assignment is not an aggregating function call; arg: aggregation name without @"},
	},
	"D_AGG_MDIM": {
		{"improper attempt to reference @%s as a multi-dimensional array", "dt_parser.c: dt_cook_op2 ([), @a[k1][k2]"},
	},
	"D_AGG_NULL": {
		{"expression has null effect: @%s", "dt_cc.c: dt_compile_agg, aggregation used as a statement without an aggregating function (e.g. @a[1];)"},
	},
	"D_AGG_REDEF": {
		{"aggregation redefined: @%s\n\t current: @%s = %s( )\n\tprevious: @%s = %s( ) : line %d", "dt_parser.c: dt_cook_op2 (=), aggregation assigned a different aggregating function; args: name, name, new function, name, old function, line of first use"},
	},
	"D_AGG_SCALAR": {
		{"%s( ) argument #1 must be of scalar type", "dt_cc.c: dt_compile_agg, value argument of an aggregating function (sum, avg, quantize, ...) is not scalar"},
	},
	"D_AGG_SPEC": {
		{"aggregating actions may not follow speculate( )", "dt_cc.c: dt_stmt_append, aggregation after speculate() in the same clause; Oracle: dt_cg.c dt_cg_clsflags"},
	},
	"D_ALLOCA_INCOMPAT": {
		{"%s: cannot reuse the same identifier for both alloca and non-alloca allocations", "dt_cg.c: dt_cg_store_var (oracle/dtrace-utils only: a variable given alloca and other pointers)"},
		{"ternary conditional with alloca and non-alloca branches cannot be assigned to a variable", "dt_parser.c: dt_cook_op2 DT_TOK_ASGN (oracle/dtrace-utils only)"},
	},
	"D_ALLOCA_SIZE": {
		{"alloca(%d) size larger than scratchsize %d", "dt_cg.c: dt_cg_subr_alloca() (oracle/dtrace-utils only: a constant size over the scratch space)"},
	},
	"D_ARGS_IDX": {
		{"index %d is out of range for %s %s[ ]", "dt_ident.c: dt_idcook_args, args[N] beyond the probe's argument count; args: index, probe description (provider:module:function:name), \"args\""},
	},
	"D_ARGS_MULTI": {
		{"%s[ ] may not be referenced because probe description %s matches an unstable set of probes", "dt_ident.c: dt_idcook_args, clause matches probes with differing argument types; args: \"args\", probe description"},
	},
	"D_ARGS_NONE": {
		{"%s[ ] may not be referenced outside of a probe clause", "dt_ident.c: dt_idcook_args, args[] used outside a clause (e.g. in an inline); arg: \"args\""},
	},
	"D_ARGS_TYPE": {
		{"failed to resolve native type for %s[%d]", "dt_ident.c: dt_idcook_args, provider gave no usable native type; args: \"args\", index"},
		{"failed to resolve translated type for %s[%d]", "dt_ident.c: dt_idcook_args, provider gave no usable translated type; args: \"args\", index"},
	},
	"D_ARGS_XLATOR": {
		{"translator for %s[%d] from %s to %s is not defined", "dt_ident.c: dt_idcook_args, no translator from the native to the translated argument type; args: \"args\", index, native type, translated type"},
	},
	"D_ARR_BOUNDS": {
		{"index outside array bounds: %d, max is %d", "Oracle dt_parser.c: dt_cook_op2 ([), a constant index past the end of an array of more than one element; args: index, element count"},
	},
	"D_ARR_BADREF": {
		{"cannot access %s as an associative array", "dt_parser.c: dt_cook_op2 ([), comma-separated subscript on a non-associative (scalar or pointer) array; arg: dt_node_name, e.g. \"scalar x\" or \"operator +\""},
	},
	"D_ARR_LOCAL": {
		{"local variables may not be used as associative arrays: %s", "dt_parser.c: dt_cook_op2 ([), this->x[...]; arg: variable name"},
	},
	"D_ASRELO": {
		{"relocation remains against %s symbol %s`%s (offset 0x%x)", "dt_as.c: dt_as_undef, kernel symbol could not be resolved at assembly; args: kind (\"primary kernel\" or \"loadable kernel\"; Oracle: \"kernel\"), module, symbol, offset"},
		{"relocation remains against %s symbol %s``%s (offset 0x%x)", "dt_as.c: dt_as_undef, same for a user symbol (kind \"user\", `` scoping mark)"},
	},
	"D_ATTR_MIN": {
		{"attributes for %s (%s) are less than predefined minimum", "dt_parser.c: dt_node_attr_assign, stability below -x amin (only with -e attribute checking); args: dt_node_name, attribute string"},
	},
	"D_CAST_INVAL": {
		{"invalid cast expression: \"%s\" to \"%s\"", "dt_parser.c: dt_cook_op2 (cast), args: source type, destination type"},
	},
	"D_CG_DYN": {
		{"expression cannot evaluate to result of a translated pointer", "dt_cg.c: dt_cg, a statement or predicate whose value is a translated pointer (xlate<T *>(...))"},
	},
	"D_CG_EXPR": {
		{"%s %s( ) may not be called from a D expression (D program context required)", "dt_cg.c: dt_cg_node, action or aggregating function used inside an expression (e.g. x = count(); or trace() as an operand); args: identifier kind (\"tracing function\", \"aggregating function\"), name; Oracle: dt_cg.c dt_cg_call_subr, same wording"},
	},
	"D_CHR_NL": {
		{"newline encountered in character constant", "dt_lex.l: unterminated character constant"},
	},
	"D_CHR_NULL": {
		{"empty character constant", "dt_lex.l: ''"},
	},
	"D_CHR_OFLOW": {
		{"character constant is too long", "dt_lex.l: character constant longer than 8 bytes after escapes"},
	},
	"D_CLEAR_AGGARG": {
		{"%s( ) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: %s", "dt_cc.c: dt_action_clear, arg: \"clear\", argument type name; Oracle: dt_cg.c dt_cg_act_clear"},
	},
	"D_CLEAR_AGGBAD": {
		{"undefined aggregation: @%s", "dt_cc.c: dt_action_clear, aggregation never assigned in this program"},
	},
	"D_CLEAR_PROTO": {
		{"%s( ) prototype mismatch: %d args passed, 1 expected", "dt_cc.c: dt_action_clear (the prototype is void(...), so the count is checked here); Oracle: not raised"},
	},
	"D_COMM_COMM": {
		{"commit( ) may not follow commit( )", "dt_cc.c: dt_stmt_append; Oracle: not raised"},
	},
	"D_COMM_DREC": {
		{"commit( ) may not follow data-recording action(s)", "dt_cc.c: dt_stmt_append; Oracle: dt_cg.c dt_cg_clsflags"},
	},
	"D_DECL_ARRBIG": {
		{"array dimension too big", "dt_decl.c: dt_decl_array, dimension exceeds UINT_MAX"},
	},
	"D_DECL_ARRNULL": {
		{"array declaration requires array dimension or tuple signature: %s", "dt_parser.c: dt_node_decl, int x[]; arg: name"},
		{"inline declaration requires array tuple signature: %s", "dt_parser.c: dt_node_inline, inline int x[] = ...;"},
		{"inline declaration cannot be of scalar array type: %s", "dt_parser.c: dt_node_inline, inline int x[4] = ...;"},
	},
	"D_DECL_ARRSUB": {
		{"positive integral constant expression or tuple signature expected as array declaration subscript", "dt_decl.c: dt_decl_array"},
	},
	"D_DECL_BADCLASS": {
		{"specified storage class not appropriate in D", "dt_parser.c: dt_node_decl, auto/register/static variable declaration"},
		{"specified storage class not appropriate for inline declaration", "dt_parser.c: dt_node_inline"},
	},
	"D_DECL_BFCONST": {
		{"positive integral constant expression expected as bit-field size", "dt_decl.c: dt_decl_member"},
	},
	"D_DECL_BFSIZE": {
		{"bit-field too big for type: %s", "dt_decl.c: dt_decl_member, arg: member name or \"(anon)\""},
	},
	"D_DECL_BFTYPE": {
		{"invalid type for bit-field: %s", "dt_decl.c: dt_decl_member, arg: member name or \"(anon)\""},
	},
	"D_DECL_CHARATTR": {
		{"invalid type declaration: short and long may not be used with char type", "dt_decl.c: dt_decl_check"},
	},
	"D_DECL_CLASS": {
		{"only one storage class allowed in a declaration", "dt_decl.c: dt_decl_class"},
	},
	"D_DECL_COMBO": {
		{"invalid type combination", "dt_decl.c: dt_decl_spec, e.g. int int x;"},
		{"the attribute 'long' may only be used at most twice in a declaration", "dt_decl.c: dt_decl_attr"},
		{"the attribute 'short' may only be used at most once in a declaration", "dt_decl.c: dt_decl_attr"},
		{"the attribute 'signed' may only be used at most once in a declaration", "dt_decl.c: dt_decl_attr"},
		{"the attribute 'unsigned' may only be used at most once in a declaration", "dt_decl.c: dt_decl_attr"},
	},
	"D_DECL_DYNOBJ": {
		{"cannot have dynamic member: %s", "dt_decl.c: dt_decl_member, struct member of associative-array (dynamic) type"},
		{"cannot declare array of associative arrays", "dt_decl.c: dt_decl_array"},
	},
	"D_DECL_ENCONST": {
		{"enumerator '%s' must be assigned to an integral constant expression", "dt_decl.c: dt_decl_enumerator"},
	},
	"D_DECL_ENOFLOW": {
		{"enumerator '%s' value overflows INT_MAX (%d)", "dt_decl.c: dt_decl_enumerator, args: name, INT_MAX (2147483647)"},
	},
	"D_DECL_IDENT": {
		{"old-style declaration or incorrect type specified", "dt_decl.c: dt_decl_ident, second identifier in one declarator"},
	},
	"D_DECL_IDRED": {
		{"identifier redeclared: %s\n\t current: %s %s\n\tprevious: %s %s", "dt_parser.c: dt_node_decl, variable redeclared with another kind or type; args: name, new kind (\"scalar\", \"associative array\"), new type, old kind, old type"},
		{"built-in identifier redeclared: %s", "dt_parser.c: dt_node_decl, declaring a built-in variable (e.g. int timestamp;)"},
		{"identifier redefined: %s\n\t current: inline definition\n\tprevious: %s %s", "dt_parser.c: dt_node_inline, inline name already in use; args: name, old kind, \"inline\" or \"\""},
		{"identifier redeclared: %s", "dt_decl.c: dt_decl_spec (typedef of an existing type name) and dt_decl_enumerator (D enumerator clashing with a global)"},
		{"typedef identifier redeclared: %s", "dt_parser.c: dt_node_decl, variable named like an existing typedef"},
		{"global variable identifier redeclared: %s", "dt_parser.c: dt_node_decl, typedef named like an existing global"},
		{"typedef redeclared: %s", "dt_parser.c: dt_node_decl, typedef declared twice"},
		{"identifier redeclared: %s\n\t current: %s, key #%d of type %s\n\tprevious: %s, key #%d of type %s", "dt_parser.c: dt_node_decl, associative array redeclared with a different key type; args: name, kind, key#, type, kind, key#, type"},
		{"identifier redeclared: %s\n\t current: %s of %s, tuple length %d\n\tprevious: %s of %s, tuple length %d", "dt_parser.c: dt_node_decl, associative array redeclared with a different tuple length; args: name, kind, type, length, kind, type, length"},
		{"identifier redeclared: %s`%s\n\t current: %s\n\tprevious: %s", "dt_parser.c: dt_node_decl, extern redeclared with another type; args: module, name, new type, old type"},
	},
	"D_DECL_INCOMPLETE": {
		{"incomplete struct/union/enum %s: %s", "dt_parser.c: dt_node_decl and dt_node_inline; dt_decl.c: dt_decl_member; args: type name, identifier"},
	},
	"D_DECL_LOCASSC": {
		{"associative arrays may not be declared as local variables: %s", "dt_parser.c: dt_node_decl, this int x[int];"},
	},
	"D_DECL_LONGINT": {
		{"invalid type declaration: long and long long may only be used with integer or floating-point type", "dt_decl.c: dt_decl_check"},
	},
	"D_DECL_MNAME": {
		{"member declaration requires a name", "dt_decl.c: dt_decl_member"},
	},
	"D_DECL_PARMCLASS": {
		{"inappropriate storage class for function or associative array parameter", "dt_decl.c: dt_decl_pop_param"},
	},
	"D_DECL_PROTO_FORM": {
		{"parameter is not declared in %s prototype: %s, parameter #%d", "dt_decl.c: dt_decl_prototype, probe output parameter naming a parameter absent from the input list; args: prototype kind, name, position"},
		{"parameter is already declared in %s prototype: %s, parameter #%d", "dt_decl.c: dt_decl_prototype, duplicate parameter name; args: prototype kind (\"array\", \"function\", \"probe input\", \"probe output\"), name, position"},
	},
	"D_DECL_PROTO_NAME": {
		{"parameter declaration requires a name: parameter #%d", "dt_decl.c: dt_decl_prototype, anonymous parameter where names are required"},
		{"void parameter may not have a name: %s", "dt_decl.c: dt_decl_prototype"},
	},
	"D_DECL_PROTO_TYPE": {
		{"%s prototype may not use parameter of type %s: %s, parameter #%d", "dt_decl.c: dt_decl_prototype, void or dynamic parameter type; args: prototype kind, type, name or \"(anonymous)\", position"},
	},
	"D_DECL_PROTO_VARARGS": {
		{"%s prototype may not use a variable-length argument list", "dt_decl.c: dt_decl_prototype, ... in an array or probe prototype; arg: prototype kind"},
	},
	"D_DECL_PROTO_VOID": {
		{"void must be sole parameter", "dt_decl.c: dt_decl_prototype"},
	},
	"D_DECL_SCOPE": {
		{"D scoping operator may not be used in a declaration name (%s)", "dt_parser.c: dt_node_decl, name containing `"},
		{"D scoping operator may not be used in a member name (%s)", "dt_decl.c: dt_decl_member"},
		{"D scoping operator may not be used in an enumerator name (%s)", "dt_decl.c: dt_decl_enumerator"},
	},
	"D_DECL_SIGNINT": {
		{"invalid type declaration: signed and unsigned may only be used with integer type", "dt_decl.c: dt_decl_check"},
	},
	"D_DECL_TYPERED": {
		{"type redeclared: %s", "dt_decl.c: dt_decl_sou and dt_decl_enum, struct/union/enum defined twice; arg: e.g. \"struct foo\""},
	},
	"D_DECL_USELESS": {
		{"useless declaration", "dt_parser.c: dt_node_decl, declaration without a declarator that is not a struct/union/enum (e.g. int;)"},
		{"inline declaration requires a name", "dt_parser.c: dt_node_inline"},
	},
	"D_DECL_VOIDATTR": {
		{"invalid type declaration: attributes may not be used with void type", "dt_decl.c: dt_decl_check"},
	},
	"D_DECL_VOIDOBJ": {
		{"cannot have void object: %s", "dt_parser.c: dt_node_decl, void x;"},
		{"cannot declare void inline: %s", "dt_parser.c: dt_node_inline"},
		{"cannot declare array of void", "dt_decl.c: dt_decl_array"},
		{"cannot have void member: %s", "dt_decl.c: dt_decl_member"},
	},
	"D_DEREF_FUNC": {
		{"cannot dereference pointer to function", "dt_parser.c: dt_cook_op1 (unary *)"},
	},
	"D_DEREF_NONPTR": {
		{"cannot dereference non-pointer type", "dt_parser.c: dt_cook_op1 (unary *)"},
	},
	"D_DEREF_VOID": {
		{"cannot dereference pointer to void", "dt_parser.c: dt_cook_op1 (unary *)"},
	},
	"D_DIV_ZERO": {
		{"expression contains division by zero", "dt_parser.c: dt_node_op2, / % /= %= with a constant zero right operand (detected while parsing)"},
	},
	"D_DREC_COMM": {
		{"data-recording actions may not follow commit( )", "dt_cc.c: dt_stmt_append; Oracle: dt_cg.c dt_cg_clsflags"},
	},
	"D_EMPTY": {
		{"empty D program translation unit", "dt_cc.c: dt_compile, a source with no clause, inline, translator or provider definition (declarations and pragmas leave nothing), unless -x empty; reported at the source's last line"},
	},
	"D_EXIT_SPEC": {
		{"exit( ) may not follow speculate( )", "dt_cc.c: dt_stmt_append; Oracle: dt_cg.c dt_cg_clsflags"},
	},
	"D_FREOPEN_INVALID": {
		{"%s( ) argument #1 cannot be \".\"", "dt_cc.c: dt_action_printflike, freopen(\".\") (\".\" is the DT_FREOPEN_RESTORE sentinel); arg: \"freopen\""},
	},
	"D_FUNC_IDENT": {
		{"function designator is not of function type", "dt_parser.c: dt_node_func, call of something that is not a plain identifier, e.g. (x)()"},
	},
	"D_FUNC_IDKIND": {
		{"%s '%s' may not be referenced as a function", "dt_parser.c: dt_node_func, call of a variable; args: identifier kind (\"scalar\", \"associative array\", ...), name"},
	},
	"D_FUNC_UNDEF": {
		{"undefined function name: %s", "dt_parser.c: dt_node_func, call of an unknown name"},
	},
	"D_IDENT_AMBIG": {
		{"ambiguous use of operator %s: %s is both a %s enum tag and a global %s", "dt_parser.c: dt_cook_op2 (comparison against an enum), args: operator, identifier, enum type, global's kind"},
	},
	"D_IDENT_BADREF": {
		{"%s '%s' may not be referenced as %s", "dt_parser.c: dt_xcook_ident (global used as another kind, e.g. array as scalar) and dt_cook_op2 ([) (scalar indexed); args: actual kind, name, expected kind (\"scalar\", \"associative array\", \"aggregation\")"},
	},
	"D_IDENT_UNDEF": {
		{"failed to resolve %s: %s", "dt_parser.c: dt_xcook_ident, unknown identifier; args: name, libdtrace error text (usually \"Unknown variable name\")"},
		{"failed to resolve %s`%s: %s", "dt_parser.c: dt_xcook_ident, unknown kernel symbol module`name (module may be empty); last arg e.g. \"Unknown symbol name\""},
		{"failed to resolve %s``%s: %s", "dt_parser.c: dt_xcook_ident, unknown user symbol module``name"},
	},
	"D_ID_OFLOW": {
		{"cannot create %s: limit on number of %s variables exceeded", "dt_parser.c: dt_xcook_ident and dt_node_decl; args: name, identifier hash name (e.g. \"clause local\")"},
	},
	"D_INT_DIGIT": {
		{"constant %s contains invalid digit %c", "dt_lex.l: octal constant with an 8 or 9, such as 0128 (0x1g is 0x1 then g, a syntax error)"},
	},
	"D_INT_OFLOW": {
		{"integer constant 0x%x cannot be represented in any built-in integral type", "dt_parser.c: dt_node_int, value exceeds every integer type allowed by its suffix"},
		{"constant %s results in integer overflow", "dt_lex.l: strtoull overflow while scanning an integer constant"},
	},
	"D_KEY_TYPE": {
		{"%s expression may not be used as %s index: key #%d", "dt_ident.c: dt_idcook_assc, void or dynamic key when an array/aggregation is first used; args: key type name (e.g. \"void\", \"aggregation\"), \"associative array\" or \"aggregation\", key position"},
	},
	"D_LLQUANT_FACTOREVEN": {
		{"llquantize( ) factor (argument #1) must evenly divide the number of steps per magnitude (argument #4), and the number of steps per magnitude must evenly divide a power of the factor", "dt_cc.c: dt_compile_agg (llquantize); Oracle: not used (D_LLQUANT_STEPVAL wordings instead); godtrace follows Oracle and does not raise it"},
	},
	"D_LLQUANT_FACTORMATCH": {
		{"llquantize( ) factor (argument #1) doesn't match previous declaration: expected %d, found %d", "dt_cc.c: dt_compile_agg, llquantize() on one aggregation with a different factor; Oracle: D_LLQUANT_MATCHFACTOR; godtrace follows Oracle and does not raise it"},
	},
	"D_LLQUANT_FACTORNSTEPS": {
		{"llquantize( ) factor (argument #1) must be less than or equal to the number of linear steps per magnitude (argument #4)", "dt_cc.c: dt_compile_agg (llquantize); Oracle: not used (steps may be fewer than the factor if they divide it); godtrace follows Oracle and does not raise it"},
	},
	"D_LLQUANT_FACTORSMALL": {
		{"llquantize( ) factor (argument #1) must be two or more", "dt_cc.c: dt_compile_agg (llquantize); Oracle folds this into D_LLQUANT_FACTORVAL; godtrace follows Oracle and does not raise it"},
	},
	"D_LLQUANT_FACTORTYPE": {
		{"llquantize( ) argument #1 must be an integer constant", "Oracle: dt_cg.c dt_cg_agg_llquantize, the factor not a constant; godtrace uses Oracle's wording"},
		{"llquantize( ) argument #1 (factor) must be an integer constant", "illumos: dt_cc.c dt_compile_agg (llquantize)"},
	},
	"D_LLQUANT_FACTORVAL": {
		{"llquantize( ) argument #1 must be an unsigned 16-bit quantity greater than or equal to 2", "Oracle: dt_cg.c dt_cg_agg_llquantize, a factor over 65535 or under 2 (illumos: D_LLQUANT_FACTORSMALL for the latter); godtrace uses Oracle's wording"},
		{"llquantize( ) argument #1 (factor) must be an unsigned 16-bit quantity", "illumos: dt_cc.c dt_compile_agg (llquantize)"},
	},
	"D_LLQUANT_HIGHMATCH": {
		{"llquantize( ) high magnitude (argument #3) doesn't match previous declaration: expected %d, found %d", "dt_cc.c: dt_compile_agg; Oracle: D_LLQUANT_MATCHHMAG; godtrace follows Oracle and does not raise it"},
	},
	"D_LLQUANT_HIGHTYPE": {
		{"llquantize( ) argument #3 (high magnitude) must be an integer constant", "dt_cc.c: dt_compile_agg; Oracle: D_LLQUANT_HMAGTYPE; godtrace follows Oracle and does not raise it"},
	},
	"D_LLQUANT_HIGHVAL": {
		{"llquantize( ) argument #3 (high magnitude) must be an unsigned 16-bit quantity", "dt_cc.c: dt_compile_agg; Oracle: D_LLQUANT_HMAGVAL; godtrace follows Oracle and does not raise it"},
	},
	"D_LLQUANT_HMAGTYPE": {
		{"llquantize( ) argument #3 must be an integer constant", "Oracle only: dt_cg.c dt_cg_agg_llquantize (illumos: D_LLQUANT_HIGHTYPE)"},
	},
	"D_LLQUANT_HMAGVAL": {
		{"llquantize( ) argument #3 must be an unsigned 16-bit quantity", "Oracle only (illumos: D_LLQUANT_HIGHVAL)"},
		{"llquantize( ) argument #3 (high magnitude) must be at least argument #2 (low magnitude)", "Oracle only (illumos: D_LLQUANT_MAGRANGE)"},
		{"llquantize( ) argument #3 (high magnitude) will cause overflow of 64 bits", "Oracle only (illumos: D_LLQUANT_MAGTOOBIG)"},
	},
	"D_LLQUANT_LMAGTYPE": {
		{"llquantize( ) argument #2 must be an integer constant", "Oracle only (illumos: D_LLQUANT_LOWTYPE)"},
	},
	"D_LLQUANT_LMAGVAL": {
		{"llquantize( ) argument #2 must be an unsigned 16-bit quantity", "Oracle only (illumos: D_LLQUANT_LOWVAL)"},
	},
	"D_LLQUANT_LOWMATCH": {
		{"llquantize( ) low magnitude (argument #2) doesn't match previous declaration: expected %d, found %d", "dt_cc.c: dt_compile_agg; Oracle: D_LLQUANT_MATCHLMAG; godtrace follows Oracle and does not raise it"},
	},
	"D_LLQUANT_LOWTYPE": {
		{"llquantize( ) argument #2 (low magnitude) must be an integer constant", "dt_cc.c: dt_compile_agg; Oracle: D_LLQUANT_LMAGTYPE; godtrace follows Oracle and does not raise it"},
	},
	"D_LLQUANT_LOWVAL": {
		{"llquantize( ) argument #2 (low magnitude) must be an unsigned 16-bit quantity", "dt_cc.c: dt_compile_agg; Oracle: D_LLQUANT_LMAGVAL; godtrace follows Oracle and does not raise it"},
	},
	"D_LLQUANT_MAGRANGE": {
		{"llquantize( ) high magnitude (argument #3) must be greater than low magnitude (argument #2)", "dt_cc.c: dt_compile_agg; Oracle: D_LLQUANT_HMAGVAL \"... must be at least ...\"; godtrace follows Oracle and does not raise it"},
	},
	"D_LLQUANT_MAGTOOBIG": {
		{"llquantize( ) factor (%d) raised to power of high magnitude (%d) overflows 64-bits", "dt_cc.c: dt_compile_agg, args: factor, high magnitude; FreeBSD: \"... (%d) plus 1 overflows 64-bits\"; Oracle: D_LLQUANT_HMAGVAL; godtrace follows Oracle and does not raise it"},
	},
	"D_LLQUANT_MATCHFACTOR": {
		{"llquantize() factor (argument #1) doesn't match previous declaration: expected %d, found %d", "Oracle only (illumos: D_LLQUANT_FACTORMATCH, with \"llquantize( )\")"},
	},
	"D_LLQUANT_MATCHHMAG": {
		{"llquantize() hmag (argument #3) doesn't match previous declaration: expected %d, found %d", "Oracle only (illumos: D_LLQUANT_HIGHMATCH)"},
	},
	"D_LLQUANT_MATCHLMAG": {
		{"llquantize() lmag (argument #2) doesn't match previous declaration: expected %d, found %d", "Oracle only (illumos: D_LLQUANT_LOWMATCH)"},
	},
	"D_LLQUANT_MATCHSTEPS": {
		{"llquantize() steps (argument #4) doesn't match previous declaration: expected %d, found %d", "Oracle only (illumos: D_LLQUANT_NSTEPMATCH)"},
	},
	"D_LLQUANT_NSTEPMATCH": {
		{"llquantize( ) linear steps per magnitude (argument #4) doesn't match previous declaration: expected %d, found %d", "dt_cc.c: dt_compile_agg; Oracle: D_LLQUANT_MATCHSTEPS; godtrace follows Oracle and does not raise it"},
	},
	"D_LLQUANT_NSTEPTYPE": {
		{"llquantize( ) argument #4 (linear steps per magnitude) must be an integer constant", "dt_cc.c: dt_compile_agg; Oracle: D_LLQUANT_STEPTYPE; godtrace follows Oracle and does not raise it"},
	},
	"D_LLQUANT_NSTEPVAL": {
		{"llquantize( ) argument #4 (linear steps per magnitude) must be an unsigned 16-bit quantity", "dt_cc.c: dt_compile_agg; Oracle: D_LLQUANT_STEPVAL; godtrace follows Oracle and does not raise it"},
	},
	"D_LLQUANT_STEPTYPE": {
		{"llquantize( ) argument #4 must be a non-zero positive integer constant", "Oracle only: dt_cg.c dt_cg_agg_llquantize, steps not a constant, or 0 or negative (illumos: D_LLQUANT_NSTEPTYPE)"},
	},
	"D_LLQUANT_STEPVAL": {
		{"llquantize( ) argument #4 must be an unsigned 16-bit quantity", "Oracle only (illumos: D_LLQUANT_NSTEPVAL)"},
		{"llquantize() argument #4 (steps) must evenly divide argument #1 (factor) when steps<factor", "Oracle only (illumos: D_LLQUANT_FACTORNSTEPS)"},
		{"llquantize() argument #4 (steps) must be a multiple of argument #1 (factor) when steps>factor", "Oracle only (illumos: D_LLQUANT_FACTOREVEN)"},
		{"llquantize() argument #4 (steps) must evenly divide the square of argument #1 (factor) when steps>factor and lmag==0", "Oracle only"},
		{"llquantize() argument #4 (steps) must evenly divide pow(argument #1 (factor), lmag (argument #2) + 1) when steps>factor and lmag>0", "Oracle only"},
	},
	"D_LQUANT_BASETYPE": {
		{"lquantize( ) argument #1 must be an integer constant", "dt_cc.c: dt_compile_agg (lquantize base)"},
	},
	"D_LQUANT_BASEVAL": {
		{"lquantize( ) argument #1 must be a 32-bit quantity", "dt_cc.c: dt_compile_agg (lquantize base)"},
	},
	"D_LQUANT_LIMTYPE": {
		{"lquantize( ) argument #2 must be an integer constant", "dt_cc.c: dt_compile_agg (lquantize limit)"},
	},
	"D_LQUANT_LIMVAL": {
		{"lquantize( ) argument #2 must be a 32-bit quantity", "dt_cc.c: dt_compile_agg (lquantize limit)"},
	},
	"D_LQUANT_MATCHBASE": {
		{"lquantize( ) base (argument #1) doesn't match previous declaration: expected %d, found %d", "dt_cc.c: dt_compile_agg, lquantize() on one aggregation with a different base"},
	},
	"D_LQUANT_MATCHLIM": {
		{"lquantize( ) limit (argument #2) doesn't match previous declaration: expected %d, found %d", "dt_cc.c: dt_compile_agg"},
	},
	"D_LQUANT_MATCHSTEP": {
		{"lquantize( ) step (argument #3) doesn't match previous declaration: expected %d, found %d", "dt_cc.c: dt_compile_agg"},
	},
	"D_LQUANT_MISMATCH": {
		{"lquantize( ) base (argument #1) must be less than limit (argument #2)", "dt_cc.c: dt_compile_agg"},
	},
	"D_LQUANT_STEPLARGE": {
		{"lquantize( ) step (argument #3) too large: must have at least one quantization level", "dt_cc.c: dt_compile_agg"},
	},
	"D_LQUANT_STEPSMALL": {
		{"lquantize( ) step (argument #3) too small: number of quantization levels must be a 16-bit quantity", "dt_cc.c: dt_compile_agg"},
	},
	"D_LQUANT_STEPTYPE": {
		{"lquantize( ) argument #3 must be a non-zero positive integer constant", "dt_cc.c: dt_compile_agg (lquantize step)"},
	},
	"D_LQUANT_STEPVAL": {
		{"lquantize( ) argument #3 must be a 16-bit quantity", "dt_cc.c: dt_compile_agg (lquantize step)"},
	},
}
