/* SPDX-License-Identifier: MIT */
/*
 * lib/doc/doc-kinds.c: the answers about a document's extensions.cpu_kinds
 * (kinds, per-kind figures, placement, workers), the same whether the
 * record is exactly as we write it or kept as read beside its record.
 */
#include <config.h>

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "buf.h"
#include "doc/doc-kinds.h"
#include "doc/doc-parse.h"
#include "doc/doc-read.h"
#include "doc/doc-write.h"
#include "doc-fixture.h"
#include "tap.h"
#include "util.h"

/*
 * extensions.cpu_kinds: typed whether or not it is exactly as we write it
 * (then also kept as read), with the same answers.
 */
static void
test_cpu_kinds(void)
{
	static const char doc[] =
	    "{\"cpu_kinds\": {\"kinds\": [{\"name\": \"big\", "
	    "\"hwloc_rank\": 1, \"efficiency\": 1, \"cores\": 2}, "
	    "{\"name\": \"little\", \"hwloc_rank\": 0, \"cores\": 4}], "
	    "\"single_thread\": {\"kind\": \"big\", \"core\": 3, "
	    "\"cpus\": \"6-7\", \"passes\": 2, \"passes_pinned\": 2, "
	    "\"pinned\": true}, \"multi_thread\": {\"threads\": 3, "
	    "\"workers\": {\"big\": 2, \"little\": 1}}, "
	    "\"per_kind\": {\"sha256\": {\"big\": {\"core\": 3, "
	    "\"cpus\": \"6-7\", \"pinned\": true, \"value\": 2.5, "
	    "\"cv\": 0.0, \"ci95\": 0.25, \"stability\": \"stable\", "
	    "\"samples\": 1, \"iters_per_thread\": 10}, \"little\": "
	    "{\"core\": 0, \"cpus\": \"0\", \"pinned\": false, "
	    "\"error\": \"not run\"}}}, "
	    "\"single_core_score_kind\": \"big\"}}";
	const char *docs[2];
	struct ts_kinds_single one;
	struct json_object *v;
	struct ts_report r;
	unsigned long long n;
	const char *names[4];
	double value, ci95;
	char err[256];
	size_t i;

	/* The second document: the same with an integer value, kept as JSON. */
	docs[0] = doc;
	docs[1] = edit(doc, "\"value\": 2.5", "\"value\": 2");
	for (i = 0; i < 2; i++) {
		memset(&r, 0, sizeof r);
		if (ts_json_parse(docs[i], strlen(docs[i]), &v, err,
		    sizeof err) != 0) {
			diag("bad test JSON: %s", err);
			continue;
		}
		ts_ext_read(v, &r.ext);
		ok(ts_ext_get(&r.ext, &ts_ext_key_cpu_kinds) != NULL &&
		    r.ext.n == 1 && r.ext.v[0].kept == (i == 1),
		    "cpu_kinds typed%s", i == 0 ? "" : ", and kept as read");
		ok(ts_kinds_names(&r, names, 4) == 2 &&
		    strcmp(names[1], "little") == 0 &&
		    ts_kinds_has_per_kind(&r) &&
		    strcmp(ts_kinds_single_kind(&r), "big") == 0,
		    "kinds, per_kind and the single-thread kind (%zu)", i);
		ok(ts_kinds_value(&r, "sha256", "big", &value, &ci95) == 0 &&
		    value == (i == 0 ? 2.5 : 2) && ci95 == 0.25 &&
		    ts_kinds_value(&r, "sha256", "little", &value,
		    &ci95) == -1 &&
		    ts_kinds_value(&r, "sort", "big", &value, &ci95) == -1,
		    "per-kind figures (%zu)", i);
		ts_kinds_single(&r, &one);
		ok(one.core == 3 && strcmp(one.cpus, "6-7") == 0 &&
		    one.pinned && one.reason == NULL &&
		    ts_kinds_workers(&r, "little", &n) == 0 && n == 1 &&
		    ts_kinds_workers(&r, "medium", &n) == -1,
		    "single-thread placement and workers (%zu)", i);
		ok(same_json(ts_ext_tree(&r.ext), v),
		    "cpu_kinds written back unchanged (%zu)", i);
		ts_report_free(&r);
	}
	free((char *)docs[1]);
}

int
main(void)
{
	fixture_dir();
	test_cpu_kinds();
	return done_testing();
}
