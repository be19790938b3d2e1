#!/usr/bin/env bash
# Makes sure the system packages that the browser and desktop tests need are
# present. As root it installs what is missing with apt-get; otherwise it
# stops and prints the exact command to run.
set -euo pipefail

packages=(chromium xvfb xauth libx11-dev libxrandr-dev libxcursor-dev
  libxinerama-dev libxi-dev libxxf86vm-dev libgl1-mesa-dev libxkbcommon-dev
  fonts-dejavu-core)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "missing system packages for the tests: ${missing[*]}" >&2
  echo "install them with:  sudo sh -c '$cmd'" >&2
  exit 1
fi
echo "installing: ${missing[*]}"
sh -c "$cmd" >/tmp/vnodes-apt.log 2>&1 || { tail -20 /tmp/vnodes-apt.log >&2; exit 1; }
