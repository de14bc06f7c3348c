#!/usr/bin/env python3
# tests/publish-browser.py: a site of threadstone-history publish opened
# in headless Chromium through chromedriver's WebDriver HTTP API (from
# python3's standard library alone), for tests/cli-history-publish.sh.
#
#   publish-browser.py SITE MODE [ARG...]
#
# MODE:
#   crawl URL_BASE     every page reachable from URL_BASE/index.html
#                      (file:///... or http://127.0.0.1:PORT): loaded with
#                      no console message of level SEVERE, every internal
#                      link (a, link, script) and fragment resolving, no
#                      injected script run (window.__pwned unset); prints
#                      "pages N links M" and fails with the first problem
#   hostile URL_BASE NAME
#                      the host named NAME (a hostile string): its name is
#                      text in the index and its page (h1, title, SVG
#                      title), the JSON in its page parses back to it, and
#                      no script ran
#   look URL_BASE OUTDIR
#                      screenshots of the index and of the first host's
#                      page (OUTDIR/index.png, OUTDIR/host.png), each
#                      checked for being non-blank; the page at a phone's
#                      width (390 px) scrolls no wider than the screen; a
#                      click on a table heading sorts the table (JS)
#
# Exit 0 when all is well, 1 with one line on stderr naming the problem,
# 77 when chromium or chromedriver cannot be started (the test skips).
import base64
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import zlib

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")


class Fail(Exception):
    pass


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Browser:
    """chromedriver and one headless Chromium session."""

    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="ts-publish-chromium.")
        self.port = free_port()
        self.log = open(os.path.join(self.profile, "chromedriver.log"), "w")
        self.driver = subprocess.Popen(
            [CHROMEDRIVER, "--port=%d" % self.port],
            stdout=self.log, stderr=subprocess.STDOUT,
            start_new_session=True)
        self.base = "http://127.0.0.1:%d" % self.port
        for _ in range(100):
            try:
                self.call("GET", "/status")
                break
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.1)
        else:
            self.close()
            raise OSError("chromedriver did not start")
        args = ["--headless", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1280,900",
                "--user-data-dir=" + os.path.join(self.profile, "p")]
        if os.geteuid() == 0:
            args.append("--no-sandbox")
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": CHROMIUM, "args": args},
            "goog:loggingPrefs": {"browser": "ALL"}}}}
        try:
            r = self.call("POST", "/session", caps)
        except Exception:
            self.close()
            raise
        self.sid = r["sessionId"]

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data,
                                     method=method)
        req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=120) as f:
                return json.loads(f.read().decode())["value"]
        except urllib.error.HTTPError as e:
            msg = e.read().decode(errors="replace")
            raise Fail("webdriver %s %s: %s" % (method, path, msg[:300]))

    def s(self, method, path, body=None):
        return self.call(method, "/session/%s%s" % (self.sid, path), body)

    def get(self, url):
        self.s("POST", "/url", {"url": url})

    def js(self, script, *args):
        return self.s("POST", "/execute/sync",
                      {"script": script, "args": list(args)})

    def logs(self):
        return self.s("POST", "/se/log", {"type": "browser"})

    def size(self, w, h):
        self.s("POST", "/window/rect", {"width": w, "height": h})

    def screenshot(self, path):
        png = base64.b64decode(self.s("GET", "/screenshot"))
        with open(path, "wb") as f:
            f.write(png)
        return png

    def close(self):
        try:
            if getattr(self, "sid", None):
                self.call("DELETE", "/session/" + self.sid)
        except Exception:
            pass
        try:
            os.killpg(self.driver.pid, 15)
        except ProcessLookupError:
            pass
        try:
            self.driver.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(self.driver.pid, 9)
            self.driver.wait()
        self.log.close()
        shutil.rmtree(self.profile, ignore_errors=True)


def severe(logs):
    return [l for l in logs if l.get("level") == "SEVERE"]


LINKS_JS = """
return Array.from(document.querySelectorAll('a[href],link[href],script[src]'))
  .map(function (e) { return e.href || e.src; });
"""


def strip_fragment(url):
    u, _, frag = url.partition("#")
    return u, frag


def crawl(b, base):
    start = base.rstrip("/") + "/index.html"
    seen, todo, links = set(), [start], 0
    ids = {}
    wanted = []
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        seen.add(url)
        b.get(url)
        title = b.js("return document.title;")
        state = b.js("return document.readyState;")
        if not title or state != "complete":
            raise Fail("%s did not load (title %r, %s)" % (url, title, state))
        if b.js("return window.__pwned === undefined;") is not True:
            raise Fail("%s: an injected script ran" % url)
        bad = severe(b.logs())
        if bad:
            raise Fail("%s: console error: %s" % (url, bad[0]["message"]))
        ids[url] = set(b.js("return Array.from(document.querySelectorAll"
                            "('[id]')).map(function (e) { return e.id; });"))
        for href in b.js(LINKS_JS):
            if href == "data:,":
                continue  # the empty icon, which spares a request
            target, frag = strip_fragment(href)
            if not target.startswith(base):
                raise Fail("%s links outside the site: %s" % (url, href))
            links += 1
            if frag:
                wanted.append((url, target, frag))
            if target.endswith(".html"):
                todo.append(target)
            else:
                check_resource(b, base, target, url)
    for url, target, frag in wanted:
        if frag not in ids.get(target, ()):
            raise Fail("%s links to %s#%s: no such id" % (url, target, frag))
    return len(seen), links


def check_resource(b, base, target, page):
    """A style sheet or script: present (a file, or served with 200)."""
    if target.startswith("file://"):
        path = urllib.parse.unquote(urllib.parse.urlparse(target).path)
        if not os.path.isfile(path):
            raise Fail("%s links to %s: missing" % (page, target))
        return
    try:
        with urllib.request.urlopen(target, timeout=30) as f:
            if f.status != 200:
                raise Fail("%s: %s answers %d" % (page, target, f.status))
    except urllib.error.URLError as e:
        raise Fail("%s links to %s: %s" % (page, target, e))


def hostile(b, base, name):
    b.get(base.rstrip("/") + "/index.html")
    names = b.js("return Array.from(document.querySelectorAll("
                 "'tbody tr td:nth-child(2) a')).map(function (a) "
                 "{ return a.textContent; });")
    if name not in names:
        raise Fail("the index does not show the host %r as text" % name)
    href = b.js("var a = Array.from(document.querySelectorAll("
                "'tbody tr td:nth-child(2) a')).filter(function (a) "
                "{ return a.textContent === arguments[0]; })[0];"
                "return a ? a.href : null;".replace("arguments[0]",
                                                    json.dumps(name)))
    b.get(href)
    got = b.js("return [document.querySelector('h1').textContent, "
               "document.title, document.querySelector('svg title') ? "
               "document.querySelector('svg title').textContent : null, "
               "document.getElementById('changes-data') ? "
               "document.getElementById('changes-data').textContent : "
               "null];")
    if got[0] != name or got[1] != name:
        raise Fail("the host page shows %r as %r (h1), %r (title)"
                   % (name, got[0], got[1]))
    if got[2] is None or name not in got[2]:
        raise Fail("the SVG's title does not hold the name: %r" % got[2])
    if got[3] is not None:
        data = json.loads(got[3])
        if any(c["host"] != name for c in data):
            raise Fail("the page's JSON does not give the name back")
    if b.js("return window.__pwned === undefined;") is not True:
        raise Fail("an injected script ran on the host page")
    run = b.js("var a = document.querySelector('#runs tbody a, "
               "table.filter tbody a'); return a ? a.href : null;")
    if run:
        b.get(run)
        if b.js("return window.__pwned === undefined;") is not True:
            raise Fail("an injected script ran on a run page")
    bad = severe(b.logs())
    if bad:
        raise Fail("console error: %s" % bad[0]["message"])


def png_pixels(png):
    """Width, height and rows of RGB(A) bytes of an 8-bit PNG."""
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        raise Fail("not a PNG")
    pos, idat, w = 8, b"", 0
    while pos < len(png):
        n, kind = struct.unpack(">I4s", png[pos:pos + 8])
        body = png[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
            if depth != 8 or ctype not in (2, 6):
                raise Fail("PNG of depth %d, type %d" % (depth, ctype))
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    rows, prev, stride = [], bytearray(w * bpp), w * bpp
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(
            raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            c = prev[x - bpp] if x >= bpp else 0
            up = prev[x]
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + up) & 255
            elif f == 3:
                line[x] = (line[x] + (a + up) // 2) & 255
            elif f == 4:
                p = a + up - c
                pa, pb, pc = abs(p - a), abs(p - up), abs(p - c)
                pr = a if pa <= pb and pa <= pc else up if pb <= pc else c
                line[x] = (line[x] + pr) & 255
        rows.append(bytes(line))
        prev = line
    return w, h, bpp, rows


def not_blank(png, what):
    w, h, bpp, rows = png_pixels(png)
    colours, ink = set(), 0
    for y in range(0, h, 2):
        r = rows[y]
        for x in range(0, w * bpp, bpp * 2):
            px = r[x:x + 3]
            colours.add(px)
            if px[0] < 200 or px[1] < 200 or px[2] < 200:
                ink += 1
    if len(colours) < 16 or ink < 500:
        raise Fail("the screenshot of %s looks blank (%d colours, %d dark "
                   "samples)" % (what, len(colours), ink))
    return len(colours), ink


def look(b, base, outdir):
    b.size(1280, 900)
    b.get(base.rstrip("/") + "/index.html")
    not_blank(b.screenshot(os.path.join(outdir, "index.png")), "the index")
    host = b.js("var a = document.querySelector('tbody tr td:nth-child(2) "
                "a'); return a ? a.href : null;")
    if not host:
        raise Fail("the index links to no host")
    b.get(host)
    b.size(1280, 1400)
    not_blank(b.screenshot(os.path.join(outdir, "host.png")), "a host page")
    # The script: headings became buttons, and a click sorts.
    order = b.js("""
var t = document.querySelector('#runs ~ .wrap table, table.filter');
var first = function () { return t.tBodies[0].rows[0].cells[0].textContent; };
var before = first();
var button = t.tHead.rows[0].cells[0].querySelector('button');
if (!button) return 'no button';
button.click();
var after = first();
button.click();
return [before, after, first()];""")
    if not isinstance(order, list) or order[0] == order[1]:
        raise Fail("a click on the runs' first heading did not sort: %r"
                   % (order,))
    # A phone's width: the page itself does not scroll sideways.
    b.size(390, 844)
    for url in (base.rstrip("/") + "/index.html", host):
        b.get(url)
        wide = b.js("return [document.documentElement.scrollWidth, "
                    "window.innerWidth];")
        if wide[0] > wide[1] + 1:
            raise Fail("%s is %d px wide at a phone's %d" %
                       (url, wide[0], wide[1]))
    b.screenshot(os.path.join(outdir, "phone.png"))
    bad = severe(b.logs())
    if bad:
        raise Fail("console error: %s" % bad[0]["message"])


def main():
    if len(sys.argv) < 4:
        sys.stderr.write("usage: publish-browser.py SITE MODE ARG...\n")
        return 2
    mode, base = sys.argv[2], sys.argv[3]
    if not (os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)):
        print("chromium or chromedriver is not installed")
        return 77
    try:
        b = Browser()
    except (OSError, Fail) as e:
        print("chromium did not start: %s" % str(e)[:200])
        return 77
    try:
        if mode == "crawl":
            pages, links = crawl(b, base)
            print("pages %d links %d" % (pages, links))
        elif mode == "hostile":
            hostile(b, base, sys.argv[4])
        elif mode == "look":
            look(b, base, sys.argv[4])
        else:
            raise Fail("unknown mode " + mode)
    except Fail as e:
        sys.stderr.write("publish-browser: %s\n" % e)
        return 1
    finally:
        b.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
