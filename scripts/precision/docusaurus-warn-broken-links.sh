#!/usr/bin/env bash
# docusaurus-warn-broken-links.sh OUT builds the Docusaurus site of the
# current folder into OUT with its CommonJS docusaurus.config.js wrapped
# so that onBrokenLinks is "warn", then removes the wrapper.
#
# A site set to onBrokenLinks: "throw" stops its build on the first
# broken link; with "warn" the pages are written as they would be, the
# broken links left in them as the source has them, so the build still
# shows them broken. Nothing else of the configuration changes; the
# site's own file is not touched (the wrapper is passed with --config).
set -uo pipefail
out=${1:?usage: docusaurus-warn-broken-links.sh OUT}
if [ ! -f docusaurus.config.js ]; then
	echo "docusaurus-warn-broken-links: no docusaurus.config.js in $PWD" >&2
	exit 2
fi
wrap=.precision-docusaurus.config.js
cat > "$wrap" <<'JS'
// Written by scripts/precision/docusaurus-warn-broken-links.sh, removed after the build.
const site = require('./docusaurus.config.js')
module.exports = async (...args) => ({
  ...(await (typeof site === 'function' ? site(...args) : site)),
  onBrokenLinks: 'warn',
})
JS
echo "docusaurus-warn-broken-links: docusaurus.config.js wrapped: onBrokenLinks: warn" >&2
NO_UPDATE_NOTIFIER=1 npx docusaurus build --config "$wrap" --out-dir "$out"
rc=$?
rm -f "$wrap"
exit $rc
