inline int GOOD = 1;

inline int BAD = ;
