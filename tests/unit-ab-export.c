/* SPDX-License-Identifier: MIT */
/*
 * src/threadstone-ab/ab-export.c and ab-out.c on an experiment made
 * here: the JSON parses, with hyperfine's keys in seconds and ours
 * beside them; the CSV has hyperfine's columns first, one row per
 * command; the markdown table; the summary's verdict and design lines;
 * figures in their units.
 */
#include <config.h>

#include <json-c/json.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ab/ab-stats.h"
#include "tap.h"
#include "threadstone-ab/ab-export.h"
#include "threadstone-ab/ab-figure.h"
#include "threadstone-ab/ab-out.h"

#define N	8

static double va[N] = { 1.00, 1.01, 0.99, 1.00, 1.02, 0.98, 1.00, 1.01 };
static double vb[N] = { 1.10, 1.12, 1.08, 1.11, 1.12, 1.07, 1.10, 1.11 };
static double user[N] = { 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5 };
static double rss[N] = { 1024, 1024, 1024, 1024, 1024, 1024, 1024, 1024 };
static int status[N];
static unsigned char order[N] = { 0, 1, 1, 0, 0, 1, 0, 1 };
static double round_s[N] = { 2, 2, 2, 2, 2, 2, 2, 2 };

/* The member key of object o (a JSON path of one step), or NULL. */
static struct json_object *
get(struct json_object *o, const char *key)
{
	struct json_object *v = NULL;

	json_object_object_get_ex(o, key, &v);
	return v;
}

int
main(void)
{
	static const char *const hyperfine[] = { "command", "mean", "stddev",
	    "median", "user", "system", "min", "max", "times", "exit_codes",
	    NULL };
	struct json_object *doc, *res, *r, *cmp;
	struct ab_opts o;
	struct ab_exp e;
	struct ts_buf b;
	char err[128], f[AB_FIGURE_MAX];
	size_t i;
	int s, all;

	memset(&o, 0, sizeof o);
	memset(&e, 0, sizeof e);
	o.command[0] = "sleep 1";
	o.command[1] = "sleep 1.1";
	o.name[0] = "old";
	o.name[1] = o.command[1];
	ts_ab_metric_parse("wall", &o.metric, err, sizeof err);
	o.fail_above = 0.05;
	o.stop.runs = N;
	o.seed = 7;
	for (s = 0; s < 2; s++) {
		e.side[s].value = e.side[s].wall = s == 0 ? va : vb;
		e.side[s].user = e.side[s].sys = user;
		e.side[s].rss = rss;
		e.side[s].status = status;
		e.side[s].n = N;
	}
	e.order = order;
	e.round_s = round_s;
	e.rounds = N;
	e.elapsed_s = 17;
	e.why = TS_AB_STOP_RUNS;
	ts_ab_estimate(TS_AB_INTERLEAVED, va, vb, N, &e.est, err, sizeof err);
	e.verdict = ts_ab_verdict(&e.est, false);
	e.gate_failed = ts_ab_worse_beyond(&e.est, false, 0.05);
	ts_ab_host_init(&e.host);
	ts_ab_host_lost(&e.host, round_s, N, 12, 34);

	ts_buf_init(&b);
	ab_export_json(&b, &o, &e);
	doc = json_tokener_parse(b.data);
	ok(doc != NULL, "the JSON export parses");
	res = get(doc, "results");
	ok(json_object_is_type(res, json_type_array) &&
	    json_object_array_length(res) == 2, "results: one per command");
	for (s = 0, all = 1; s < 2; s++) {
		r = json_object_array_get_idx(res, (size_t)s);
		for (i = 0; hyperfine[i] != NULL; i++)
			all &= get(r, hyperfine[i]) != NULL;
	}
	ok(all, "both carry hyperfine's keys");
	r = json_object_array_get_idx(res, 0);
	ok(strcmp(json_object_get_string(get(r, "command")), "old") == 0 &&
	    strcmp(json_object_get_string(get(r, "command_line")),
	    "sleep 1") == 0, "command is the name, command_line the command");
	ok(fabs(json_object_get_double(get(r, "mean")) - 1.00125) < 1e-12 &&
	    json_object_array_length(get(r, "times")) == N &&
	    json_object_get_double(get(r, "min")) == 0.98 &&
	    json_object_get_double(get(r, "user")) == 0.5,
	    "mean, times, min and user in seconds");
	ok(json_object_is_type(json_object_array_get_idx(get(r,
	    "memory_usage_byte"), 0), json_type_int) &&
	    json_object_get_int(json_object_array_get_idx(get(r,
	    "memory_usage_byte"), 0)) == 1048576, "memory in bytes, integers");
	cmp = get(doc, "comparison");
	ok(cmp != NULL && fabs(json_object_get_double(get(cmp, "ratio")) -
	    e.est.ratio) < 1e-12 && json_object_get_double(get(cmp, "low")) ==
	    e.est.low && json_object_get_double(get(cmp, "high")) ==
	    e.est.high, "comparison: ratio, low, high");
	ok(strcmp(json_object_get_string(get(cmp, "verdict")), "worse") == 0 &&
	    strcmp(json_object_get_string(get(cmp, "design")),
	    "interleaved") == 0 && json_object_get_int(get(cmp, "rounds")) == N
	    && strcmp(json_object_get_string(get(cmp, "stopped")), "runs") ==
	    0 && json_object_get_boolean(get(cmp, "gate_failed")),
	    "verdict, design, rounds, why it stopped, the gate");
	ok(strcmp(json_object_get_string(json_object_array_get_idx(get(cmp,
	    "order"), 1)), "BA") == 0 && json_object_array_length(get(cmp,
	    "log_ratios")) == N, "each round's order and log ratio");
	ok(json_object_is_type(get(get(cmp, "host"), "probe"),
	    json_type_null) && json_object_get_double(get(get(cmp, "host"),
	    "steal_ms")) == 12, "the host: no probe, the steal");
	json_object_put(doc);

	b.len = 0;
	ab_export_csv(&b, &o, &e);
	ok(strncmp(b.data, "command,mean,stddev,median,user,system,min,max,",
	    47) == 0, "CSV: hyperfine's columns first");
	ok(occurrences(b.data, "\n") == 3 && strstr(b.data, "\nold,") != NULL
	    && strstr(b.data, "\nsleep 1.1,") != NULL, "a row per command");
	ok(strstr(b.data, ",wall,1.0,1,,\n") != NULL,
	    "A's relative figure is 1");

	b.len = 0;
	ab_export_markdown(&b, &o, &e);
	ok(strncmp(b.data, "| Command | Mean [s] | Min [s] | Max [s] | "
	    "Relative |\n|:---|---:|---:|---:|---:|\n| `old` | 1.001 ", 81) ==
	    0, "markdown: hyperfine's table");
	ok(strstr(b.data, "B is worse (lower is better).") != NULL,
	    "and the verdict under it");

	b.len = 0;
	ab_out_summary(&b, &o, &e);
	ok(strstr(b.data, "B is 10.0 % slower than A (9.4 % to 10.5 %)") != NULL,
	    "summary: B is 10.0 %% slower, and its interval");
	ok(strstr(b.data, "interleaved: 8 rounds, A and B in a random order "
	    "each round; signed-rank interval (96.1 %)") != NULL,
	    "the design and the interval's level");
	ok(strstr(b.data, "stopped: the rounds asked for were run (8 rounds, "
	    "17.0 s)") != NULL, "why it stopped");
	ok(strncmp(b.data, "A  old\n   sleep 1\n", 18) == 0,
	    "a named command shows its name, then its command");
	b.len = 0;
	ab_out_gate(&b, &o, &e);
	ok(strncmp(b.data, "B ('sleep 1.1') is slower than A ('old') by more "
	    "than 5 %: B/A 1.0", 64) == 0, "the gate's line");
	ts_buf_free(&b);

	is_str(ab_figure(&o.metric, 0.0123, f), "12.3 ms", "12.3 ms");
	is_str(ab_figure(&o.metric, 2.5e-5, f), "25 \xc2\xb5s", "25 us");
	is_str(ab_figure(&o.metric, 61, f), "61 s", "61 s");
	ts_ab_metric_free(&o.metric);
	ts_ab_metric_parse("maxrss", &o.metric, err, sizeof err);
	is_str(ab_figure(&o.metric, 2048, f), "2 MiB", "2 MiB");
	ts_ab_metric_free(&o.metric);
	return done_testing();
}
