/* SPDX-License-Identifier: MIT */
/*
 * threadstone-history publish DIR: the history as a static site in DIR
 * (see hist-publish.h).  Host by host: its documents and series read
 * through lib/history's queries, its change points, its runs' pages, its
 * page; then the index, the style sheet and the script, and the
 * manifest.  One line on standard output says what was done.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "exitcodes.h"
#include "hist-publish.h"
#include "hist.h"
#include "msg.h"
#include "util.h"

/* Free what a host's pages needed; what the index needs stays. */
static void
host_done(struct pub_host *host)
{
	size_t i;

	for (i = 0; i < host->ns; i++)
		free(host->ch[i]);
	TS_FREE_ALL(host->ch, host->nch, host->chain);
	ts_hist_series_free(host->s, host->ns);
	host->s = NULL;
	host->ch = NULL;
	host->nch = NULL;
	host->chain = NULL;
	host->ns = 0;
}

static void
host_free(struct pub_host *host)
{
	size_t k;

	host_done(host);
	if (host->runs != NULL)
		for (k = 0; k < host->ndocs; k++)
			free(host->runs[k].text);
	TS_FREE_ALL(host->runs, host->status_text, host->changes_text);
	ts_hist_docs_free(host->docs, host->ndocs);
}

/* One host: its runs' pages, its status and its page. */
static int
publish_host(struct pub_site *site, struct ts_hist *h,
    const struct ts_hist_host *in, struct pub_host *host, char *err,
    size_t errlen)
{
	struct ts_hist_filter f;
	struct ts_cpd_params par;
	long n;
	size_t i;

	host->info = in;
	pub_slug(in->name, host->slug);
	if ((n = ts_hist_docs_load(h, in->name, &host->docs, err,
	    errlen)) < 0)
		return -1;
	host->ndocs = (size_t)n;
	memset(&f, 0, sizeof f);
	f.host = in->name;
	f.since = f.until = -1;
	if ((n = ts_hist_series_load(h, &f, &host->s, err, errlen)) < 0)
		return -1;
	host->ns = (size_t)n;
	ts_cpd_defaults(&par);
	host->ch = ts_xcalloc(host->ns + 1, sizeof *host->ch);
	host->nch = ts_xcalloc(host->ns + 1, sizeof *host->nch);
	for (i = 0; i < host->ns; i++)
		host->nch[i] = ts_hist_changes(&host->s[i], &par,
		    &host->ch[i]);
	if (pub_runs(site, h, host, err, errlen) == -1)
		return -1;
	pub_host_status(site, host);
	if (pub_host_page(site, host, err, errlen) == -1)
		return -1;
	host_done(host);
	return 0;
}

/* The style sheet, the script and the index. */
static int
site_files(struct pub_site *site, struct pub_host *v, size_t n, char *err,
    size_t errlen)
{
	struct ts_buf b;
	int rc;

	ts_buf_init(&b);
	ts_buf_puts(&b, pub_css);
	rc = pub_put(site, "style.css", &b, NULL, NULL, err, errlen);
	b.len = 0;
	ts_buf_puts(&b, pub_js);
	if (rc == 0)
		rc = pub_put(site, "site.js", &b, NULL, NULL, err, errlen);
	ts_buf_free(&b);
	if (rc == 0)
		rc = pub_index(site, v, n, err, errlen);
	return rc;
}

int
hist_publish(const struct hist_opts *o, const char *dir)
{
	struct pub_site site;
	struct ts_hist h;
	struct ts_hist_host *hosts = NULL;
	struct pub_host *v = NULL;
	char err[1024];
	double t0 = ts_now();
	size_t i, nruns = 0;
	long nh = 0;
	int rc = -1;

	/* The history first: none there makes no site. */
	if (hist_open(o, false, &h) == -1)
		return TS_EXIT_FAILURE;
	if (pub_site_open(&site, dir, err, sizeof err) == -1) {
		ts_error("%s", err);
		pub_site_abandon(&site);
		ts_hist_close(&h);
		return TS_EXIT_FAILURE;
	}
	site.newest = -1;
	nh = ts_hist_hosts_load(&h, &hosts, err, sizeof err);
	if (nh >= 0) {
		v = ts_xcalloc((size_t)nh + 1, sizeof *v);
		for (i = 0; i < (size_t)nh; i++)
			if (hosts[i].last > site.newest)
				site.newest = hosts[i].last;
		for (i = 0, rc = 0; i < (size_t)nh && rc == 0; i++) {
			rc = publish_host(&site, &h, &hosts[i], &v[i], err,
			    sizeof err);
			nruns += v[i].ndocs;
		}
	}
	ts_hist_close(&h);
	if (rc == 0)
		rc = site_files(&site, v, (size_t)nh, err, sizeof err);
	if (rc == 0)
		rc = pub_site_close(&site, err, sizeof err);
	else
		pub_site_abandon(&site);
	for (i = 0; v != NULL && i < (size_t)nh; i++)
		host_free(&v[i]);
	free(v);
	if (nh > 0)
		ts_hist_hosts_free(hosts, (size_t)nh);
	if (rc == -1) {
		ts_error("%s", err);
		return TS_EXIT_FAILURE;
	}
	printf("published %ld host%s and %zu run%s to %s in %.1f s: %zu files "
	    "written, %zu unchanged, %zu not made again (their inputs did not "
	    "change), %zu removed; %zu bytes\n", nh, nh == 1 ? "" : "s", nruns,
	    nruns == 1 ? "" : "s", dir, ts_now() - t0, site.written,
	    site.same, site.skipped, site.removed, site.bytes);
	return ts_close_stdout() == 0 ? TS_EXIT_OK : TS_EXIT_FAILURE;
}
