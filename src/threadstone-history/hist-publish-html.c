/* SPDX-License-Identifier: MIT */
/*
 * What every page of the site shares: escaping, the head and foot, the
 * style sheet (readable at a phone's width; colours from Okabe and Ito's
 * palette, darkened for text, and never alone: every status carries a
 * symbol and a word), the script (plain JavaScript that sorts and
 * filters tables; the pages read fully without it), inert JSON, SVG
 * inside a page, and the names of a host's folder.
 *
 * Every value that comes from a document or the history (host names,
 * workload ids, producers, CPU models, sources, extensions) reaches a
 * page through pub_esc, pub_json_script or hist_svg's escaping, and the
 * pages forbid inline script and every source but the site's own
 * (Content-Security-Policy), so that even a mistake there runs nothing.
 */
#include <config.h>

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "buf.h"
#include "hist-publish.h"
#include "history/history-add.h"
#include "svg.h"
#include "util.h"

void
pub_esc(struct ts_buf *b, const char *s)
{
	/* The five XML specials, and controls as '?': HTML's too. */
	ts_svg_escape(b, s);
}

void
pub_head(struct ts_buf *b, const char *root, const char *title)
{
	ts_buf_puts(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, "
	    "initial-scale=1\">\n"
	    "<meta http-equiv=\"Content-Security-Policy\" content=\""
	    "default-src 'none'; style-src 'self'; script-src 'self'; "
	    "img-src 'self' data:; base-uri 'none'; form-action 'none'\">\n"
	    "<meta name=\"generator\" content=\"threadstone-history "
	    "publish " PACKAGE_VERSION "\">\n<title>");
	pub_esc(b, title);
	/* No icon: a browser would ask the server for /favicon.ico. */
	ts_buf_printf(b, "</title>\n<link rel=\"icon\" href=\"data:,\">\n"
	    "<link rel=\"stylesheet\" "
	    "href=\"%sstyle.css\">\n<script src=\"%ssite.js\" defer></script>"
	    "\n</head>\n<body>\n<header><nav aria-label=\"site\"><a "
	    "href=\"%sindex.html\">All hosts</a></nav></header>\n<main>\n",
	    root, root, root);
}

void
pub_foot(struct ts_buf *b, const char *root)
{
	(void)root;
	ts_buf_puts(b, "</main>\n<footer><p>Published by threadstone-history "
	    "publish " PACKAGE_VERSION " from the history: what check, "
	    "changes, trend, report and compare say, as pages.</p></footer>\n"
	    "</body>\n</html>\n");
}

void
pub_json_script(struct ts_buf *b, const char *id, const char *json)
{
	const char *p;

	ts_buf_printf(b, "<script type=\"application/json\" id=\"%s\">", id);
	/*
	 * In JSON these three appear only inside strings, where the \u
	 * escapes mean the same; so no "</script>" or "<!--" can close or
	 * change the element, whatever a string holds.
	 */
	for (p = json; *p != '\0'; p++)
		switch (*p) {
		case '<': ts_buf_puts(b, "\\u003c"); break;
		case '>': ts_buf_puts(b, "\\u003e"); break;
		case '&': ts_buf_puts(b, "\\u0026"); break;
		default: ts_buf_putc(b, *p);
		}
	ts_buf_puts(b, "</script>\n");
}

void
pub_svg(struct ts_buf *b, const char *svg)
{
	const char *p = svg;

	/* No XML declaration inside HTML. */
	if (strncmp(p, "<?xml", 5) == 0 && (p = strstr(p, "?>")) != NULL)
		p += 2 + (p[2] == '\n');
	else
		p = svg;
	if (strncmp(p, "<svg", 4) == 0) {
		ts_buf_puts(b, "<svg role=\"img\"");
		p += 4;
	}
	ts_buf_puts(b, p);
}

void
pub_slug(const char *name, char out[80])
{
	char sha[65];
	size_t n = 0;
	const char *p;

	for (p = name; *p != '\0' && n < 40; p++) {
		char c = *p;

		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
			out[n++] = c;
		else if (n > 0 && out[n - 1] != '-')
			out[n++] = '-';
	}
	while (n > 0 && out[n - 1] == '-')
		n--;
	if (n == 0) {
		memcpy(out, "host", 4);
		n = 4;
	}
	ts_hist_sha256(name, strlen(name), sha);
	snprintf(out + n, 80 - n, "-%.10s", sha);
}

void
pub_day(long long t, char out[32])
{
	ts_rfc3339((time_t)t, out);
	out[10] = '\0';
}

void
pub_when(long long t, char out[32])
{
	ts_rfc3339((time_t)t, out);
	out[10] = ' ';
	out[16] = '\0';
}

void
pub_pct(struct ts_buf *b, double pct)
{
	ts_buf_printf(b, "%+.1f\xc2\xa0%%", pct);
}

const char pub_css[] =
    "/* threadstone-history publish */\n"
    "body{font:16px/1.45 system-ui,-apple-system,\"Segoe UI\",Roboto,"
    "\"DejaVu Sans\",sans-serif;margin:0 auto;max-width:74rem;"
    "padding:0 1rem 2rem;color:#1a1a1a;background:#fff}\n"
    "header nav{padding:.6rem 0;border-bottom:1px solid #ddd}\n"
    "nav a{margin-right:1.2em}\n"
    "h1{font-size:1.5rem;margin:.9rem 0 .4rem;overflow-wrap:anywhere}\n"
    "h2{font-size:1.2rem;margin-top:1.8rem;border-bottom:1px solid #ddd}\n"
    "h3{font-size:1.05rem;margin:1.2rem 0 .2rem;overflow-wrap:anywhere}\n"
    "p,li,dd{overflow-wrap:anywhere}\n"
    ".wrap{overflow-x:auto;max-width:100%}\n"
    "table{border-collapse:collapse;font-variant-numeric:tabular-nums}\n"
    "th,td{padding:.25rem .55rem;border-bottom:1px solid #e4e4e4;"
    "text-align:left;vertical-align:top}\n"
    "th{background:#f2f2f2;white-space:nowrap}\n"
    ".n{text-align:right;white-space:nowrap}\n"
    "table.nw td{white-space:nowrap}\n"
    "th button{font:inherit;font-weight:bold;border:0;background:none;"
    "padding:0;cursor:pointer;color:inherit}\n"
    "th[aria-sort=ascending] button::after{content:\" \\25B2\"}\n"
    "th[aria-sort=descending] button::after{content:\" \\25BC\"}\n"
    "svg{display:block;width:100%;max-width:960px;height:auto}\n"
    "pre{overflow-x:auto;background:#f6f6f6;padding:.6rem;"
    "font-size:.85rem;line-height:1.3}\n"
    "dl{display:grid;grid-template-columns:max-content 1fr;gap:.15rem 1rem}"
    "\ndt{font-weight:bold}dd{margin:0}\n"
    "@media (max-width:40rem){dl{grid-template-columns:1fr}"
    "dd{margin-left:1rem}}\n"
    ".bad{color:#A33D00;font-weight:bold}\n"
    ".good{color:#00704F}\n"
    ".quiet{color:#7A5700;font-weight:bold}\n"
    ".muted{color:#555}\n"
    "tr.bad td:first-child,tr.quiet td:first-child{"
    "border-left:4px solid currentColor}\n"
    ".summary{font-size:1.05rem}\n"
    "ul.series{display:flex;flex-wrap:wrap;gap:.1rem 1.2rem;"
    "list-style:none;padding:0;margin:.4rem 0}\n"
    "label.filter{display:block;margin:.6rem 0}\n"
    "label.filter input{font:inherit;margin-left:.5em;max-width:60vw}\n";

const char pub_js[] =
    "/* threadstone-history publish: tables sorted by a click on their\n"
    "   headings and filtered by what is typed; the pages read without\n"
    "   it. */\n"
    "\"use strict\";\n"
    "(function () {\n"
    "  function key(cell) {\n"
    "    if (!cell) return \"\";\n"
    "    var v = cell.getAttribute(\"data-v\");\n"
    "    if (v !== null && v !== \"\" && !isNaN(Number(v))) return Number(v);\n"
    "    return cell.textContent.trim().toLowerCase();\n"
    "  }\n"
    "  function compare(x, y) {\n"
    "    if (typeof x !== typeof y) return typeof x === \"number\" ? -1 : 1;\n"
    "    return x < y ? -1 : x > y ? 1 : 0;\n"
    "  }\n"
    "  function sortBy(table, col, th) {\n"
    "    var body = table.tBodies[0];\n"
    "    var rows = Array.prototype.slice.call(body.rows);\n"
    "    var dir = th.getAttribute(\"aria-sort\") === \"ascending\" ? -1 : 1;\n"
    "    var heads = table.tHead.rows[0].cells, i;\n"
    "    rows.sort(function (a, b) {\n"
    "      return dir * compare(key(a.cells[col]), key(b.cells[col]));\n"
    "    });\n"
    "    for (i = 0; i < heads.length; i++) heads[i].removeAttribute(\"aria-sort\");\n"
    "    th.setAttribute(\"aria-sort\", dir > 0 ? \"ascending\" : \"descending\");\n"
    "    for (i = 0; i < rows.length; i++) body.appendChild(rows[i]);\n"
    "  }\n"
    "  function filter(table, text) {\n"
    "    var rows = table.tBodies[0].rows, q = text.trim().toLowerCase(), i;\n"
    "    for (i = 0; i < rows.length; i++)\n"
    "      rows[i].hidden = q !== \"\" &&\n"
    "        rows[i].textContent.toLowerCase().indexOf(q) < 0;\n"
    "  }\n"
    "  function setup(table) {\n"
    "    if (!table.tHead || !table.tBodies.length) return;\n"
    "    var heads = table.tHead.rows[0].cells, i;\n"
    "    for (i = 0; i < heads.length; i++) (function (th, col) {\n"
    "      var b = document.createElement(\"button\");\n"
    "      b.type = \"button\";\n"
    "      while (th.firstChild) b.appendChild(th.firstChild);\n"
    "      th.appendChild(b);\n"
    "      b.addEventListener(\"click\", function () { sortBy(table, col, th); });\n"
    "    })(heads[i], i);\n"
    "    if (table.classList.contains(\"filter\")) {\n"
    "      var label = document.createElement(\"label\");\n"
    "      var input = document.createElement(\"input\");\n"
    "      label.className = \"filter\";\n"
    "      label.appendChild(document.createTextNode(\"Show the rows holding\"));\n"
    "      input.type = \"search\";\n"
    "      input.addEventListener(\"input\", function () { filter(table, input.value); });\n"
    "      label.appendChild(input);\n"
    "      var at = table.parentNode.classList.contains(\"wrap\") ? table.parentNode : table;\n"
    "      at.parentNode.insertBefore(label, at);\n"
    "    }\n"
    "  }\n"
    "  var tables = document.querySelectorAll(\"table.sortable\"), i;\n"
    "  for (i = 0; i < tables.length; i++) setup(tables[i]);\n"
    "})();\n";
