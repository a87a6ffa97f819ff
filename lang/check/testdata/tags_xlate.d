/*
 * Translators: one annotated line for each D_* tag the checker raises for
 * translator definitions and xlate expressions, with DTrace's tag and
 * wording (messages.go). See tags_test.go.
 */
typedef struct taginfo {
	int	pid;
	char	fname[16];
} taginfo_t;

translator taginfo_t < struct task_struct *T > {
	pid = T->tgid;
	fname = T->comm;
};

translator taginfo_t < int X > {
	pid = X;
	nosuch = 1;		/* ERROR D_XLATE_MEMB "translator member nosuch is not a member of taginfo_t" */
	fname = 5;		/* ERROR D_XLATE_INCOMPAT "translator member fname definition uses incompatible types: \"char [16]\" = \"int\"" */
};

translator int < int X > {	/* ERROR D_XLATE_SOU "translator output type must be a struct or union" */
	x = X;
};

BEGIN
{
	a = xlate<taginfo_t *>(curthread).pid;	/* ERROR D_OP_SOU "operator . cannot be applied to type \"taginfo_t *\"; must be applied to a struct or union" */
}
