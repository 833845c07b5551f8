#!/usr/bin/env bash
# `make play` after the build: the ROM in mGBA's window where there is a display, otherwise a
# headless run of tests/play.script that writes screenshots.
#   tools/play.sh ROM
# Debian's mgba-sdl installs /usr/games/mgba, which is not on root's PATH: mGBA is looked for
# on PATH, then in GAMES_DIR (default /usr/games).
set -euo pipefail
rom="$1"
games_dir="${GAMES_DIR:-/usr/games}"

mgba=""
if command -v mgba >/dev/null; then
    mgba="$(command -v mgba)"
elif [[ -x "$games_dir/mgba" ]]; then
    mgba="$games_dir/mgba"
fi

if [[ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" && -n "$mgba" ]]; then
    echo "play: $rom in mGBA ($mgba)"
    exec "$mgba" -3 "$rom"
elif [[ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]]; then
    echo "play: a display but no mGBA (tools/setup.sh --play installs mgba-sdl): running headless, screenshots go to target/screens/ (a Game Boy Color's to target/screens/color/)"
else
    echo "play: no display: running headless, screenshots go to target/screens/ (a Game Boy Color's to target/screens/color/)"
fi
"${CARGO:-cargo}" run --quiet --release -p gbemu --bin gbemu-play -- "$rom" target/screens
exec "${CARGO:-cargo}" run --quiet --release -p gbemu --bin gbemu-play -- --color "$rom" target/screens/color
