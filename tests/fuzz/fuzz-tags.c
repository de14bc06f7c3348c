/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: tachyon's --tag values and the record writer.  The input
 * is split at NUL bytes into up to eight --tag arguments.  Properties:
 * ts_tag_parse refuses in one line or accepts; the record written with
 * every accepted tag (and the whole input as one more string) is one
 * JSON object that json-c reads in strict mode with UTF-8 validation,
 * holding each accepted tag with its value byte for byte.
 */
#include <config.h>

#include <json-c/json.h>

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "fuzz.h"
#include "host/host-id.h"

const char ts_fuzz_name[] = "tags";

#define MAX_TAGS	8

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ts_tag tags[MAX_TAGS];
	struct json_tokener *tok;
	struct json_object *o, *v;
	struct ts_buf b;
	char *text, *arg, err[512];
	size_t n = 0, i, off = 0, len;

	text = malloc(size + 1);
	FUZZ_ASSERT(text != NULL);
	memcpy(text, data, size);
	text[size] = '\0';
	while (off <= size && n < MAX_TAGS) {
		arg = text + off;
		len = strlen(arg);
		if (ts_tag_parse(arg, "tachyon", tags, n, &tags[n], err,
		    sizeof err) == 0)
			n++;
		else
			FUZZ_ASSERT(err[0] != '\0' && strchr(err, '\n') == NULL);
		off += len + 1;
	}
	ts_buf_init(&b);
	ts_buf_puts(&b, "{\"raw\":");
	ts_buf_json_string(&b, text);
	ts_hostid_json(&b, NULL, tags, n);
	ts_buf_putc(&b, '}');
	tok = json_tokener_new();
	FUZZ_ASSERT(tok != NULL);
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT |
	    JSON_TOKENER_VALIDATE_UTF8);
	o = json_tokener_parse_ex(tok, b.data, (int)b.len);
	FUZZ_ASSERT(o != NULL && json_object_is_type(o, json_type_object));
	FUZZ_ASSERT(json_tokener_get_error(tok) == json_tokener_success);
	for (i = 0; i < n; i++) {
		FUZZ_ASSERT(json_object_object_get_ex(o, tags[i].key, &v));
		FUZZ_ASSERT(strcmp(json_object_get_string(v),
		    tags[i].value) == 0);
		free(tags[i].key);
		free(tags[i].value);
	}
	json_object_put(o);
	json_tokener_free(tok);
	ts_buf_free(&b);
	free(text);
	return 0;
}
