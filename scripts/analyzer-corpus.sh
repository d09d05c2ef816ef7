#!/usr/bin/env bash
# Runs urilint over a corpus of Go modules that nobody here wrote (API
# clients and SDKs, OAuth/OIDC libraries, notification tools, crawlers,
# database drivers with multi-host URIs), downloaded through the module
# proxy, and prints the findings per category, by default and with -tests.
# Not part of CI: it needs the network (the module proxy) and minutes.
#
# Usage:
#   scripts/analyzer-corpus.sh fetch         # download the modules and their dependencies
#   scripts/analyzer-corpus.sh run [URILINT...] # findings per category (default and -tests)
#   scripts/analyzer-corpus.sh fix MODULE... # -fix on copies, then go build and go test
#
# CORPUS (default /work/corpus-go) holds a private GOPATH (module cache
# and all) and a writable copy of each module under $CORPUS/src; nothing
# of it belongs in the repository. "run" writes every finding of each
# binary to $OUT/BINARY/{default,tests}.txt (default OUT=$CORPUS/out), one
# "module: position: message [category]" line each, for classifying by
# hand, and prints the counts; MODES="tests" runs one mode.
set -euo pipefail
cd "$(dirname "$0")/.."
export GOTOOLCHAIN=local GOFLAGS=-mod=mod
CORPUS=${CORPUS:-/work/corpus-go}
export GOPATH=$CORPUS/gopath GOMODCACHE=$CORPUS/gopath/pkg/mod

# The modules, at the version the proxy calls latest when fetched.
modules=(
	# API clients and SDKs
	github.com/google/go-github/v66
	github.com/slack-go/slack
	github.com/bwmarrin/discordgo
	github.com/go-telegram-bot-api/telegram-bot-api/v5
	github.com/stripe/stripe-go/v79
	github.com/twilio/twilio-go
	github.com/digitalocean/godo
	github.com/xanzy/go-gitlab
	github.com/cli/go-gh/v2
	github.com/sendgrid/sendgrid-go
	github.com/mailgun/mailgun-go/v4
	github.com/PagerDuty/go-pagerduty
	github.com/sashabaranov/go-openai
	github.com/hashicorp/vault/api
	github.com/minio/minio-go/v7
	github.com/olivere/elastic/v7
	github.com/influxdata/influxdb-client-go/v2
	github.com/getsentry/sentry-go
	# HTTP clients
	github.com/go-resty/resty/v2
	github.com/hashicorp/go-retryablehttp
	github.com/dghubble/sling
	github.com/gorilla/websocket
	# OAuth, OIDC, identity
	golang.org/x/oauth2
	github.com/coreos/go-oidc/v3
	github.com/zitadel/oidc/v3
	github.com/markbates/goth
	github.com/go-ldap/ldap/v3
	github.com/ory/fosite
	# notification tools
	github.com/nikoksr/notify
	github.com/containrrr/shoutrrr
	github.com/gregdel/pushover
	# crawlers and scrapers
	github.com/gocolly/colly/v2
	github.com/PuerkitoBio/goquery
	github.com/temoto/robotstxt
	# database and queue drivers (multi-host URIs, server lists)
	github.com/jackc/pgx/v5
	github.com/lib/pq
	github.com/go-sql-driver/mysql
	go.mongodb.org/mongo-driver
	github.com/redis/go-redis/v9
	github.com/nats-io/nats.go
	github.com/rabbitmq/amqp091-go
	github.com/segmentio/kafka-go
	github.com/IBM/sarama
	github.com/ClickHouse/clickhouse-go/v2
	github.com/gocql/gocql
)

# dir MODULE prints the folder of MODULE's copy.
dir() { echo "$CORPUS/src/${1//\//_}"; }

fetch() {
	mkdir -p "$CORPUS/src"
	for m in "${modules[@]}"; do
		d=$(dir "$m")
		[ -d "$d" ] && continue
		src=$(go mod download -json "$m@latest" 2>/dev/null | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p' || true)
		if [ -z "$src" ]; then
			echo "$m: not downloaded" >&2
			continue
		fi
		cp -r "$src" "$d"
		chmod -R u+w "$d"
		# The dependencies, so that the packages type-check offline.
		(cd "$d" && go mod download >/dev/null 2>&1 && go list -deps ./... >/dev/null 2>&1) ||
			echo "$m: dependencies incomplete" >&2
		echo "$m: $(basename "$src")" >&2
	done
}

run() {
	local bins=("$@")
	if [ ${#bins[@]} -eq 0 ]; then
		bins=("$CORPUS/urilint")
		go build -o "${bins[0]}" ./cmd/urilint
	fi
	local out_dir=${OUT:-$CORPUS/out}
	for mode in ${MODES:-default tests}; do
		for b in "${bins[@]}"; do
			mkdir -p "$out_dir/$(basename "$b")"
			: >"$out_dir/$(basename "$b")/$mode.txt"
		done
		flags=(-json)
		[ "$mode" = tests ] && flags+=(-tests)
		for m in "${modules[@]}"; do
			d=$(dir "$m")
			[ -d "$d" ] || continue
			# Each binary in turn on one module: the first compiles the
			# export data, the others find it in the build cache.
			for b in "${bins[@]}"; do
				(cd "$d" && "$b" "${flags[@]}" ./... 2>/dev/null) |
					M=$m python3 -c '
import json, os, sys
m = os.environ["M"]
try:
    data = json.load(sys.stdin)
except ValueError:
    sys.exit(0)
for pkg in data.values():
    for diags in pkg.values():
        if not isinstance(diags, list):
            continue
        for d in diags:
            print("%s: %s: %s [%s]" % (m, d["posn"], d["message"], d.get("category", "")))
' >>"$out_dir/$(basename "$b")/$mode.txt" || true
			done
		done
		for b in "${bins[@]}"; do
			out=$out_dir/$(basename "$b")/$mode.txt
			echo "== $(basename "$b") $mode: $(wc -l <"$out") findings"
			sed -n 's/.*\[\([^]]*\)\]$/\1/p' "$out" | sort | uniq -c | sort -rn
		done
	done
}

# fix MODULE...: applies urilint -fix (default settings) to a fresh copy of
# each module, then builds it and runs its tests, and says whether either
# changed from the unfixed copy.
fix() {
	local bin=$CORPUS/urilint
	go build -o "$bin" ./cmd/urilint
	for m in "$@"; do
		d=$(dir "$m")
		f=$CORPUS/fixed/${m//\//_}
		rm -rf "$f"
		mkdir -p "$(dirname "$f")"
		cp -r "$d" "$f"
		(cd "$f" && "$bin" -fix ./... >/dev/null 2>&1) || true
		changed=$(diff -r "$d" "$f" | grep -c '^[<>]' || true)
		before=$(cd "$d" && go test -count=1 ./... 2>&1 | grep -c '^\(FAIL\|ok\)' || true)
		b=$(cd "$d" && go test -count=1 ./... 2>&1 | grep -c '^FAIL' || true)
		a=$(cd "$f" && go vet ./... >/dev/null 2>&1 && go test -count=1 ./... 2>&1 | grep -c '^FAIL' || echo "build fails")
		echo "$m: $changed changed lines; failing packages before $b, after $a (of $before)"
	done
}

case ${1:-} in
fetch) fetch ;;
run) shift; run "$@" ;;
fix) shift; fix "$@" ;;
*) sed -n '2,17p' "$0" >&2; exit 2 ;;
esac
