/* SPDX-License-Identifier: MIT */
/*
 * The host identity: DMI fields from a fixture directory (an EC2-like
 * host, placeholders, absent files), the choice of host_id, and --tag
 * parsing.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "host/host-id.h"
#include "tap.h"

static char dir[64];

static void
put(const char *name, const char *text)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
}

static void
unput(const char *name)
{
	char path[128];

	snprintf(path, sizeof path, "%s/%s", dir, name);
	(void)unlink(path);
}

int
main(void)
{
	struct ts_hostid id;
	struct ts_tag t;
	struct ts_buf b;
	char err[256];

	snprintf(dir, sizeof dir, "/tmp/ts-dmi.XXXXXX");
	if (mkdtemp(dir) == NULL)
		return 99;
	put("sys_vendor", "Amazon EC2\n");
	put("product_name", "m7i.4xlarge\n");
	put("board_asset_tag", "i-0123456789abcdef0\n");
	put("chassis_asset_tag", "Amazon EC2\n");
	ts_hostid_read(&id, dir);
	is_str(id.dmi[0], "Amazon EC2", "sys_vendor, newline trimmed");
	is_str(id.dmi[1], "m7i.4xlarge", "product_name: the instance type");
	ok(id.dmi[4] == NULL, "product_uuid absent: left out");
	is_str(id.host_id, "i-0123456789abcdef0",
	    "host_id: the board asset tag (an EC2 instance id)");
	ts_buf_init(&b);
	ts_hostid_json(&b, &id, NULL, 0);
	ok(strstr(b.data, ",\"dmi_board_asset_tag\":\"i-0123456789abcdef0\"")
	    != NULL && strstr(b.data, "dmi_product_uuid") == NULL,
	    "JSON: present fields only");
	ts_hostid_free(&id);

	put("board_asset_tag", "Not Specified\n");
	put("product_uuid", "ec2a0b1c-0000-1111-2222-333344445555\n");
	ts_hostid_read(&id, dir);
	ok(id.dmi[2] == NULL, "a placeholder asset tag is left out");
	is_str(id.host_id, "ec2a0b1c-0000-1111-2222-333344445555",
	    "host_id: the product UUID next");
	ts_hostid_free(&id);
	unput("board_asset_tag");
	unput("product_uuid");
	unput("chassis_asset_tag");
	ts_hostid_read(&id, dir);
	ok(id.host_id == id.hostname, "host_id: the hostname last");
	ts_hostid_free(&id);
	unput("sys_vendor");
	unput("product_name");
	(void)rmdir(dir);

	ok(ts_tag_parse("job=1=2", "tachyon", NULL, 0, &t, err,
	    sizeof err) == 0 &&
	    strcmp(t.key, "job") == 0 && strcmp(t.value, "1=2") == 0,
	    "--tag splits at the first '='");
	b.len = 0;
	ts_hostid_json(&b, NULL, &t, 1);
	is_str(b.data, ",\"job\":\"1=2\"", "a tag as a JSON string");
	free(t.key);
	free(t.value);
	ok(ts_tag_parse("job=", "tachyon", NULL, 0, &t, err, sizeof err) == 0 &&
	    t.value[0] == '\0', "an empty value is kept");
	free(t.key);
	free(t.value);
	ok(ts_tag_parse("elapsed_s=1", "tachyon", NULL, 0, &t, err,
	    sizeof err) == -1 &&
	    strstr(err, "elapsed_s") != NULL, "a fixed key is refused");
	ok(ts_tag_parse("cache_check_ns=1", "tachyon", NULL, 0, &t, err,
	    sizeof err) == -1,
	    "a key of tachyon's families is refused");
	ok(ts_tag_parse("a b=1", "tachyon", NULL, 0, &t, err, sizeof err) == -1,
	    "a blank in a key is refused");

	/* Values: UTF-8 text of at most TS_TAG_MAX_VALUE bytes, keys once. */
	{
		static const char *const bad[] = {
			"k=\xff\xfe", "k=a\xc3", "k=\xc0\x80", "k=\xed\xa0\x80",
			"k=\xf4\x90\x80\x80", "k=a\nb", "k=\x7f", "k=\xc2\x85",
			"k=\t", NULL
		};
		char big[TS_TAG_MAX_VALUE + 8];
		struct ts_tag two[2];
		int i, refused = 0;

		for (i = 0; bad[i] != NULL; i++)
			refused += ts_tag_parse(bad[i], "tachyon", NULL, 0, &t, err,
			    sizeof err) == -1 && strchr(err, '\n') == NULL;
		is_int(refused, i, "invalid UTF-8 and control characters "
		    "in a value are refused, in one line");
		ok(ts_tag_parse("k=\xff", "tachyon", NULL, 0, &t, err,
		    sizeof err) == -1 &&
		    strstr(err, "not valid UTF-8 (byte 1, 0xff)") != NULL,
		    "the bad byte is named: %s", err);
		ok(ts_tag_parse("k=a\nb", "tachyon", NULL, 0, &t, err,
		    sizeof err) == -1 &&
		    strstr(err, "U+000A (byte 2)") != NULL,
		    "the control character is named: %s", err);
		memset(big, 'v', sizeof big);
		memcpy(big, "k=", 2);
		big[TS_TAG_MAX_VALUE + 2] = '\0';
		ok(ts_tag_parse(big, "tachyon", NULL, 0, &t, err,
		    sizeof err) == 0,
		    "a value of the longest length is kept");
		free(t.key);
		free(t.value);
		big[TS_TAG_MAX_VALUE + 2] = 'v';
		big[TS_TAG_MAX_VALUE + 3] = '\0';
		ok(ts_tag_parse(big, "tachyon", NULL, 0, &t, err,
		    sizeof err) == -1 &&
		    strstr(err, "1025 bytes long") != NULL,
		    "a value one byte longer is refused: %s", err);
		ok(ts_tag_parse("k=\xc3\xa9t\xc3\xa9 \xf0\x9f\x9a\x80", "tachyon", NULL,
		    0, &two[0], err, sizeof err) == 0, "UTF-8 text is kept");
		ok(ts_tag_parse("k=2", "tachyon", two, 1, &two[1], err, sizeof err) ==
		    -1 && strstr(err, "'k' is given twice") != NULL,
		    "a key given twice is refused: %s", err);
		ok(ts_tag_parse("k2=2", "tachyon", two, 1, &two[1], err, sizeof err) == 0,
		    "another key is not");
		free(two[0].key);
		free(two[0].value);
		free(two[1].key);
		free(two[1].value);
		ok(ts_tag_parse("\xff\n=1", "tachyon", NULL, 0, &t, err,
		    sizeof err) == -1 &&
		    strchr(err, '\n') == NULL && strchr(err, '\xff') == NULL,
		    "a bad key is shown as one line of text");
		/* The rule on its own, with the length given: a NUL counts. */
		ok(ts_tag_value_check("box-1\0-2", 7, err, sizeof err) == -1 &&
		    strstr(err, "U+0000 (byte 6)") != NULL,
		    "a NUL inside the length is a control character: %s", err);
		ok(ts_tag_value_check("box-1\0-2", 5, err, sizeof err) == 0,
		    "the bytes before it are text");
	}
	ts_buf_free(&b);
	return done_testing();
}
