/*
 * The pspec option, from its pragma on: a word that could begin a
 * declaration or a probe description is a description, unless it is a
 * declaration keyword as a whole.
 */
int*before;
#pragma D option pspec
int after;
int*glob { }
int*x					/* ERROR "expected predicate and/or actions following probe description" */
