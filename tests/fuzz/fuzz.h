/* SPDX-License-Identifier: MIT */
/*
 * The fuzz targets' common interface.  Each tests/fuzz/fuzz-NAME.c
 * defines libFuzzer's entry point and its name; it is linked either with
 * libFuzzer (./configure --enable-fuzzing, make fuzz) or with replay.c,
 * the standalone driver that make check runs over the committed corpus
 * tests/fuzz/corpus/NAME and the inputs that found bugs,
 * tests/fuzz/regressions/NAME.  A target aborts when a property fails.
 */
#ifndef TS_FUZZ_H
#define TS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* The target's name: its corpus directories are named after it. */
extern const char ts_fuzz_name[];

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Stop with a message when a property does not hold. */
#define FUZZ_ASSERT(cond) do {						\
	if (!(cond)) {							\
		fprintf(stderr, "%s:%d: fuzz property failed: %s\n",	\
		    __FILE__, __LINE__, #cond);				\
		abort();						\
	}								\
} while (0)

#endif /* TS_FUZZ_H */
