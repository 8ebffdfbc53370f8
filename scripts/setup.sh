#!/usr/bin/env bash
# One-time (and repeatable) setup of a fresh machine for `npm start` and `npm test`:
# Debian packages, node_modules from package-lock.json, and the electron-vite build in out/.
# Safe to run again: installed packages are skipped, and `npm ci` only runs when node_modules
# is missing or older than package-lock.json.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/system-packages.sh

# npm records what it installed in node_modules/.package-lock.json; if that is newer than
# package-lock.json and package.json, node_modules already matches the lock file.
if [ -f node_modules/.package-lock.json ] &&
   [ node_modules/.package-lock.json -nt package-lock.json ] &&
   [ node_modules/.package-lock.json -nt package.json ]; then
  echo "node_modules: up to date with package-lock.json"
else
  echo "node_modules: npm ci (about 2-3 minutes: better-sqlite3 compiles)"
  npm ci --no-audit --no-fund
fi

npm run build
echo
echo "setup done: \`npm start\` opens the workbench, \`npm test\` runs every test."
