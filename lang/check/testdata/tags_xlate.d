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

/*
 * DTrace checks a translator once its definition has been parsed, so its
 * errors are reported at the final ";", and only the first bad member.
 */
translator taginfo_t < int X > {
	pid = X;
	nosuch = 1;
	fname = 5;
};	/* ERROR D_XLATE_MEMB "translator member nosuch is not a member of taginfo_t" */

translator taginfo_t < long X > {
	fname = 5;
	nosuch = 1;
};	/* ERROR D_XLATE_INCOMPAT "translator member fname definition uses incompatible types: \"char [16]\" = \"int\"" */

translator int < int X > {
	x = X;
};	/* ERROR D_XLATE_SOU "translator output type must be a struct or union" */

translator taginfo_t < struct task_struct *T > { pid = T->pid; };	/* ERROR D_XLATE_REDECL "translator from struct task_struct * to taginfo_t has already been declared" */
translator struct tagxfwd < int X > { x = X; };	/* ERROR D_XLATE_SOU "incomplete struct/union/enum struct tagxfwd" */

/* As in DTrace, a member defined twice keeps its first definition. */
translator taginfo_t < char *S > { pid = 1; pid = 2; fname = S; };

BEGIN
{
	a = xlate<taginfo_t *>(curthread).pid;	/* ERROR D_OP_SOU "operator . cannot be applied to type \"taginfo_t *\"; must be applied to a struct or union" */
	b = xlate<taginfo_t>(curthread)->pid;	/* ERROR D_OP_PTR "operator -> must be applied to a pointer" */
	c = xlate<taginfo_t>(curthread).nosuch;	/* ERROR D_XLATE_NOCONV "translator does not define conversion for member: nosuch" */
	d = (uintptr_t)xlate<taginfo_t *>(curthread);	/* ERROR D_CAST_INVAL "invalid cast expression: \"pointer to translated data\" to \"uintptr_t\"" */
	d = xlate<taginfo_t>(vtimestamp).pid;
	e = xlate<taginfo_t>(probefunc).pid;
	f = xlate<taginfo_t>(curthread->comm).fname;
	h = xlate<taginfo_t>(curthread->mm).pid;	/* ERROR D_XLATE_NONE "cannot translate from \"struct mm_struct *\" to \"taginfo_t\"" */
	g = xlate<int>(pid);			/* ERROR D_XLATE_NONE "cannot translate from \"pid_t\" to \"int\"" */
}

/*
 * A translated char array is typed as its output member is declared,
 * whatever string its expression computes: its bounds hold, and an
 * index outside them is found before the member's writability.
 */
BEGIN
{
	i = xlate<taginfo_t>(curthread).fname[15];
	j = xlate<taginfo_t>(curthread).fname[16];	/* ERROR D_ARR_BOUNDS "index outside array bounds: 16, max is 16" */
	xlate<taginfo_t *>(curthread)->fname[16] = 'a';	/* ERROR D_ARR_BOUNDS "index outside array bounds: 16, max is 16" */
	xlate<taginfo_t *>(curthread)->fname[0] = 'a';	/* ERROR D_OP_WRITE "operator = can only be applied to a writable variable" */
}

/*
 * A translation is dynamic: only its members are values, so it is no
 * key, nor is an inline standing for it, and such a pointer casts to
 * nothing.
 */
inline taginfo_t *tagcur = xlate<taginfo_t *>(curthread);
BEGIN
{
	@tk[tagcur] = count();		/* ERROR D_KEY_TYPE "pointer to translated data expression may not be used as aggregation index: key #1" */
	@tk2[1, xlate<taginfo_t>(curthread)] = count();	/* ERROR D_KEY_TYPE "translated data expression may not be used as aggregation index: key #2" */
	tka[tagcur] = 1;		/* ERROR D_KEY_TYPE "pointer to translated data expression may not be used as associative array index: key #1" */
	tkc = (uintptr_t)tagcur;	/* ERROR D_CAST_INVAL "invalid cast expression: \"pointer to translated data\" to \"uintptr_t\"" */
	@tk3[tagcur->pid] = count();
}
