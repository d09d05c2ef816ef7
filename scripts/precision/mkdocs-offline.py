#!/usr/bin/python3
"""mkdocs-offline.py IN OUT (run by /usr/bin/python3, the Python of Debian's mkdocs): writes a copy of an mkdocs.yml that builds
offline with Debian's MkDocs packages, and says on stderr what it changed:

- plugins that are not installed here (in a list or a map of names to
  options) are left out (their pages or ids
  are then missing from the build: the measurement notes it per repository);
- material.extensions.emoji (mkdocs-material 9.4 and later) is read as
  pymdownx.emoji, which provides the same index and generator;
- mkdocstrings inventories (import: URLs, fetched at build time) are left
  out: there is no network here;
- strict: true becomes false: the old MkDocs here warns of configuration
  keys it does not know, and a warning would stop the build.

The edit is line based, so that the YAML's Python tags stay as written.
"""
import re
import sys
from importlib.metadata import entry_points

src, dst = sys.argv[1], sys.argv[2]
installed = {e.name for e in entry_points(group="mkdocs.plugins")}
lines = open(src, encoding="utf-8").read().split("\n")
out = []
i = 0
in_plugins = False
item_indent = None
while i < len(lines):
    line = lines[i]
    if re.match(r"^plugins:\s*$", line):
        in_plugins, item_indent = True, None
        out.append(line)
        i += 1
        continue
    if in_plugins:
        if line.strip() and not line.startswith((" ", "-", "#")):  # a comment at the margin does not end the list
            in_plugins = False
        else:
            m = re.match(r"^(\s*)- ([A-Za-z0-9_./-]+)\s*:?\s*$", line) or re.match(r"^(\s*)- ([A-Za-z0-9_./-]+)\s*$", line) or re.match(r"^( +)([A-Za-z0-9_./-]+):\s*(?:\{\})?\s*$", line)  # a map of names to options
            if m and (item_indent is None or len(m.group(1)) == item_indent):
                item_indent = len(m.group(1))
                name = m.group(2)
                if name not in installed:
                    print("mkdocs-offline: plugin %s is not installed: left out" % name, file=sys.stderr)
                    i += 1
                    while i < len(lines) and (not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) > item_indent):
                        i += 1
                    continue
    if re.match(r"^strict:\s*true\s*$", line):
        line = "strict: false"
        print("mkdocs-offline: strict mode off", file=sys.stderr)
    if "material.extensions.emoji." in line:
        line = line.replace("material.extensions.emoji.", "pymdownx.emoji.")
        print("mkdocs-offline: material.extensions.emoji read as pymdownx.emoji", file=sys.stderr)
    m = re.match(r"^(\s*)import:\s*$", line)
    if m:
        print("mkdocs-offline: mkdocstrings inventories left out (no network)", file=sys.stderr)
        ind = len(m.group(1))
        i += 1
        while i < len(lines) and (not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) > ind or lines[i].lstrip().startswith("- ") and len(lines[i]) - len(lines[i].lstrip()) == ind):
            i += 1
        continue
    if re.match(r"^\s*inventories:\s*$", line):
        print("mkdocs-offline: mkdocstrings inventories left out (no network)", file=sys.stderr)
        ind = len(line) - len(line.lstrip())
        i += 1
        while i < len(lines) and (not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) > ind or lines[i].lstrip().startswith("- ") and len(lines[i]) - len(lines[i].lstrip()) == ind):
            i += 1
        continue
    out.append(line)
    i += 1
open(dst, "w", encoding="utf-8").write("\n".join(out))
