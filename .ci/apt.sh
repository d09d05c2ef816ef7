# shellcheck shell=bash
# Sourced by the CI scripts and scripts/site-check.sh: need_apt installs
# Debian packages for a command that is missing, the one way CI installs
# what it needs from Debian.
#
#   need_apt COMMAND PACKAGE...
#
# It returns 0 when COMMAND is on PATH already or once the packages are
# installed, 1 (with a message naming what to install) when apt-get is
# missing, root or sudo is missing, or the install fails.
need_apt() {
	local cmd=$1
	shift
	command -v "$cmd" >/dev/null && return 0
	if ! command -v apt-get >/dev/null; then
		echo "$cmd is missing and apt-get is not available: install $*" >&2
		return 1
	fi
	local sudo=()
	if [ "$(id -u)" != 0 ]; then
		if ! command -v sudo >/dev/null; then
			echo "$cmd is missing and installing $* with apt-get needs root or sudo" >&2
			return 1
		fi
		sudo=(sudo)
	fi
	echo "== apt-get install $* ($cmd is missing)"
	# The package lists may be fresh enough: update only when the install
	# fails without it.
	if ! DEBIAN_FRONTEND=noninteractive timeout 300 "${sudo[@]}" apt-get install -y -qq "$@" >/dev/null 2>&1; then
		timeout 120 "${sudo[@]}" apt-get update -qq >/dev/null &&
			DEBIAN_FRONTEND=noninteractive timeout 300 "${sudo[@]}" apt-get install -y -qq "$@" >/dev/null
	fi
	command -v "$cmd" >/dev/null || {
		echo "apt-get could not install $* for $cmd (see above)" >&2
		return 1
	}
}
