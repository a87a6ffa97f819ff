/*
 * The tests' shop program: shop N orders N items (apple, pear, apple
 * ...), quantities 1..N, firing shop:::order for each, then
 * shop:::order-done with the total and the number of orders during
 * which shop:::order was enabled, shop:::tick, shop:::weigh with 2500
 * grams, and shop:::total with the
 * total read from its variable; it prints the total and that count.
 */
#include <stdio.h>
#include <stdlib.h>
#include "shop.h"

/* A variable, which order-done passes from memory: sym(%rip). */
long total;

int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 3;
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
	SHOP_WEIGH(2500);
	/*
	 * A probe whose note places its argument in the variable itself,
	 * as an assembler writes a memory operand: 8@total(%rip).
	 */
	_USDT_NOTE("shop", "total", "shop_tick_semaphore", "8@total(%%rip)", "i"(0));
	printf("%ld %d\n", total, enabled);
	return 0;
}
