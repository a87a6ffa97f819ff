/*
 * The tests' shop program: shop N orders N items (apple, pear, apple
 * ...), quantities 1..N, firing shop:::order for each, then
 * shop:::order-done with the total and the number of orders during
 * which shop:::order was enabled, and shop:::tick; it prints the total
 * and that count.
 */
#include <stdio.h>
#include <stdlib.h>
#include "shop.h"

int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 3;
	long total = 0;
	int enabled = 0;
	char item[16];
	for (int i = 1; i <= n; i++) {
		/* On the stack, so the page is there when the probe reads it. */
		snprintf(item, sizeof(item), "%s", i % 2 ? "apple" : "pear");
		if (SHOP_ORDER_ENABLED())
			enabled++;
		SHOP_ORDER(i, item);
		total += i * 10;
	}
	SHOP_ORDER_DONE(total, enabled);
	SHOP_TICK();
	printf("%ld %d\n", total, enabled);
	return 0;
}
