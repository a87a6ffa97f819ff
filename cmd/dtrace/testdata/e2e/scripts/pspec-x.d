int*x
