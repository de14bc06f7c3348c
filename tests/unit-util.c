/* SPDX-License-Identifier: MIT */
/* lib/util.c: strict option parsing, the buffer, whole-file I/O. */
#include <config.h>

#include <sys/stat.h>

#include <stdlib.h>
#include <unistd.h>

#include "outfile.h"
#include "tap.h"
#include "util.h"

int
main(void)
{
	char dir[] = "/tmp/ts-unit-util.XXXXXX", path[256], err[512];
	struct ts_buf b;
	uint64_t u = 7;
	double d = 7;

	ok(ts_parse_u64("42", 1, 100, &u) == 0 && u == 42, "u64: 42");
	ok(ts_parse_u64("0", 1, 100, &u) == -1 && u == 42, "u64: below min");
	ok(ts_parse_u64("101", 1, 100, &u) == -1, "u64: above max");
	ok(ts_parse_u64("-1", 0, 100, &u) == -1, "u64: negative refused");
	ok(ts_parse_u64(" 1", 0, 100, &u) == -1, "u64: leading blank refused");
	ok(ts_parse_u64("1x", 0, 100, &u) == -1, "u64: trailing junk refused");
	ok(ts_parse_u64("", 0, 100, &u) == -1, "u64: empty refused");
	ok(ts_parse_u64("99999999999999999999999", 0, UINT64_MAX, &u) == -1,
	    "u64: overflow refused");
	ok(ts_parse_double("0.25", 0.001, 10, &d) == 0 && d == 0.25,
	    "double: 0.25");
	ok(ts_parse_double("nan", 0, 10, &d) == -1, "double: nan refused");
	ok(ts_parse_double("inf", 0, 1e300, &d) == -1, "double: inf refused");
	ok(ts_parse_double("1e9", 0, 86400, &d) == -1, "double: above max");
	ok(ts_parse_double("abc", 0, 10, &d) == -1, "double: not a number");
	ok(ts_parse_double("0x10", 0, 100, &d) == -1,
	    "double: hexadecimal refused");
	ok(ts_parse_double("1.5e1", 0, 100, &d) == 0 && d == 15,
	    "double: exponent form accepted");

	ts_buf_init(&b);
	ts_buf_printf(&b, "%d-%s", 12, "ab");
	ts_buf_putc(&b, '!');
	is_str(b.data, "12-ab!", "buffer printf and putc");
	is_int(b.len, 6, "buffer length");
	b.len = 0;
	ts_buf_json_string(&b, "a\"b\\c\nd\te\001f");
	is_str(b.data, "\"a\\\"b\\\\c\\nd\\te\\u0001f\"",
	    "JSON string: quotes, backslashes and controls escaped");
	ts_buf_free(&b);

	if (mkdtemp(dir) == NULL)
		return 99;
	snprintf(path, sizeof path, "%s/out.json", dir);
	ok(ts_check_writable(path, err, sizeof err) == 0,
	    "a new file in an existing directory is writable");
	ok(ts_write_file_atomic(path, "hello", 5, err, sizeof err) == 0,
	    "atomic write");
	ok(ts_read_file(path, 100, &b, err, sizeof err) == 0 &&
	    strcmp(b.data, "hello") == 0, "read back");
	ts_buf_free(&b);
	ok(ts_read_file(path, 3, &b, err, sizeof err) == -1,
	    "read refuses a file over the limit");
	ok(ts_read_file(dir, 100, &b, err, sizeof err) == -1 &&
	    strstr(err, "directory") != NULL, "read refuses a directory");
	ok(ts_check_writable(dir, err, sizeof err) == -1,
	    "a directory is not a writable file");
	snprintf(path, sizeof path, "%s/missing/out.json", dir);
	ok(ts_check_writable(path, err, sizeof err) == -1,
	    "a missing directory is refused");
	snprintf(path, sizeof path, "%s/out.json", dir);
	unlink(path);
	rmdir(dir);
	return done_testing();
}
