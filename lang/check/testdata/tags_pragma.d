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
}
