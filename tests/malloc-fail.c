/* SPDX-License-Identifier: MIT */
/*
 * The allocation-failure injector (malloc-fail.h), over glibc's
 * __libc_* allocators.
 */
#include <config.h>

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "malloc-fail.h"

#if defined(__SANITIZE_ADDRESS__)
#define NO_INJECTOR 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NO_INJECTOR 1
#endif
#endif

#ifndef NO_INJECTOR
void	*__libc_malloc(size_t);
void	*__libc_calloc(size_t, size_t);
void	*__libc_realloc(void *, size_t);
void	*__libc_memalign(size_t, size_t);
void	 __libc_free(void *);
#endif

static atomic_long target = -1;
static atomic_long seen;
static atomic_bool fired, from;

void
malloc_fail_arm(long n)
{
	atomic_store(&seen, 0);
	atomic_store(&fired, false);
	atomic_store(&from, false);
	atomic_store(&target, n);
}

void
malloc_fail_arm_from(long n)
{
	malloc_fail_arm(n);
	atomic_store(&from, true);
}

long
malloc_fail_seen(void)
{
	return atomic_load(&seen);
}

bool
malloc_fail_fired(void)
{
	return atomic_load(&fired);
}

bool
malloc_fail_usable(void)
{
#ifdef NO_INJECTOR
	return false;
#else
	return true;
#endif
}

#ifndef NO_INJECTOR
/* Whether this allocation is the one to fail. */
static bool
fail_now(void)
{
	long t = atomic_load_explicit(&target, memory_order_relaxed);
	long k = atomic_fetch_add_explicit(&seen, 1, memory_order_relaxed);

	if (t < 0 || k < t || (k > t && !atomic_load_explicit(&from,
	    memory_order_relaxed)))
		return false;
	atomic_store(&fired, true);
	errno = ENOMEM;
	return true;
}

void *
malloc(size_t n)
{
	return fail_now() ? NULL : __libc_malloc(n);
}

void *
calloc(size_t n, size_t size)
{
	return fail_now() ? NULL : __libc_calloc(n, size);
}

void *
realloc(void *p, size_t n)
{
	return fail_now() ? NULL : __libc_realloc(p, n);
}

void
free(void *p)
{
	__libc_free(p);
}

void *
memalign(size_t align, size_t n)
{
	return fail_now() ? NULL : __libc_memalign(align, n);
}

void *
aligned_alloc(size_t align, size_t n)
{
	return memalign(align, n);
}

int
posix_memalign(void **out, size_t align, size_t n)
{
	void *p;

	if (fail_now())
		return ENOMEM;
	if ((p = __libc_memalign(align, n)) == NULL)
		return ENOMEM;
	*out = p;
	return 0;
}

void *
valloc(size_t n)
{
	return memalign(4096, n);
}
#endif
