/* SPDX-License-Identifier: MIT */
/*
 * threadstone-history publish: the history as a static site.  The site
 * (hist-publish-site.c) is a directory of files written whole, each
 * only when its bytes change, and a manifest of what publish wrote:
 * each file's path, the fingerprint of what it was made from, and a
 * note (a run's check answer), so that a page whose inputs did not
 * change is not even made again.  The pages: the index
 * (hist-publish-index.c), a page per host (hist-publish-host.c) and a
 * page per run (hist-publish-run.c), in the HTML of
 * hist-publish-html.c.
 */
#ifndef TS_HIST_PUBLISH_H
#define TS_HIST_PUBLISH_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"
#include "history/history-query.h"
#include "history/history-series.h"

/* The manifest, in the site's directory. */
#define PUB_MANIFEST		"threadstone-publish.manifest"
/* The runs before a run that its page compares it with, as a set. */
#define PUB_RECENT_RUNS		10
/* A change point this recent (days before the newest run) is news. */
#define PUB_RECENT_DAYS		30
/* A host is quiet after this many of its usual gaps without a run. */
#define PUB_QUIET_GAPS		3
/* ... and at least this many days. */
#define PUB_QUIET_MIN_DAYS	2

struct pub_entry {
	char	*path;		/* relative to the site's directory */
	char	 fp[65];	/* the inputs' fingerprint, hex */
	char	*note;		/* "" when none */
};

struct pub_site {
	char		*dir;
	int		 dirfd;		/* open, and flock'd, while publishing */
	struct pub_entry *old;		/* the manifest found, by path */
	size_t		 nold;
	struct pub_entry *cur;		/* this publishing's */
	size_t		 ncur, capcur;
	size_t		 written, same, skipped, removed;
	size_t		 bytes;		/* of every file of the site */
	long long	 newest;	/* the newest run of the history */
};

/* A run's check answer, as the manifest keeps it. */
enum pub_answer {
	PUB_OK,
	PUB_REGRESSION,
	PUB_NOT_CHECKED
};

struct pub_run {
	enum pub_answer	 answer;
	double		 worst;		/* the worst change of a regression, % */
	char		*text;		/* check's answer in a line */
};

/* A host's status on the index, worst first. */
enum pub_status {
	PUB_ST_REGRESSION,	/* its latest run is one */
	PUB_ST_WORSE,		/* a recent change point for the worse */
	PUB_ST_QUIET,		/* no run for a while */
	PUB_ST_NOT_CHECKED,	/* its latest run could not be judged */
	PUB_ST_CHANGED,		/* a recent change for the better, a producer */
	PUB_ST_OK
};

struct pub_host {
	const struct ts_hist_host *info;
	char			 slug[80];	/* its folder under h/ */
	struct ts_hist_doc	*docs;		/* in time order */
	size_t			 ndocs;
	struct ts_hist_series	*s;
	size_t			 ns;
	struct ts_hist_change	**ch;		/* of each series */
	size_t			*nch;
	char			(*chain)[65];	/* each run and those before */
	struct pub_run		*runs;		/* each run's check */
	/* For the index. */
	enum pub_status		 status;
	double			 severity;	/* orders a status's hosts */
	char			*status_text;
	char			*changes_text;	/* recent change points */
};

/* hist-publish-site.c */
int	pub_site_open(struct pub_site *, const char *dir, char *err,
	    size_t errlen);
/*
 * Whether path is in the manifest with fingerprint fp and still there:
 * then it is kept as it is (with its note into *note, borrowed) and
 * need not be made.
 */
bool	pub_fresh(struct pub_site *, const char *path, const char *fp,
	    const char **note);
/*
 * Put b as path (made whole, and only when its bytes differ from the
 * file's), recorded with fp and note (NULL: none).  Return 0, or -1
 * with err.
 */
int	pub_put(struct pub_site *, const char *path, const struct ts_buf *b,
	    const char *fp, const char *note, char *err, size_t errlen);
/*
 * Remove what the last publishing wrote and this one did not, write
 * the manifest, and close.  Return 0, or -1 with err.
 */
int	pub_site_close(struct pub_site *, char *err, size_t errlen);
/*
 * Release everything after a failure (nothing removed or written); the
 * counts stay.
 */
void	pub_site_abandon(struct pub_site *);
/* The hex SHA-256 of the strings, each followed by a NUL, into fp. */
void	pub_fingerprint(char fp[65], const char *const *parts, size_t n);

/* hist-publish-html.c */
/* Text for HTML content and quoted attributes, and inside SVG. */
void	pub_esc(struct ts_buf *, const char *);
/*
 * A page's head: the document's title (text, escaped here), the style
 * sheet and script at root (the relative way to the site's top, "" or
 * "../../"), and the navigation.
 */
void	pub_head(struct ts_buf *, const char *root, const char *title);
void	pub_foot(struct ts_buf *, const char *root);
/* JSON inside <script type="application/json" id="id">, made inert. */
void	pub_json_script(struct ts_buf *, const char *id, const char *json);
/* An SVG document (hist_svg's) inside the page, as an image. */
void	pub_svg(struct ts_buf *, const char *svg);
/* The folder name of host name under h/: a readable part and a hash. */
void	pub_slug(const char *name, char out[80]);
/* "2025-07-20" and "2025-07-20 02:00" of t. */
void	pub_day(long long t, char out[32]);
void	pub_when(long long t, char out[32]);
/* A change in % with its sign: "+1.2 %", "\u22121.2 %". */
void	pub_pct(struct ts_buf *, double pct);
/* The style sheet and the script of every page. */
extern const char pub_css[];
extern const char pub_js[];

/* hist-publish-run.c: every run page of host, and runs[] filled. */
int	pub_runs(struct pub_site *, struct ts_hist *, struct pub_host *,
	    char *err, size_t errlen);
/* The answer, worst change and text of a run kept in a manifest note. */
void	pub_run_parse(const char *note, struct pub_run *out);

/* hist-publish-prov.c: a run's signature and provenance sections. */
struct ts_report;
void	pub_signature(struct ts_buf *, const struct ts_report *,
	    const struct ts_hist_doc *);
void	pub_provenance(struct ts_buf *, const struct ts_report *,
	    const struct ts_hist_doc *);

/* hist-publish-host.c: the host's page, and its status for the index. */
int	pub_host_page(struct pub_site *, struct pub_host *, char *err,
	    size_t errlen);
void	pub_host_status(const struct pub_site *, struct pub_host *);
/* "▼ regression", "✓ ok", ...: the status in words and a symbol. */
const char *pub_status_label(enum pub_status);
const char *pub_status_class(enum pub_status);

/* hist-publish-index.c */
int	pub_index(struct pub_site *, struct pub_host *v, size_t n, char *err,
	    size_t errlen);

#endif /* TS_HIST_PUBLISH_H */
