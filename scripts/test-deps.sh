#!/usr/bin/env bash
# Makes sure the real servers and the browser the tests start are on this machine:
#   redis-server (the Redis store), python3-pyftpdlib (the FTP access method; Debian's /usr/bin/python3), chromium (the
#   web page's end-to-end tests), zsh (the CLI's zsh completion script is parsed by `zsh -n`). Installs the missing ones from Debian's packages when run as
#   root with apt-get; otherwise says exactly what to install and fails.
set -euo pipefail

missing=()
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
/usr/bin/python3 -c 'import pyftpdlib' >/dev/null 2>&1 || missing+=(python3-pyftpdlib)
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v zsh >/dev/null 2>&1 || missing+=(zsh)

[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "test-deps: installing ${missing[*]} (Debian packages)" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi

echo "test-deps: the tests need ${missing[*]}; install them first, e.g." >&2
echo "  sudo apt-get install ${missing[*]}" >&2
exit 1
