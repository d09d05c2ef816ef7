#!/usr/bin/env bash
# fetch.sh lays out the precision corpus: each repository of
# scripts/precision/corpus.tsv, at the commit the manifest names, copied
# from a bare git directory into CORPUS/SPLIT/OWNER+NAME, made a git work
# tree as a clone is, so that the audit finds its top and its remote.
#
#   scripts/precision/fetch.sh MIRRORS CORPUS
#
# MIRRORS holds OWNER+NAME/repo, bare git directories of the repositories
# (this machine's fetch tool puts them in /work/.mirror). A blob the
# mirror lacks (its largest files are left out) becomes an empty file of
# the same name: the file exists for the links, its content is lost.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mirrors=${1:?usage: fetch.sh MIRRORS CORPUS}
corpus=${2:?usage: fetch.sh MIRRORS CORPUS}
tail -n +2 "$here/corpus.tsv" | while IFS=$'\t' read -r repo commit gen split rest; do
	name=${repo/\//+}
	git=$mirrors/$name/repo
	dest=$corpus/$split/$name
	if [ -d "$dest" ]; then
		echo "== $repo: $dest exists, kept"
		continue
	fi
	echo "== $repo $commit -> $dest"
	mkdir -p "$dest"
	git --git-dir="$git" ls-tree -r -z --full-tree "$commit" | while IFS= read -r -d '' entry; do
		meta=${entry%%$'\t'*}
		p=${entry#*$'\t'}
		read -r mode type obj <<< "$meta"
		[ "$type" = blob ] || continue
		mkdir -p "$dest/$(dirname "$p")"
		if [ "$mode" = 120000 ]; then
			ln -sfn "$(git --git-dir="$git" cat-file blob "$obj")" "$dest/$p"
		elif git --git-dir="$git" cat-file -e "$obj" 2>/dev/null; then
			git --git-dir="$git" cat-file blob "$obj" > "$dest/$p"
		else
			: > "$dest/$p"
			echo "   empty placeholder: $p (not in the mirror)"
		fi
	done
	# A clone's work tree: a remote named after the repository (the audit
	# reads the repository's own URLs as its files), one commit (the
	# generators read the last-modified dates from git).
	# The branch is the mirror's (a clone checks out the default branch:
	# gh-pages for a repository GitHub Pages publishes from it).
	branch=$(git --git-dir="$git" symbolic-ref --short -q HEAD || echo master)
	git init -q -b "$branch" "$dest"
	echo node_modules/ >> "$dest/.git/info/exclude"
	git -C "$dest" remote add origin "https://github.com/$repo.git"
	git -C "$dest" add -A
	git -C "$dest" -c user.name=corpus -c user.email=corpus@invalid commit -qm "corpus copy of $repo at $commit" --date=2026-01-01T00:00:00Z
done
