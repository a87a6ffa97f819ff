/*
 * Errors of the parser in DTrace's words, one per line, with the tag
 * DTrace reports each with; tags_lex.d and tags_const.d have the
 * scanner's. compile reports them with these tags, and
 * lang/check/tags_test.go checks each annotation against that tag's
 * messages in lang/check/messages.go, so annotations here are whole
 * messages. A file holds fewer errors than ParseFile reports (ten).
 * Errors no annotation can follow (#error, the end of input inside a
 * control line) are in tags_test.go's parserUnannotatable.
 */
BEGIN { x = ; }				/* ERROR D_SYNTAX "syntax error near \";\"" */
BEGIN { y = 0; x = 1 y; }		/* ERROR D_SYNTAX "syntax error near \"y\"" */
BEGIN { x = 1 2; }			/* ERROR D_SYNTAX "syntax error near \"2\"" */
BEGIN { u = 0; x = 12lu; }		/* ERROR D_SYNTAX "syntax error near \"u\"" */
BEGIN /x/ ;				/* ERROR D_SYNTAX "expected actions { } following probe description and predicate" */
extern static int x;			/* ERROR D_DECL_CLASS "only one storage class allowed in a declaration" */
a:b:c:d:e { }				/* ERROR D_PDESC_INVAL "invalid probe description \"a:b:c:d:e\": Overspecified probe description" */

/* Recovered. */
BEGIN { x = 1; }
BEGIN					/* ERROR D_SYNTAX "expected predicate and/or actions following probe description" */
