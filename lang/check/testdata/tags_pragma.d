/*
 * Pragmas the checker rejects, with DTrace's tag and wording
 * (messages.go). See tags_test.go. A control line's words run to the end
 * of the line, comments included (as in DTrace's lexer), so only errors
 * that the extra words do not change can be annotated here; tags_test.go
 * checks D_PRAGMA_MALFORM from a source without annotations.
 */
#pragma D nosuchpragma			/* ERROR D_PRAGMA_INVAL "invalid D pragma: nosuchpragma" */

BEGIN
{
}
