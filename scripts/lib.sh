# lib.sh - shell helpers the test stages source: configure once, build quietly, show compiler output only on failure.

# setup DIR COMMAND...: run the meson setup COMMAND unless DIR is already
# configured; a half-made DIR from a failed setup is wiped first.
setup() {
  local d=$1; shift
  [ -f "$d/build.ninja" ] && return 0
  rm -rf "$d"
  local out
  out=$("$@" 2>&1) || { echo "$out" >&2; echo "$(basename "$0"): meson setup $d failed" >&2; exit 1; }
}

# build DIR [TARGET...]: ninja on two cores (the machines have two).
build() {
  local out
  out=$(ninja -j2 -C "$@" 2>&1) || { echo "$out" >&2; echo "$(basename "$0"): build failed" >&2; exit 1; }
}
