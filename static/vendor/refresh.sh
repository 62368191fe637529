#!/bin/sh
# refresh.sh re-downloads the vendored front-end libraries at their pinned
# versions and copies the files the page uses into static/vendor/.
#
#   d3-hierarchy 3.1.3  (ISC)    -> d3-hierarchy/d3-hierarchy.js   (its dist ES module build)
#   chess.js     1.4.0  (BSD-2)  -> chess.js/chess.js              (its dist/esm build)
#   cm-chessboard 8.15.1 (MIT)   -> cm-chessboard/src/** and the assets the page uses
#                                   (chessboard.css, pieces sprites, Arrows and Markers css/svg)
#   uqr          0.1.3  (MIT)    -> uqr/uqr.js                     (its dist ES module; the room's QR code)
#
# Each library keeps its LICENSE and a VERSION note (name, version, licence, tarball sha512).
# Usage: sh static/vendor/refresh.sh   (needs npm and network access; nothing else changes)
# To upgrade, change a version below, run this, and check the page in a browser.
set -eu

D3_HIERARCHY=3.1.3
CHESS_JS=1.4.0
CM_CHESSBOARD=8.15.1
UQR=0.1.3

here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# fetch NAME VERSION: npm pack into $tmp/NAME and unpack there (files land in $tmp/NAME/package).
fetch() {
	mkdir -p "$tmp/$1"
	(cd "$tmp/$1" && npm pack --silent "$1@$2" >/dev/null && tar xzf ./*.tgz)
}

# note NAME VERSION LICENCE DIR: write DIR/VERSION.
note() {
	sum=$(cd "$tmp/$1" && sha512sum ./*.tgz | cut -d' ' -f1)
	printf '%s %s\nlicence: %s\nsource: npm pack %s@%s (tarball sha512 %s)\nrefreshed by static/vendor/refresh.sh\n' \
		"$1" "$2" "$3" "$1" "$2" "$sum" >"$4/VERSION"
}

fetch d3-hierarchy "$D3_HIERARCHY"
out="$here/d3-hierarchy"
rm -rf "$out" && mkdir -p "$out"
cp "$tmp/d3-hierarchy/package/dist/d3-hierarchy.mjs" "$out/d3-hierarchy.js"
cp "$tmp/d3-hierarchy/package/LICENSE" "$out/LICENSE"
note d3-hierarchy "$D3_HIERARCHY" ISC "$out"

fetch chess.js "$CHESS_JS"
out="$here/chess.js"
rm -rf "$out" && mkdir -p "$out"
cp "$tmp/chess.js/package/dist/esm/chess.js" "$tmp/chess.js/package/dist/esm/chess.js.map" "$out/"
cp "$tmp/chess.js/package/LICENSE" "$out/LICENSE"
note chess.js "$CHESS_JS" BSD-2-Clause "$out"

fetch cm-chessboard "$CM_CHESSBOARD"
out="$here/cm-chessboard"
rm -rf "$out" && mkdir -p "$out/assets/pieces" "$out/assets/extensions/arrows" "$out/assets/extensions/markers"
p="$tmp/cm-chessboard/package"
(cd "$p" && find src -name '*.js' | while read -r f; do mkdir -p "$out/$(dirname "$f")"; cp "$f" "$out/$f"; done)
cp "$p/assets/chessboard.css" "$out/assets/"
cp "$p/assets/pieces/"*.svg "$out/assets/pieces/"
cp "$p/assets/extensions/arrows/arrows.css" "$p/assets/extensions/arrows/arrows.svg" "$out/assets/extensions/arrows/"
cp "$p/assets/extensions/markers/markers.css" "$p/assets/extensions/markers/markers.svg" "$out/assets/extensions/markers/"
cp "$p/LICENSE" "$out/LICENSE"
note cm-chessboard "$CM_CHESSBOARD" MIT "$out"

fetch uqr "$UQR"
out="$here/uqr"
rm -rf "$out" && mkdir -p "$out"
cp "$tmp/uqr/package/dist/index.mjs" "$out/uqr.js"
cp "$tmp/uqr/package/LICENSE" "$out/LICENSE"
note uqr "$UQR" MIT "$out"

echo "vendored uqr $UQR, d3-hierarchy $D3_HIERARCHY, chess.js $CHESS_JS, cm-chessboard $CM_CHESSBOARD into $here"
