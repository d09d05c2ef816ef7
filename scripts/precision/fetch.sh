#!/usr/bin/env bash
# fetch.sh lays out the precision corpus: each repository of
# scripts/precision/corpus.tsv, at the commit the manifest names, copied
# from a bare git directory into CORPUS/SPLIT/OWNER+NAME, with an empty
# "git init" so that the audit finds the work tree's top as in a clone.
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
	git init -q "$dest"
done
