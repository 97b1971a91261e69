#!/usr/bin/env bash
# Copies FlyingFox's library sources from a checkout of a release into Vendor/FlyingFox and applies
# Vendor/FlyingFox/patches/*.patch in order; Vendor/FlyingFox/README.md says which release it is
# and why the patches exist. Fails if the result still uses URLSession, which would link
# FoundationNetworking and libcurl into `barframes`.
# Usage: scripts/vendor-flyingfox.sh PATH-TO-FLYINGFOX-CHECKOUT
#   e.g. git clone --branch 0.27.1 https://github.com/swhitty/FlyingFox /tmp/FlyingFox
#        scripts/vendor-flyingfox.sh /tmp/FlyingFox
set -euo pipefail
source=$(cd "$1" && pwd)
cd "$(dirname "$0")/.."
destination=Vendor/FlyingFox
version=$(git -C "$source" describe --tags --exact-match 2>/dev/null || echo "unreleased")
commit=$(git -C "$source" rev-parse HEAD)

rm -rf "$destination/FlyingFox" "$destination/FlyingSocks" "$destination/CSystemLinux"
mkdir -p "$destination/FlyingFox" "$destination/FlyingSocks"
cp -R "$source/FlyingFox/Sources" "$destination/FlyingFox/Sources"
cp -R "$source/FlyingSocks/Sources" "$destination/FlyingSocks/Sources"
cp -R "$source/CSystemLinux" "$destination/CSystemLinux"
cp "$source/LICENSE" "$destination/LICENSE"
for patch in "$destination"/patches/*.patch; do
  git apply --directory="$destination" "$patch" || { echo "error: $patch does not apply to $version" >&2; exit 1; }
done
if grep -rn "URLSession\|FoundationNetworking" "$destination"/FlyingFox "$destination"/FlyingSocks; then
  echo "error: the vendored sources still use URLSession; leave those parts out too" >&2
  exit 1
fi
sed -i "s|^\[FlyingFox\](https://github.com/swhitty/FlyingFox) .* (commit [0-9a-f]*, MIT|[FlyingFox](https://github.com/swhitty/FlyingFox) $version (commit $commit, MIT|" \
  "$destination/README.md"
echo "Vendored FlyingFox $version ($commit) into $destination"
