/*
 * pidwork: the pid provider benchmarks' workload. pidwork N [hold]
 * calls work() N times and prints the CPU time of its thread per call,
 * in ns. With a second argument it first waits for a byte on its
 * standard input, so that a tracer can attach to it (by pid) before the
 * calls start.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

__attribute__((noinline)) int work(int x) {
	__asm__ __volatile__("" : "+r"(x));
	return x + 1;
}

int main(int argc, char **argv) {
	long n = argc > 1 ? atol(argv[1]) : 1000000;
	if (argc > 2) {
		char c;
		if (read(0, &c, 1) < 0)
			return 1;
	}
	struct timespec a, b;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
	int x = 0;
	for (long i = 0; i < n; i++)
		x = work(x);
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
	printf("%.1f\n", ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / n);
	return x == 0;
}
