#!/usr/bin/env bash
# Installs the Debian packages Lapwing needs, skipping the ones already installed
# (so a second run costs nothing and needs no network). Used by scripts/setup.sh and .ci/run.
#
#   chromium xvfb xauth fonts-*         Playwright's browser (it never downloads one here), a virtual
#                                       display for headed runs, readable fonts in screenshots
#   dbus gnome-keyring libsecret-tools  a private Secret Service for keychain code (scripts/with-keyring.sh)
#   swi-prolog-nox                      the reasoning peer of `npm run bench`
#   wrk                                 the load generator of the server benchmark (a C program,
#                                       so it leaves the CPU to the server; autocannon otherwise)
#   postgresql nginx                    the shared store and the load balancer of a multi-instance
#                                       deployment: tests start their own on loopback (initdb into a
#                                       temporary folder, nginx with its own configuration) and stop them
set -euo pipefail

packages=(chromium xvfb xauth fonts-dejavu-core fonts-liberation dbus gnome-keyring libsecret-tools swi-prolog-nox wrk postgresql nginx)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "system packages: all ${#packages[@]} already installed"
  exit 0
fi

# Root on CI and on these machines; sudo elsewhere.
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "system packages: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  sudo=(sudo)
fi

echo "system packages: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q
"${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
