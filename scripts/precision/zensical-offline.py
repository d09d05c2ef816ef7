#!/usr/bin/python3
"""zensical-offline.py IN OUT (run by /usr/bin/python3): writes an mkdocs.yml
from Zensical's zensical.toml, for Debian's MkDocs to build the site in
Zensical's place (Zensical is not in Debian, and pip is not used here).

The keys under [project] are MkDocs' own; TOML reads the dots of
[project.markdown_extensions.pymdownx.highlight] as tables, so a table of
markdown_extensions whose every value is a table is a module's name space
and is joined back ("pymdownx.highlight"). Extensions and plugins become
the lists MkDocs reads. Zensical's own extensions are read as PyMdown's
(zensical.extensions.emoji as pymdownx.emoji). The output then goes
through mkdocs-offline.py like any mkdocs.yml. What differs from Zensical
(its theme, its default extensions where the file names none) is the
measurement's note.
"""
import sys
import tomllib

import yaml

src, dst = sys.argv[1], sys.argv[2]
with open(src, "rb") as f:
    project = tomllib.load(f).get("project", {})


def modules(m, prefix=""):
    out = {}
    for k, v in m.items():
        name = prefix + "." + k if prefix else k
        if isinstance(v, dict) and v and all(isinstance(x, dict) for x in v.values()):
            out.update(modules(v, name))
        else:
            out[name] = v
    return out


exts = project.get("markdown_extensions")
if isinstance(exts, dict):
    listed = []
    for name, opts in modules(exts).items():
        name = name.replace("zensical.extensions.emoji", "pymdownx.emoji")
        if isinstance(opts, dict):
            for k, v in list(opts.items()):
                if isinstance(v, str) and v.startswith("zensical.extensions.emoji."):
                    # a function named by its module path: MkDocs' YAML names it with a Python tag
                    opts[k] = "!!python/name:" + v.replace("zensical.extensions.emoji.", "pymdownx.emoji.")
        listed.append({name: opts} if opts else name)
    project["markdown_extensions"] = listed
theme = project.setdefault("theme", {})
if isinstance(theme, dict):
    # Zensical's own theme is Material's successor: Material is the nearest here.
    theme.setdefault("name", "material")
    theme.pop("variant", None)
plugins = project.get("plugins")
if isinstance(plugins, dict):
    project["plugins"] = [{k: v} if v else k for k, v in plugins.items()]
text = yaml.safe_dump(project, allow_unicode=True, sort_keys=False)
# safe_dump quotes the tags written above: unquote them.
text = text.replace("'!!python/name:", "!!python/name:").replace("!!python/name:pymdownx.emoji.to_svg'", "!!python/name:pymdownx.emoji.to_svg").replace("!!python/name:pymdownx.emoji.twemoji'", "!!python/name:pymdownx.emoji.twemoji")
with open(dst, "w", encoding="utf-8") as f:
    f.write(text)
print("zensical-offline: %s read as mkdocs.yml" % src, file=sys.stderr)
