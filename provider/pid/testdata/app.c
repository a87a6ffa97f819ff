// The pid provider's test program: functions with known calls and
// arguments. app N calls price(4i, 25) (also called _price) for i = 1..N, sum8(1..8) once,
// malloc(1234) once, and discount(price) from libshop.so for each.
#include <stdio.h>
#include <stdlib.h>

long discount(long amount);

// Two ways out: the compiler keeps a return on each path at -O1 with
// the calls in between.
__attribute__((noinline)) long price(long qty, long unit) {
	if (qty > 10)
		return discount(qty * unit);
	return qty * unit;
}

// A weak alias, which DTrace names by its function's name.
#pragma weak _price = price

__attribute__((noinline)) long sum8(long a, long b, long c, long d, long e, long f, long g, long h) {
	return a + b + c + d + e + f + g + h;
}

int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 3;
	long total = 0;
	for (int i = 1; i <= n; i++)
		total += price(i * 4, 25);
	total += sum8(1, 2, 3, 4, 5, 6, 7, 8);
	char *p = malloc(1234);
	if (p == NULL)
		return 1;
	p[0] = 0;
	free(p);
	printf("%ld\n", total);
	return 0;
}
