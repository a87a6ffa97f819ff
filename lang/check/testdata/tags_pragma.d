/*
 * Pragmas the checker rejects, with DTrace's tag and wording
 * (messages.go). See tags_test.go. A control line's words run to the end
 * of the line, comments included (as in DTrace's lexer), so only errors
 * that the extra words do not change can be annotated here; tags_test.go
 * checks D_PRAGMA_MALFORM from sources without annotations. #pragma
 * [D] error, ident and line are the scanner's (lang/parser/testdata).
 */
#pragma D nosuchpragma			/* ERROR D_PRAGMA_INVAL "invalid D pragma: nosuchpragma" */
#pragma D option quiet flowindent	/* ERROR D_PRAGMA_MALFORM "superfluous arguments specified for #pragma option" */
#pragma D option 42			/* ERROR D_PRAGMA_MALFORM "malformed #pragma option <option>=<val>" */
#pragma D attributes Stable/Solid foo	/* ERROR D_PRAGMA_INVAL "invalid attributes specified by #pragma attributes" */
#pragma D binding 1.0 foo		/* ERROR D_PRAGMA_MALFORM "malformed #pragma binding \"version\" <ident>" */
#pragma D binding "1.x" foo		/* ERROR D_PRAGMA_INVAL "invalid version string specified by #pragma binding" */
#pragma D binding "1.0.4096" foo	/* ERROR D_PRAGMA_INVAL "invalid version string specified by #pragma binding" */

/*
 * The identifier a pragma names: a built-in is outside the program; one
 * not declared yet waits for a declaration of the file, and is unused if
 * none comes (a variable assigned in a clause is not declared: DTrace
 * cooks clauses after the whole file is parsed).
 */
#pragma D attributes Stable/Stable/Common timestamp	/* ERROR D_PRAGMA_SCOPE "#pragma attributes cannot modify entity defined outside program scope" */
#pragma D binding "1.0" printf	/* ERROR D_PRAGMA_SCOPE "#pragma binding cannot modify entity defined outside program scope" */
#pragma D binding "1.0" tagunused	/* ERROR D_PRAGMA_UNUSED "unused #pragma binding" */
#pragma D attributes Stable tagassigned	/* ERROR D_PRAGMA_UNUSED "unused #pragma attributes" */
#pragma D binding "1.0" taglater
#pragma D attributes Evolving tagenum
#pragma D binding "1.0" translator
int taglater;
enum tagpe { tagenum };
struct tagxout { int a; };
translator struct tagxout < int x > { a = x; };

/* Accepted, as by DTrace. */
inline int foo = 0;
#pragma D binding "1.1" foo
#pragma D attributes Stable/Stable/Common foo
#pragma D attributes evolving/ foo
#pragma D ident "x"
#pragma D line 24
#pragma ident "x"
#pragma once
#pragma D

BEGIN
{
	tagassigned = 1;
}
