/*
 * USDT probes of shop.d, written by dtrace -h: edit the provider
 * definition, not this file.
 *
 * Each PROVIDER_PROBE(...) macro puts a nop where the probe fires and a
 * SystemTap stapsdt note that says where its arguments are there, which
 * dtrace's USDT providers (and bpftrace, perf and SystemTap) read.
 * PROVIDER_PROBE_ENABLED() reads the probe's semaphore, which the kernel
 * counts up while a tracer has the probe enabled: use it to skip work
 * done only for the probe's arguments.
 */
#ifndef _SHOP_H
#define _SHOP_H

/* As DTrace's headers do, for the types of the probes' arguments. */
#include <unistd.h>
#include <inttypes.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__x86_64__)

#define _USDT_NOTE(provider, name, semaphore, args, ...) \
	__asm__ __volatile__ ( \
		"990:\tnop\n" \
		"\t.pushsection .note.stapsdt,\"?\",\"note\"\n" \
		"\t.balign 4\n" \
		"\t.4byte 992f-991f, 994f-993f, 3\n" \
		"991:\t.asciz \"stapsdt\"\n" \
		"992:\t.balign 4\n" \
		"993:\t.8byte 990b\n" \
		"\t.8byte _.stapsdt.base\n" \
		"\t.8byte " semaphore "\n" \
		"\t.asciz \"" provider "\"\n" \
		"\t.asciz \"" name "\"\n" \
		"\t.asciz \"" args "\"\n" \
		"994:\t.balign 4\n" \
		"\t.popsection\n" \
		"\t.ifndef _.stapsdt.base\n" \
		"\t.pushsection .stapsdt.base,\"aG\",\"progbits\",.stapsdt.base,comdat\n" \
		"\t.weak _.stapsdt.base\n" \
		"\t.hidden _.stapsdt.base\n" \
		"_.stapsdt.base:\t.space 1\n" \
		"\t.size _.stapsdt.base, 1\n" \
		"\t.popsection\n" \
		"\t.endif\n" \
		:: __VA_ARGS__)

__attribute__((weak, section(".probes"))) volatile unsigned short shop_order_semaphore;
#define SHOP_ORDER(arg0, arg1) \
	_USDT_NOTE("shop", "order", "shop_order_semaphore", "-4@%0 8@%1", "nor"((int)(arg0)), "nor"((char *)(arg1)))
#define SHOP_ORDER_ENABLED() __builtin_expect(shop_order_semaphore != 0, 0)

__attribute__((weak, section(".probes"))) volatile unsigned short shop_order__done_semaphore;
#define SHOP_ORDER_DONE(arg0, arg1) \
	_USDT_NOTE("shop", "order__done", "shop_order__done_semaphore", "-8@%0 -4@%1", "nor"((long)(arg0)), "nor"((int)(arg1)))
#define SHOP_ORDER_DONE_ENABLED() __builtin_expect(shop_order__done_semaphore != 0, 0)

__attribute__((weak, section(".probes"))) volatile unsigned short shop_tick_semaphore;
#define SHOP_TICK() \
	_USDT_NOTE("shop", "tick", "shop_tick_semaphore", "", "i"(0))
#define SHOP_TICK_ENABLED() __builtin_expect(shop_tick_semaphore != 0, 0)

__attribute__((weak, section(".probes"))) volatile unsigned short shop_weigh_semaphore;
#define SHOP_WEIGH(arg0) \
	_USDT_NOTE("shop", "weigh", "shop_weigh_semaphore", "-4@%0", "nor"((int)(arg0)))
#define SHOP_WEIGH_ENABLED() __builtin_expect(shop_weigh_semaphore != 0, 0)

#else /* no stapsdt notes for this architecture: the probes are left out */

#define SHOP_ORDER(arg0, arg1) do { } while (0)
#define SHOP_ORDER_ENABLED() (0)
#define SHOP_ORDER_DONE(arg0, arg1) do { } while (0)
#define SHOP_ORDER_DONE_ENABLED() (0)
#define SHOP_TICK() do { } while (0)
#define SHOP_TICK_ENABLED() (0)
#define SHOP_WEIGH(arg0) do { } while (0)
#define SHOP_WEIGH_ENABLED() (0)

#endif

#ifdef __cplusplus
}
#endif

#endif /* _SHOP_H */
