/* SPDX-License-Identifier: MIT */
/*
 * The site's index: every host, the worst first (a regression in its
 * latest run, a recent change for the worse, gone quiet, not checked, a
 * recent change of another kind, fine), with its latest run, what check
 * said of it and the recent change points, and where to click.  One
 * short row a host: a thousand hosts fit in about 200 KB.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "hist-publish.h"
#include "util.h"

static int
worst_first(const void *a, const void *b)
{
	const struct pub_host *x = *(struct pub_host *const *)a;
	const struct pub_host *y = *(struct pub_host *const *)b;

	if (x->status != y->status)
		return x->status < y->status ? -1 : 1;
	if (x->severity != y->severity)
		return x->severity < y->severity ? -1 : 1;
	return strcmp(x->info->name, y->info->name);
}

/* One host's row. */
static void
row(struct ts_buf *b, const struct pub_host *h)
{
	char day[32];

	ts_buf_printf(b, "<tr class=\"%s\"><td data-v=\"%d\">%s<td><a "
	    "href=\"h/%s/index.html\">", pub_status_class(h->status),
	    (int)h->status, pub_status_label(h->status), h->slug);
	pub_esc(b, h->info->name);
	ts_buf_puts(b, "</a><td>");
	if (h->ndocs > 0) {
		pub_day(h->docs[h->ndocs - 1].t, day);
		ts_buf_printf(b, "<a href=\"h/%s/%lld.html\">%s</a>", h->slug,
		    h->docs[h->ndocs - 1].id, day);
	}
	ts_buf_printf(b, "<td class=\"n\">%zu<td>", h->ndocs);
	pub_esc(b, h->status_text);
	ts_buf_puts(b, "<td>");
	pub_esc(b, h->changes_text);
	ts_buf_putc(b, '\n');
}

int
pub_index(struct pub_site *site, struct pub_host *v, size_t n, char *err,
    size_t errlen)
{
	static const char *const words[] = { "with a regression",
	    "changed for the worse", "quiet", "not checked", "changed",
	    "ok" };
	struct pub_host **order;
	size_t count[PUB_ST_OK + 1] = { 0 }, i, said = 0;
	struct ts_buf b;
	char day[32];
	int rc;

	order = ts_xcalloc(n + 1, sizeof *order);
	for (i = 0; i < n; i++) {
		order[i] = &v[i];
		count[v[i].status]++;
	}
	qsort(order, n, sizeof *order, worst_first);
	ts_buf_init(&b);
	pub_head(&b, "", "threadstone history");
	ts_buf_printf(&b, "<h1>threadstone history: %zu host%s</h1>\n<p "
	    "class=\"summary\">", n, n == 1 ? "" : "s");
	for (i = 0; i <= PUB_ST_OK; i++)
		if (count[i] > 0)
			ts_buf_printf(&b, "%s<span class=\"%s\">%zu %s</span>",
			    said++ > 0 ? ", " : "", pub_status_class(i),
			    count[i], words[i]);
	if (site->newest >= 0) {
		pub_day(site->newest, day);
		ts_buf_printf(&b, ". The newest run: %s", day);
	}
	ts_buf_printf(&b, ".</p>\n<p class=\"muted\">The worst first: a "
	    "regression that <code>threadstone-history check</code> finds "
	    "in a host's latest run, a change point for the worse in the "
	    "last %d days, a host quiet for %d of its usual gaps between "
	    "runs (%d days at least), a latest run check could not judge, "
	    "another recent change point.</p>\n<div class=\"wrap\"><table "
	    "class=\"sortable filter\"><thead><tr><th>status<th>host"
	    "<th>latest run<th class=\"n\">runs<th>what check said of it"
	    "<th>recent change points</tr></thead>\n<tbody>\n",
	    PUB_RECENT_DAYS, PUB_QUIET_GAPS, PUB_QUIET_MIN_DAYS);
	for (i = 0; i < n; i++)
		row(&b, order[i]);
	ts_buf_puts(&b, "</tbody></table></div>\n");
	if (n == 0)
		ts_buf_puts(&b, "<p>The history holds no host yet "
		    "(<code>threadstone-history add</code> puts runs "
		    "there).</p>\n");
	pub_foot(&b, "");
	rc = pub_put(site, "index.html", &b, NULL, NULL, err, errlen);
	ts_buf_free(&b);
	free(order);
	return rc;
}
