/* SPDX-License-Identifier: MIT */
/*
 * Command-line conventions shared by the programs (no dependencies, so
 * any program may link it).
 */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "util.h"

void
ts_print_version(void)
{
	printf("%s (%s) %s\n", ts_progname(), PACKAGE_NAME, PACKAGE_VERSION);
}

const char *
ts_operand_path(const char *arg)
{
	return strcmp(arg, "-") == 0 ? "/dev/stdin" : arg;
}
