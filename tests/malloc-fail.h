/* SPDX-License-Identifier: MIT */
/*
 * An allocation-failure injector, linked into a test program: its
 * malloc, calloc, realloc and aligned allocators stand in for the C
 * library's in every library the program loads (hwloc's, libc's own
 * internal allocations included), count the calls, and make the N-th
 * after arming fail with ENOMEM.  Not under AddressSanitizer, which has
 * its own allocator (malloc_fail_usable() says so).
 */
#ifndef TESTS_MALLOC_FAIL_H
#define TESTS_MALLOC_FAIL_H

#include <stdbool.h>

/* Count allocations from now; the n-th of them (from 0) fails; -1: none. */
void	 malloc_fail_arm(long n);
/* From now on, the n-th allocation and every one after it fail. */
void	 malloc_fail_arm_from(long n);
/* Allocations since arming. */
long	 malloc_fail_seen(void);
/* Whether a failure was injected since arming. */
bool	 malloc_fail_fired(void);
/* Whether the injector can work in this build. */
bool	 malloc_fail_usable(void);

#endif /* TESTS_MALLOC_FAIL_H */
