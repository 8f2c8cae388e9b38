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

# criterion_summary LOG: from a meson test log, each Criterion binary's
# synthesis line and every test or backend skipped, by name, once.
criterion_summary() {
  local log=$1
  [ -f "$log" ] || return 0
  awk '/^test: /{sub(/^test: +/,""); name=$0}
       /Synthesis:/{sub(/^.*Synthesis:/,"Synthesis:"); printf "  %-36s %s\n", name, $0}' \
    "$log" | sed 's/\x1b\[[0-9;]*m//g'
  local tested
  tested=$(grep -hoE 'backend [a-z0-9]+ \(against scalar\)' "$log" | awk '{print $2}' | sort -u | xargs)
  echo "  backends compared with scalar bit for bit: ${tested:-none}"
  grep -hoE '\[SKIP\].*|SKIP backend [a-z0-9]+: .*' "$log" | sed 's/\x1b\[[0-9;]*m//g' |
    sed 's/^/  skipped: /' | sort -u
}
