/* SPDX-License-Identifier: MIT */
/*
 * lib/buf.c: the growable buffer (appends of every kind, growth, the
 * NUL at the end), JSON string escapes, display widths and padding.
 */
#include <config.h>

#include <stdbool.h>
#include <string.h>

#include "buf.h"
#include "tap.h"
#include "util.h"

int
main(void)
{
	struct ts_buf b;
	size_t i;
	bool good = true;

	ts_buf_init(&b);
	ok(b.len == 0 && b.data != NULL && b.data[0] == '\0',
	    "a new buffer is the empty string");
	ts_buf_printf(&b, "%d-%s", 12, "ab");
	ts_buf_putc(&b, '!');
	is_str(b.data, "12-ab!", "buffer printf and putc");
	is_int(b.len, 6, "buffer length");
	ts_buf_add(&b, "x\0y", 3);
	ok(b.len == 9 && memcmp(b.data + 6, "x\0y", 3) == 0 &&
	    b.data[9] == '\0', "add takes bytes, NUL included, and ends in NUL");
	b.len = 0;
	for (i = 0; i < 10000; i++)
		ts_buf_puts(&b, "0123456789");
	for (i = 0; i < 10000; i++)
		good = good && memcmp(b.data + 10 * i, "0123456789", 10) == 0;
	ok(good && b.len == 100000 && b.data[100000] == '\0' &&
	    b.cap > b.len, "100000 bytes of appends grow it, in order");
	b.len = 0;
	ts_buf_printf(&b, "%0300d", 7);
	ok(b.len == 300 && b.data[299] == '7' && b.data[0] == '0',
	    "printf longer than the space left");
	b.len = 0;
	ts_buf_json_string(&b, "a\"b\\c\nd\te\001f");
	is_str(b.data, "\"a\\\"b\\\\c\\nd\\te\\u0001f\"",
	    "JSON string: quotes, backslashes and controls escaped");
	b.len = 0;
	ts_buf_json_string(&b, "x\xc0\x80y/\x7f");
	is_str(b.data, "\"x\\u0000y/\x7f\"",
	    "JSON string: the reader's C0 80 is \\u0000; / and DEL as they are");
	b.len = 0;
	ts_buf_json_string(&b, "\xff\xfe\xc3\xa9\xc3\xed\xa0\x80\xf0\x9f\x9a"
	    "\x80\x7f\xc0\x80z\xe2\x82");
	is_str(b.data, "\"\\ufffd\\ufffd\xc3\xa9\\ufffd\\ufffd\\ufffd\\ufffd"
	    "\xf0\x9f\x9a\x80\x7f\\u0000z\\ufffd\\ufffd\"",
	    "JSON string: valid UTF-8 kept, every other byte U+FFFD");
	ts_buf_free(&b);
	ok(b.data == NULL && b.len == 0, "freed");

	is_int(ts_text_width(""), 0, "width of nothing");
	is_int(ts_text_width("abc"), 3, "ASCII: one column a byte");
	is_int(ts_text_width("\xc2\xb5s \xe2\x80\x94"), 4,
	    "UTF-8: one column a code point");
	is_int(ts_text_width("\x1b[1mbold\x1b[0m"), 4, "escapes count zero");
	ts_buf_init(&b);
	ts_buf_pad(&b, "\xc2\xb5s", 4);
	ts_buf_putc(&b, '|');
	ts_buf_rpad(&b, "ab", 4);
	ts_buf_putc(&b, '|');
	ts_buf_pad(&b, "toolong", 3);
	is_str(b.data, "\xc2\xb5s  |  ab|toolong",
	    "pad left-aligns by columns, rpad right-aligns, none cut");
	ts_buf_free(&b);
	return done_testing();
}
