/*
 * Parameters of function and array declarators, checked as DTrace's
 * parser reduces them; see tags.d.
 */
/* A parameter may have no storage class but register (dt_decl_pop_param). */
int tagpc(static int);			/* ERROR D_DECL_PARMCLASS "inappropriate storage class for function or associative array parameter" */
int tagpc2[extern int];			/* ERROR D_DECL_PARMCLASS "inappropriate storage class for function or associative array parameter" */
int tagpc3(register int r, register s);
