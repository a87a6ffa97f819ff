// libshop.so: a shared library of the pid provider's test program.
__attribute__((noinline)) long discount(long amount) {
	return amount - amount / 10;
}
