#!/usr/bin/python3
"""Lists the tests a run skipped, with their reasons, and fails when one was skipped for a part
`make test` installs: a machine without shairport-sync would otherwise drop every AirPlay test and
stay green.

Usage: skipped-tests.py XUNIT PACKAGE...

XUNIT is Swift Testing's JUnit XML (`swift test --xunit-output PATH` writes it beside PATH, as
PATH-swift-testing.xml); each PACKAGE is one `make test` installs (the Makefile's BUILD_PACKAGES,
TEST_PACKAGES and BROWSER_PACKAGES). A skip's reason is its gate's comment, as the tests'
`Requirement` says it: "missing PART (SOURCE); PART (SOURCE)". A skip fails the run when a part
comes from one of the PACKAGEs ("Debian package NAME"), from the build ("built by swift build
--build-tests") or from the browser tests' environment ("made by scripts/browser-venv.sh"),
which `make test` makes; and when it gives no reason, as every gate names the part it needs.
Other reasons (root, an opt-in variable, a package make test does not list) are listed only."""
import re
import sys
import xml.etree.ElementTree as ElementTree

MADE_BY_MAKE_TEST = ("built by swift build --build-tests", "made by scripts/browser-venv.sh")


def parts(reason):
    """The parts a reason names, each as (part, source)."""
    if not reason.startswith("missing "):
        return []
    found = []
    for item in reason[len("missing "):].split("; "):
        match = re.fullmatch(r"(.*) \(([^()]*)\)", item.strip())
        if match:
            found.append((match.group(1), match.group(2)))
    return found


def failing(reason, packages):
    """Why a skip with this reason fails the run, or None."""
    if not reason:
        return "its gate names no part"
    for part, source in parts(reason):
        package = source[len("Debian package "):] if source.startswith("Debian package ") else None
        if package in packages:
            return f"{part} comes from {package}, which make test installs"
        if source in MADE_BY_MAKE_TEST:
            return f"{part} is {source}, as make test does"
    return None


def repaired(text):
    """The run's results with the quotes in test names escaped: Swift Testing (6.3) writes a name
    such as `the README's "<-/-> skip N s"` into its name attribute as it is, which no XML parser
    reads."""
    def escape(match):
        name = match.group(2).replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")
        return match.group(1) + name + match.group(3)
    return re.sub(r'(<testcase [^\n]*? name=")([^\n]*)("(?: time="[^"\n]*")? ?/?>)$', escape, text, flags=re.M)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    path, packages = sys.argv[1], set(sys.argv[2:])
    try:
        with open(path, encoding="utf-8") as results:
            root = ElementTree.fromstring(repaired(results.read()))
    except (OSError, ElementTree.ParseError) as error:
        sys.exit(f"skipped-tests: cannot read the run's results at {path}: {error}")
    skipped = []
    for case in root.iter("testcase"):
        skip = case.find("skipped")
        if skip is not None:
            name = f"{case.get('classname')}.{case.get('name')}"
            skipped.append((name, (skip.text or skip.get("message") or "").strip()))
    total = sum(1 for _ in root.iter("testcase"))
    print(f"Skipped tests: {len(skipped)} of {total}")
    failures = []
    for name, reason in sorted(skipped):
        why = failing(reason, packages)
        print(f"  {'FAIL ' if why else ''}{name}: {reason or '(no reason given)'}")
        if why:
            failures.append((name, why))
    if failures:
        print(f"\n{len(failures)} of them should have run after make test:")
        for name, why in failures:
            print(f"  {name}: {why}")
        sys.exit(1)


if __name__ == "__main__":
    main()
