/* SPDX-License-Identifier: MIT */
/*
 * A run page's signature (as threadstone-verify finds it, with the
 * signing key's fingerprint) and provenance (who measured, on what, how,
 * every extension of the document, and where it came from).
 */
#include <config.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "buf.h"
#include "doc/doc-ext.h"
#include "doc/doc-producer.h"
#include "hist-publish.h"
#include "report/report-render.h"
#include "report/report-verify.h"
#include "util.h"

/* The longest extension shown whole, in bytes. */
#define EXT_SHOWN	300

/* A signature state in words. */
static const char *
sig_words(enum ts_sig_state s)
{
	switch (s) {
	case TS_SIG_VERIFIED: return "verified";
	case TS_SIG_INVALID: return "INVALID";
	default: return "none (not signed)";
	}
}

/* The signature as verify finds it, with the key's fingerprint. */
void
pub_signature(struct ts_buf *b, const struct ts_report *r,
    const struct ts_hist_doc *doc)
{
	struct ts_verdict v;
	size_t i;

	ts_verify_report(r, false, &v);
	ts_buf_printf(b, "<h2 id=\"signature\">Signature</h2>\n<dl>\n"
	    "<dt>contents<dd>%s", v.nproblems == 0 ? "coherent" :
	    "NOT coherent:");
	for (i = 0; i < v.nproblems; i++) {
		ts_buf_puts(b, i > 0 ? "; " : " ");
		pub_esc(b, v.problems[i]);
	}
	ts_buf_printf(b, "\n<dt>signature<dd class=\"%s\">%s",
	    v.sig == TS_SIG_INVALID ? "bad" : "", sig_words(v.sig));
	if (v.sig == TS_SIG_INVALID) {
		ts_buf_puts(b, ": ");
		pub_esc(b, v.sig_message);
	}
	ts_buf_printf(b, "\n<dt>whole document<dd class=\"%s\">%s",
	    v.whole == TS_SIG_INVALID ? "bad" : "", v.whole == TS_SIG_ABSENT ?
	    "no signature over the whole document" : sig_words(v.whole));
	if (v.whole == TS_SIG_INVALID) {
		ts_buf_puts(b, ": ");
		pub_esc(b, v.whole_message);
	}
	ts_buf_puts(b, "\n<dt>key<dd>");
	if (v.key_fp[0] != '\0') {
		ts_buf_puts(b, "<code>");
		pub_esc(b, v.key_fp);
		ts_buf_puts(b, "</code> (not checked against a trusted key: "
		    "<code>threadstone-verify --trusted-key</code> does)");
	} else
		ts_buf_puts(b, TS_DASH);
	ts_buf_puts(b, "\n<dt>when added<dd>");
	pub_esc(b, doc->signature);
	ts_buf_puts(b, "\n</dl>\n");
	ts_verdict_free(&v);
}

/* One term and its definition, the definition escaped. */
static void
term(struct ts_buf *b, const char *dt, const char *dd)
{
	ts_buf_printf(b, "<dt>%s<dd>", dt);
	pub_esc(b, dd != NULL && *dd != '\0' ? dd : TS_DASH);
	ts_buf_putc(b, '\n');
}

/* One extension as its JSON, cut short past EXT_SHOWN bytes. */
static void
extension(struct ts_buf *b, const struct ts_ext_entry *e)
{
	struct json_object *o = e->kept || e->key == NULL ? e->raw :
	    e->key->write(e->rec);
	const char *j = o != NULL ? json_object_to_json_string_ext(o,
	    JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE) : "null";
	struct ts_buf t;
	size_t n = strlen(j);

	ts_buf_init(&t);
	if (n > EXT_SHOWN) {
		n = EXT_SHOWN;
		/* Not in the middle of a UTF-8 sequence. */
		while (n > 0 && ((unsigned char)j[n] & 0xc0) == 0x80)
			n--;
	}
	ts_buf_add(&t, j, n);
	if (n < strlen(j))
		ts_buf_puts(&t, " \xe2\x80\xa6");
	ts_buf_puts(b, "<dt>extensions.");
	pub_esc(b, e->name);
	ts_buf_puts(b, "<dd><code>");
	pub_esc(b, t.data);
	ts_buf_puts(b, "</code>\n");
	ts_buf_free(&t);
	if (!(e->kept || e->key == NULL) && o != NULL)
		json_object_put(o);
}

/* Who measured, on what, how, and where the document came from. */
void
pub_provenance(struct ts_buf *b, const struct ts_report *r,
    const struct ts_hist_doc *doc)
{
	const struct ts_system *sy = &r->system;
	struct ts_producer prod;
	struct ts_buf t;
	size_t i;

	ts_producer_of(r, &prod);
	ts_buf_init(&t);
	ts_buf_puts(b, "<h2 id=\"provenance\">Provenance</h2>\n<dl>\n");
	term(b, "producer", prod.description);
	term(b, "generated at", r->generated_at);
	ts_describe(&t, sy);
	term(b, "machine", t.data);
	term(b, "CPU", sy->cpu_model);
	term(b, "CPU vendor", sy->cpu_vendor);
	t.len = 0;
	ts_buf_printf(&t, "%ju logical", (uintmax_t)sy->logical_cores);
	if (sy->physical_cores.set)
		ts_buf_printf(&t, ", %ju physical",
		    (uintmax_t)sy->physical_cores.v);
	if (sy->memory_bytes.set)
		ts_buf_printf(&t, "; memory %.1f GiB",
		    (double)sy->memory_bytes.v / (1u << 30));
	term(b, "cores", t.data);
	t.len = 0;
	ts_buf_printf(&t, "%s %s", sy->os, sy->os_version != NULL ?
	    sy->os_version : "");
	term(b, "system", t.data);
	term(b, "target", sy->target);
	term(b, "compiler", sy->rustc_version);
	term(b, "optimisation", sy->build_profile.opt_level);
	t.len = 0;
	ts_buf_printf(&t, "%ju threads, %u samples of %ju ms after %u warmup",
	    (uintmax_t)r->config.threads, r->config.samples,
	    (uintmax_t)r->config.window_ms, r->config.warmup);
	term(b, "configuration", t.data);
	for (i = 0; i < r->ext.n; i++)
		extension(b, &r->ext.v[i]);
	t.len = 0;
	ts_buf_printf(&t, "%lld", doc->id);
	term(b, "history id", t.data);
	term(b, "SHA-256", doc->sha256);
	term(b, "added at", doc->added_at);
	term(b, "added from", doc->source);
	ts_buf_puts(b, "</dl>\n");
	ts_buf_free(&t);
	ts_producer_free(&prod);
}
