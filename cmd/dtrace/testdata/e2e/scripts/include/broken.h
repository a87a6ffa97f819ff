/* A header with a type error on its line 3. */
inline int A = 1;
inline int B = "two";
