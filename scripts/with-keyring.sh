#!/usr/bin/env bash
# Runs a command with a real, unlocked Secret Service (gnome-keyring) on a private D-Bus session,
# with a throwaway HOME and XDG_RUNTIME_DIR so the user's own keyring is never touched.
#
#   bash scripts/with-keyring.sh npx vitest run electron/keychain
#
# Needs the Debian packages dbus, gnome-keyring and libsecret-tools (see shared/design/stack.md).
# Sets LAPWING_KEYRING=1 so keychain tests know they run under this wrapper.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: scripts/with-keyring.sh COMMAND [ARGS...]" >&2
  exit 2
fi
for tool in dbus-run-session gnome-keyring-daemon; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "with-keyring: '$tool' is missing; install it with: apt-get install -y --no-install-recommends dbus gnome-keyring libsecret-tools" >&2
    exit 127
  fi
done

scratch="$(mktemp -d "${TMPDIR:-/tmp}/lapwing-keyring.XXXXXX")"
cleanup() { rm -rf "$scratch"; }
trap cleanup EXIT
mkdir -p "$scratch/home" "$scratch/runtime"
chmod 700 "$scratch/runtime"

# The keyring's password only protects this throwaway keyring; it is random per run.
password="$(head -c 18 /dev/urandom | base64)"

export HOME="$scratch/home"
export XDG_RUNTIME_DIR="$scratch/runtime"
export XDG_DATA_HOME="$scratch/home/.local/share"
export LAPWING_KEYRING=1
export LAPWING_KEYRING_PASSWORD="$password"

# `exec` would lose the trap's cleanup, so the command runs as a child of dbus-run-session.
# gnome-keyring-daemon --unlock reads the password on stdin and creates the login keyring unlocked,
# but does not claim the Secret Service name on the bus; --start makes that daemon claim it at once.
# Left to D-Bus activation on the first keychain call, a second daemon is started that must find the
# first through its control socket; when it cannot (seen under load in CI), it serves a new, locked
# keyring and every keychain call waits for a password prompt that never comes.
dbus-run-session -- bash -c '
  set -euo pipefail
  secret_service_owned() {
    dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
      org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets | grep -q "boolean true"
  }
  eval "$(printf %s "$LAPWING_KEYRING_PASSWORD" | gnome-keyring-daemon --unlock --components=secrets)"
  unset LAPWING_KEYRING_PASSWORD
  eval "$(gnome-keyring-daemon --start --components=secrets 2>/dev/null)"
  if ! secret_service_owned; then
    echo "with-keyring: the unlocked gnome-keyring did not take the Secret Service name (org.freedesktop.secrets)" >&2
    exit 1
  fi
  status=0
  "$@" || status=$?
  if ! secret_service_owned; then
    echo "with-keyring: WARNING: the Secret Service left the bus during the run (gnome-keyring-daemon exited); keychain failures above come from that" >&2
  fi
  exit "$status"
' with-keyring "$@"
