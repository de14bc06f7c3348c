/* SPDX-License-Identifier: MIT */
/*
 * The host identity in tachyon's records: uname, gethostname,
 * /proc/cpuinfo and the world-readable DMI files, plus --tag fields.
 */
#include <config.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "buf.h"
#include "host/host-id.h"
#include "util.h"

#define DMI_DIR		"/sys/class/dmi/id"
#define MAX_TAG_KEY	64

static const char *const dmi_files[TS_HOSTID_DMI_FIELDS] = {
	"sys_vendor", "product_name", "board_asset_tag",
	"chassis_asset_tag", "product_uuid"
};
static const char *const dmi_keys[TS_HOSTID_DMI_FIELDS] = {
	"dmi_sys_vendor", "dmi_product_name", "dmi_board_asset_tag",
	"dmi_chassis_asset_tag", "dmi_product_uuid"
};

/* Keys tachyon writes itself; a tag may not take one. */
static const char *const reserved[] = {
	"probe", "version", "million_accesses_per_sec", "ns_per_access",
	"accesses", "elapsed_s", "threads", "working_set_bytes_per_thread",
	"pinned_threads", "reading", "unix_time", "host_id", "hostname",
	"kernel_release", "cpu_model", "command", "wall_s", "user_s",
	"sys_s", "exit_status", "signal", "exec_error", "before", "after",
	NULL
};
static const char *const reserved_prefixes[] = {
	"cache_check", "auto_", "dmi_", NULL
};

/* Strip trailing blanks and newlines in place. */
static void
chomp(char *s)
{
	size_t n = strlen(s);

	while (n > 0 && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
}

/* The first line of a small file, trimmed; NULL if unreadable or empty. */
static char *
read_line(const char *path)
{
	char line[256];

	if (ts_read_line(path, line, sizeof line) != 0)
		return NULL;
	chomp(line);
	return line[0] != '\0' ? ts_xstrdup(line) : NULL;
}

/* The value of the first "model name" (x86) or "Model" (Arm) line. */
static char *
cpu_model(void)
{
	char line[512], *colon, *v;
	FILE *f;
	char *r = NULL;

	if ((f = fopen("/proc/cpuinfo", "r")) == NULL)
		return NULL;
	while (r == NULL && fgets(line, sizeof line, f) != NULL) {
		if (strncmp(line, "model name", 10) != 0 &&
		    strncmp(line, "Model", 5) != 0)
			continue;
		if ((colon = strchr(line, ':')) == NULL)
			continue;
		for (v = colon + 1; *v == ' ' || *v == '\t'; v++)
			;
		chomp(v);
		if (*v != '\0')
			r = ts_xstrdup(v);
	}
	fclose(f);
	return r;
}

/* Placeholders firmware writes when it has no real value. */
static int
placeholder(const char *s)
{
	static const char *const junk[] = { "Not Specified", "None",
	    "Default string", "To be filled by O.E.M.", "To Be Filled By O.E.M.",
	    "Not Applicable", NULL };
	size_t i;

	for (i = 0; junk[i] != NULL; i++)
		if (strcmp(s, junk[i]) == 0)
			return 1;
	return 0;
}

void
ts_hostid_read(struct ts_hostid *id, const char *dmi_dir)
{
	struct utsname u;
	char host[256], path[512];
	size_t i;

	memset(id, 0, sizeof *id);
	if (gethostname(host, sizeof host) == 0) {
		host[sizeof host - 1] = '\0';
		if (host[0] != '\0')
			id->hostname = ts_xstrdup(host);
	}
	if (uname(&u) == 0)
		id->kernel_release = ts_xstrdup(u.release);
	id->cpu_model = cpu_model();
	for (i = 0; i < TS_HOSTID_DMI_FIELDS; i++) {
		snprintf(path, sizeof path, "%s/%s",
		    dmi_dir != NULL ? dmi_dir : DMI_DIR, dmi_files[i]);
		id->dmi[i] = read_line(path);
		if (id->dmi[i] != NULL && placeholder(id->dmi[i])) {
			free(id->dmi[i]);
			id->dmi[i] = NULL;
		}
	}
	/* board_asset_tag, product_uuid, chassis_asset_tag, hostname */
	id->host_id = id->dmi[2] != NULL ? id->dmi[2] :
	    id->dmi[4] != NULL ? id->dmi[4] :
	    id->dmi[3] != NULL ? id->dmi[3] : id->hostname;
}

void
ts_hostid_free(struct ts_hostid *id)
{
	size_t i;

	free(id->hostname);
	free(id->kernel_release);
	free(id->cpu_model);
	for (i = 0; i < TS_HOSTID_DMI_FIELDS; i++)
		free(id->dmi[i]);
	memset(id, 0, sizeof *id);
}

/* Whether the record writes a key of this name itself. */
static int
reserved_key(const char *key)
{
	size_t i;

	for (i = 0; reserved[i] != NULL; i++)
		if (strcmp(key, reserved[i]) == 0)
			return 1;
	for (i = 0; reserved_prefixes[i] != NULL; i++)
		if (strncmp(key, reserved_prefixes[i],
		    strlen(reserved_prefixes[i])) == 0)
			return 1;
	return 0;
}

int
ts_tag_value_check(const char *value, size_t len, char *why, size_t whylen)
{
	size_t i, n;
	unsigned long cp;

	if (len > TS_TAG_MAX_VALUE) {
		snprintf(why, whylen, "is %zu bytes long", len);
		return -1;
	}
	for (i = 0; i < len; i += n) {
		if ((n = ts_utf8_seq(value + i, len - i, &cp)) == 0) {
			snprintf(why, whylen, "is not valid UTF-8 (byte %zu, "
			    "0x%02x)", i + 1, (unsigned char)value[i]);
			return -1;
		}
		if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) {
			snprintf(why, whylen, "holds the control character "
			    "U+%04lX (byte %zu)", cp, i + 1);
			return -1;
		}
	}
	return 0;
}

/* Make err one line of printable text: any other byte becomes '?'. */
static void
one_line(char *err)
{
	for (; *err != '\0'; err++)
		if ((unsigned char)*err < 0x20 || (unsigned char)*err >= 0x7f)
			*err = '?';
}

int
ts_tag_parse(const char *arg, const char *writer, const struct ts_tag *prev,
    size_t nprev, struct ts_tag *t, char *err, size_t errlen)
{
	const char *eq = strchr(arg, '=');
	char why[128];
	size_t n, i;

	if (eq == NULL || eq == arg) {
		snprintf(err, errlen, "--tag must be KEY=VALUE, not '%s'", arg);
		one_line(err);
		return -1;
	}
	n = (size_t)(eq - arg);
	for (i = 0; i < n; i++)
		if (!isalnum((unsigned char)arg[i]) && arg[i] != '_' &&
		    arg[i] != '-' && arg[i] != '.')
			break;
	if (i < n || n > MAX_TAG_KEY) {
		snprintf(err, errlen, "--tag KEY must be 1 to 64 letters, "
		    "digits, '_', '-' or '.', not '%.*s'", (int)(n > 64 ? 64 :
		    n), arg);
		one_line(err);
		return -1;
	}
	if (ts_tag_value_check(eq + 1, strlen(eq + 1), why, sizeof why) ==
	    -1) {
		snprintf(err, errlen, "--tag VALUE of '%.*s' %s; a value is "
		    "at most %d bytes of UTF-8 text without control "
		    "characters", (int)n, arg, why, TS_TAG_MAX_VALUE);
		return -1;
	}
	for (i = 0; i < nprev; i++)
		if (strlen(prev[i].key) == n && memcmp(prev[i].key, arg, n) ==
		    0) {
			snprintf(err, errlen, "--tag KEY '%.*s' is given twice; "
			    "give each key once", (int)n, arg);
			return -1;
		}
	t->key = ts_xmalloc(n + 1);
	memcpy(t->key, arg, n);
	t->key[n] = '\0';
	if (reserved_key(t->key)) {
		snprintf(err, errlen, "--tag KEY '%s' is a key %s writes "
		    "itself; choose another", t->key, writer);
		free(t->key);
		t->key = NULL;
		return -1;
	}
	t->value = ts_xstrdup(eq + 1);
	return 0;
}

/* Append ,"key":"value" when value is set. */
static void
field(struct ts_buf *b, const char *key, const char *value)
{
	if (value == NULL)
		return;
	ts_buf_putc(b, ',');
	ts_buf_json_string(b, key);
	ts_buf_putc(b, ':');
	ts_buf_json_string(b, value);
}

void
ts_hostid_json(struct ts_buf *b, const struct ts_hostid *id,
    const struct ts_tag *tags, size_t ntags)
{
	size_t i;

	if (id != NULL) {
		field(b, "host_id", id->host_id);
		field(b, "hostname", id->hostname);
		field(b, "kernel_release", id->kernel_release);
		field(b, "cpu_model", id->cpu_model);
		for (i = 0; i < TS_HOSTID_DMI_FIELDS; i++)
			field(b, dmi_keys[i], id->dmi[i]);
	}
	for (i = 0; i < ntags; i++)
		field(b, tags[i].key, tags[i].value);
}
