#!/usr/bin/env bash
# Measures uriextract and urilint on hostile inputs at two sizes, to show
# that time and peak memory grow linearly (issue 13). Not part of CI.
#
#   scripts/bench-adversarial.sh [SMALL_MB [LARGE_MB]]   (default 5 50)
#   ONLY=19 scripts/bench-adversarial.sh    (only the cases of issue 19)
#   ONLY=25 scripts/bench-adversarial.sh    (only the cases of issue 25: goldmark, .gitignore, YAML bombs)
#   URIEXTRACT=/tmp/old/uriextract ONLY=19 scripts/bench-adversarial.sh
#                                           (an older build, for before/after)
#
# For each pattern it prints the size, the wall time and the peak RSS of
# "uriextract -format markdown FILE" and of "uriextract -check FILE.md";
# then, for urilint, one Go file holding one long literal of each kind at
# SMALL_MB/5 and SMALL_MB.
set -euo pipefail
cd "$(dirname "$0")/.."
export GOTOOLCHAIN=local
small=${1:-5}
large=${2:-50}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/uriextract" ./cmd/uriextract
# URIEXTRACT=FILE measures that build instead (an older one, side by side).
if [[ -n ${URIEXTRACT:-} ]]; then
	cp "$URIEXTRACT" "$tmp/uriextract"
fi
go build -o "$tmp/urilint" ./cmd/urilint

# gen PATTERN MB FILE: FILE holds PATTERN repeated to MB megabytes.
gen() {
	python3 -c "
import sys
p = sys.argv[1].encode().decode('unicode_escape').encode()
n = int(sys.argv[2]) << 20
open(sys.argv[3], 'wb').write((p * (n // len(p) + 1))[:n])
" "$1" "$2" "$3"
}

# measure LABEL CMD...: one line with the wall time and peak RSS.
measure() {
	local label=$1
	shift
	/usr/bin/time -f "%e %M" -o "$tmp/time" "$@" >/dev/null 2>&1 || true
	# The last line: GNU time writes "Command exited ..." first on failure.
	read -r secs kb < <(tail -n 1 "$tmp/time")
	printf '%-34s %8.2f s %8d MB\n' "$label" "$secs" "$((kb / 1024))"
}

# --- issue 25, item 5 (helper goldmark-bounds): what goldmark is slow or
# hungry on, and "**" patterns in .gitignore, each at two sizes ten
# times apart, which must cost about ten times as much. The Markdown
# cases end as plain text with a "degraded" finding (-check).
# gen25 CASE N FILE: N footnotes, or N bytes of a pattern.
gen25() {
	python3 -c "
import sys
case, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
if case == 'footnote-chain':     # each footnote refers to the next
    s = ''.join('[^%d]: a [^%d]\\n' % (i, i + 1) for i in range(n))
elif case == 'footnote-refs':    # n definitions, then n references
    s = ''.join('[^%d]: a\\n' % i for i in range(n)) + ''.join('x [^%d]\\n' % i for i in range(n))
elif case == 'emphasis':         # '*_' repeated: a delimiter node a byte
    s = ('*_' * (n // 2 + 1))[:n]
elif case == 'list-items':       # short list items: a list item node every 4 bytes
    s = '- a\\n' * (n // 4)
elif case == 'table-rows':       # one-cell table rows: a row and a cell every 6 bytes
    s = '| h |\\n|---|\\n' + '| a |\\n' * (n // 6)
open(out, 'w').write(s)
" "$1" "$2" "$3"
}
echo "issue 25: footnotes, dense markup: wall time, peak RSS"
for spec in footnote-chain:20000:200000 footnote-refs:10000:100000 emphasis:1048576:10485760 list-items:1048576:10485760 \
	table-rows:1048576:10485760; do
	IFS=: read -r case n1 n2 <<<"$spec"
	for n in "$n1" "$n2"; do
		gen25 "$case" "$n" "$tmp/in25.md"
		size=$(($(stat -c %s "$tmp/in25.md") >> 10))
		measure "$case $n (${size} KB) extract" "$tmp/uriextract" "$tmp/in25.md"
		measure "$case $n (${size} KB) -check" "$tmp/uriextract" -check "$tmp/in25.md"
	done
done
echo "issue 25: a tree of N files under a .gitignore of N/100 \"**\" patterns: wall time, peak RSS"
for n in 10000 100000; do
	d="$tmp/glob$n"
	mkdir -p "$d/.git"
	python3 -c "
import os, sys
d, n = sys.argv[1], int(sys.argv[2])
shapes = ['**/gen-%d/**', '**/*.tmp%d', '**/build-%d-*', 'out/**/cache-%d', '**/*-%d/']
open(os.path.join(d, '.gitignore'), 'w').write(''.join(shapes[i % 5] % i + '\\n' for i in range(n // 100)))
for i in range(n):
    sub = os.path.join(d, 'd%d' % (i % 1000))
    os.makedirs(sub, exist_ok=True)
    open(os.path.join(sub, 'f%d.md' % i), 'w').write('<https://example.com/%d>\\n' % i)
" "$d" "$n"
	measure "$((n / 100)) patterns, $n files" "$tmp/uriextract" "$d"
	rm -rf "$d"
done
# --- issue 25, item 5 (helper hostile-read): a YAML "billion laughs" in a
# generator's configuration, at 10 levels (359 bytes, 9^10 strings once
# expanded: 6.7 GB before the alias budget) and 100 levels (about ten times
# the bytes). Both must end at once, in the same small memory: the walk
# stops at yaml.v3's alias budget, whatever the bomb's depth.
{
	echo "issue 25: a YAML alias bomb in a generator's configuration: wall time, peak RSS"
	for cfg in mkdocs.yml _config.yml hugo.yaml; do
		for levels in 10 100; do
			tree="$tmp/bomb-$cfg-$levels"
			mkdir -p "$tree/.git" "$tree/docs"
			echo '# Home' >"$tree/docs/index.md"
			python3 -c "
import sys
n = int(sys.argv[1])
lines = ['l0: &l0 [lol,lol,lol,lol,lol,lol,lol,lol,lol]']
lines += ['l%d: &l%d [%s]' % (i, i, ','.join(['*l%d' % (i - 1)] * 9)) for i in range(1, n)]
open(sys.argv[2], 'w').write('\\n'.join(lines) + '\\n')
" "$levels" "$tree/$cfg"
			size=$(stat -c %s "$tree/$cfg")
			measure "$cfg $levels levels (${size} B) -check" "$tmp/uriextract" -check "$tree/docs"
		done
	done
	echo
}
if [[ ${ONLY:-} == 25 ]]; then
	exit 0
fi
echo
# --- end of issue 25, item 5 (helper goldmark-bounds)
# --- issue 19, items 7 and 8 (helper extract): each case at two sizes ten
# times apart, which must cost about ten times as much.
# gen19 CASE N FILE: N links, cells, definitions or bytes of CASE.
gen19() {
	python3 -c "
import sys
case, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
if case == 'one-line':    # one line of links, a finding each
    p = 'http://example.com/a%7eb '
    s = (p * (n // len(p) + 1))[:n] + '\\n'
elif case == 'html':      # a minified page: one line, n links with a finding each
    s = '<html><body>' + ''.join('<a href=\"http://example.com/A%%7e%d\">x</a>' % i for i in range(n)) + '</body></html>\\n'
elif case == 'table':     # one table row of n links to anchors that do not exist
    s = '# Title\\n\\n|' + ' h |' * n + '\\n|' + '---|' * n + '\\n|' + ''.join(' [x](#no%d) |' % i for i in range(n)) + '\\n'
elif case == 'definitions':  # n consecutive link reference definitions
    s = ''.join('[label %d]: https://example.com/%d\\n' % (i, i) for i in range(n))
elif case == 'nested-lists':  # a list nested n deep by indentation
    s = ''.join(' ' * (2 * i) + '- a\\n' for i in range(n))
open(out, 'w').write(s)
" "$1" "$2" "$3"
}
echo "issue 19: position mapping and goldmark's patterns: wall time, peak RSS"
for spec in one-line:524288:5242880:md html:4000:40000:html table:10000:100000:md \
	definitions:10000:100000:md nested-lists:1000:3162:md; do
	IFS=: read -r case n1 n2 ext <<<"$spec"
	for n in "$n1" "$n2"; do
		gen19 "$case" "$n" "$tmp/in19.$ext"
		size=$(($(stat -c %s "$tmp/in19.$ext") >> 10))
		measure "$case $n (${size} KB) extract" "$tmp/uriextract" "$tmp/in19.$ext"
		measure "$case $n (${size} KB) -check" "$tmp/uriextract" -check "$tmp/in19.$ext"
	done
done
# Issue 19 item 10: memory for a document stays under three times its
# size. Three Markdown documents and one text file at SMALL_MB and
# LARGE_MB, each audited (-check) and listed: prose (a heading every 50
# lines, a URI and a relative link with an anchor among the words, a
# blank line every 8 lines), the same as plain text, a link-dense one
# (two links in every five words), and a reference-style one (links as
# [text][label], defined a few lines after their first use and at the
# end, as long documents do), and the module cache's Markdown files one
# after another. Markdown is parsed whole up to 16 MiB (over that, read
# as text) and read outside the Go heap (site.ReadLarge).
echo "issue 19 item 10: large documents: wall time, peak RSS"
printf '# Part\n' >"$tmp/other.md"
for mb in "$small" "$large"; do
	for kind in prose dense refs; do
		python3 -c "
import random, sys
random.seed(1)
kind, n = sys.argv[1], int(sys.argv[2]) << 20
words = 'the quick brown fox jumps over lazy dog see more text here details and for'.split()
links = ['https://example.com/a/b', '[link](other.md#part)']
if kind == 'dense':
    words = words[:8]
    links = links * 2
out, size, i, defs = [], 0, 0, []
while size < n:
    if i % 50 == 0:
        out.append('## Heading %d' % i)
    if kind == 'refs':
        ws = [random.choice(words + ['[text][r%d]' % (i // 10), 'https://example.com/a/b']) for _ in range(random.randint(8, 16))]
    else:
        ws = [random.choice(words + links) for _ in range(random.randint(8, 16))]
    out.append(' '.join(ws))
    if i % 8 == 7:
        out.append('')
        if kind == 'refs' and i % 80 == 7:
            out.append('[r%d]: https://example.com/r/%d' % (i // 10 + 1, i // 10 + 1))
            out.append('')
    size += len(out[-1]) + 1
    i += 1
if kind == 'refs':
    out.append('')
    for k in range(i // 10 + 1):  # in groups of 100, as a long list is written
        out.append('[r%d]: https://example.com/r/%d' % (k, k))
        if k % 100 == 99:
            out.append('')
open(sys.argv[3], 'w').write('\n'.join(out) + '\n')
" "$kind" "$mb" "$tmp/$kind.md"
		size=$(($(stat -c %s "$tmp/$kind.md") >> 20))
		measure "$kind ${mb} (${size} MB) Markdown -check" "$tmp/uriextract" -check "$tmp/$kind.md"
		measure "$kind ${mb} (${size} MB) Markdown list" "$tmp/uriextract" "$tmp/$kind.md"
	done
	# Documents written by others: the Markdown files of the module
	# cache (after go mod download), one after another to the size, with
	# their footnotes, reference definitions and the CommonMark spec.
	python3 -c "
import os, sys
n, out = int(sys.argv[1]) << 20, []
names = sorted(os.path.join(d, f) for d, _, fs in os.walk(sys.argv[2]) for f in fs if f.endswith('.md'))
data = b''.join(open(f, 'rb').read() + b'\\n\\n' for f in names if os.path.getsize(f) > 2048)
open(sys.argv[3], 'wb').write((data * (n // max(len(data), 1) + 1))[:n] if data else b'')
" "$mb" "$(go env GOMODCACHE)" "$tmp/real.md"
	if [[ -s $tmp/real.md ]]; then
		size=$(($(stat -c %s "$tmp/real.md") >> 20))
		measure "real ${mb} (${size} MB) Markdown -check" "$tmp/uriextract" -check "$tmp/real.md"
		measure "real ${mb} (${size} MB) Markdown list" "$tmp/uriextract" "$tmp/real.md"
	fi
	cp "$tmp/prose.md" "$tmp/prose.txt"
	size=$(($(stat -c %s "$tmp/prose.txt") >> 20))
	measure "prose ${mb} (${size} MB) text -check" "$tmp/uriextract" -check "$tmp/prose.txt"
	measure "prose ${mb} (${size} MB) text list" "$tmp/uriextract" "$tmp/prose.txt"
done
if [[ ${ONLY:-} == 19 ]]; then
	exit 0
fi
echo
# --- end of issue 19 (helper extract)
echo "uriextract: pattern, size, command: wall time, peak RSS"
for pattern in '((((' '<<<<' '%%%%' '[[[[' '[a](' 'http://' 'URL:' 'http://x.example/a b ' '\n> > > > '; do
	for mb in "$small" "$large"; do
		gen "$pattern" "$mb" "$tmp/in.md"
		measure "$(printf '%q' "$pattern") ${mb} MB markdown" "$tmp/uriextract" -format markdown "$tmp/in.md"
		measure "$(printf '%q' "$pattern") ${mb} MB -check" "$tmp/uriextract" -check "$tmp/in.md"
	done
done

echo
echo "urilint: one literal of each kind, size: wall time, peak RSS"
mkdir -p "$tmp/mod/p"
printf 'module example.com/adv\n\ngo 1.26\n' >"$tmp/mod/go.mod"
for kind in '%7e' 'a b ' 'HTTP://' '\\x41'; do
	for mb in "$((small / 5 > 0 ? small / 5 : 1))" "$small"; do
		python3 -c "
import sys
k = sys.argv[1]
n = int(sys.argv[2]) << 20
body = (k * (n // len(k) + 1))[:n]
open(sys.argv[3], 'w').write('package p\n\nconst U = \"http://example.com/' + body + '\"\n')
" "$kind" "$mb" "$tmp/mod/p/p.go"
		(cd "$tmp/mod" && measure "$(printf '%q' "$kind") ${mb} MB literal" "$tmp/urilint" ./...)
	done
done

echo
echo "uriextract: a tree of N files under a .gitignore of N patterns (issue 19, item 11): wall time, peak RSS"
for n in 1000 10000; do
	d="$tmp/ign$n"
	mkdir -p "$d/.git"
	python3 -c "
import os, sys
d, n = sys.argv[1], int(sys.argv[2])
shapes = ['generated-%d.md', '*.tmp%d', '/build%d/', '!keep-%d.md']
open(os.path.join(d, '.gitignore'), 'w').write(''.join(shapes[i % 4] % i + '\n' for i in range(n)))
for i in range(n):
    sub = os.path.join(d, 'd%d' % (i % 100))
    os.makedirs(sub, exist_ok=True)
    open(os.path.join(sub, 'generated-%d.md' % i), 'w').write('<https://example.com/%d>\n' % i)
" "$d" "$n"
	measure "$n patterns, $n files" "$tmp/uriextract" "$d"
	rm -rf "$d"
done

echo
echo "uriextract -check: N files of 240 findings each, every output format (issue 19, item 10): wall time, peak RSS"
for n in 200 2000; do
	d="$tmp/find$n"
	mkdir -p "$d/.git"
	python3 -c "
import os, sys
d, n = sys.argv[1], int(sys.argv[2])
line = ' '.join('<HTTP://Example.COM/a/./b%%7e%d>' % i for i in range(60)) + '\n'
for i in range(n):
    sub = os.path.join(d, 'd%d' % (i // 100))
    os.makedirs(sub, exist_ok=True)
    open(os.path.join(sub, 'f%d.md' % i), 'w').write(line)
" "$d" "$n"
	for out in text json github sarif; do
		measure "$n files, $((n * 240)) findings, $out" "$tmp/uriextract" -check -output "$out" "$d"
	done
	rm -rf "$d"
done
