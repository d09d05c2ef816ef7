#!/usr/bin/env bash
# vitepress-ignore-dead-links.sh CMD... runs CMD (a VitePress build, in
# the site folder) with the site's .vitepress config wrapped so that
# ignoreDeadLinks is true, then puts the config back as it was.
#
# VitePress stops a build on a link to a page it does not have (here:
# the API pages typedoc would write, which are not generated). With the
# check off the pages are written as they would be, the dead links left
# in them as the source has them, so the build still shows them broken;
# nothing else of the configuration changes.
set -uo pipefail
conf=
for f in .vitepress/config/index.{js,mjs,ts,mts} .vitepress/config.{js,mjs,ts,mts}; do
	if [ -f "$f" ]; then
		conf=$f
		break
	fi
done
if [ -z "$conf" ]; then
	echo "vitepress-ignore-dead-links: no .vitepress config in $PWD" >&2
	exit 2
fi
ext=${conf##*.}
orig=${conf%.*}.precision-orig.$ext
mv "$conf" "$orig"
# The wrapper takes what the site exports (an object, a promise or a
# function, as VitePress does) and adds the one key.
cat > "$conf" <<JS
import config from './$(basename "$orig")'
export default async (...args) => ({
  ...(await (typeof config === 'function' ? config(...args) : config)),
  ignoreDeadLinks: true,
})
JS
echo "vitepress-ignore-dead-links: $conf wrapped: ignoreDeadLinks: true" >&2
"$@"
rc=$?
mv -f "$orig" "$conf"
exit $rc
