#!/usr/bin/env bash
# aarch64-sysroot.sh - build (once, cached) a private arm64 Criterion sysroot under build/ and a meson machine file pointing at it.
# Usage: scripts/aarch64-sysroot.sh [DIR]   (default build/aarch64-sysroot); prints the machine file's path on stdout.
#
# Why private: libcriterion-dev:arm64 cannot be co-installed with the native
# Criterion (libnanomsg has different Debian revisions on amd64 and arm64), and
# adding a foreign architecture to the system would also change every later
# `apt-get update` on the machine (on Ubuntu it even breaks it: arm64 lives on
# ports.ubuntu.com). So this script keeps its own apt state (arm64 only) under
# DIR, `apt-get download`s the packages and unpacks them with `dpkg -x`:
# nothing is installed, no root is needed, the system is not touched.
set -euo pipefail
cd "$(dirname "$0")/.."

dir=${1:-build/aarch64-sysroot}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
root=$dir/root
ini=$dir/sysroot.ini
stamp=$dir/stamp
# Bump when the recipe below changes, so existing caches are rebuilt.
recipe=3

if [ -f "$stamp" ] && [ "$(head -n1 "$stamp")" = "recipe $recipe" ] && [ -f "$ini" ]; then
  echo "$ini"
  exit 0
fi

echo "aarch64-sysroot: building the private arm64 Criterion sysroot in $dir" >&2
rm -rf "$dir/apt" "$dir/debs" "$root" "$dir/pkgconfig" "$stamp" "$ini"
mkdir -p "$dir/apt/lists/partial" "$dir/apt/cache/archives/partial" "$dir/apt/sources.list.d" \
  "$dir/apt/preferences.d" "$dir/debs" "$root" "$dir/pkgconfig"
: >"$dir/apt/status" # an empty dpkg status: apt resolves as if nothing were installed

# Package sources for arm64, from the distribution this machine runs.
# CB_ARM64_APT_SOURCES (one-line-style sources.list text) overrides.
# shellcheck source=/dev/null
. /etc/os-release
codename=${VERSION_CODENAME:-}
if [ -n "${CB_ARM64_APT_SOURCES:-}" ]; then
  printf '%s\n' "$CB_ARM64_APT_SOURCES" >"$dir/apt/sources.list"
elif [ "${ID:-}" = debian ] && [ -n "$codename" ]; then
  key=/usr/share/keyrings/debian-archive-keyring.gpg
  opt="arch=arm64${key:+ signed-by=$key}"
  [ -f "$key" ] || opt="arch=arm64"
  # Reuse the machine's own Debian mirror (it may be a local one or a proxy).
  mirror=$(grep -rhoE 'https?://[^ ]+/debian/?( |$)' /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
             /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n1 | tr -d ' ' || true)
  mirror=${mirror:-http://deb.debian.org/debian}
  mirror=${mirror%/}
  cat >"$dir/apt/sources.list" <<EOF
deb [$opt] $mirror $codename main
deb [$opt] $mirror $codename-updates main
deb [$opt] ${mirror}-security $codename-security main
EOF
elif [ "${ID:-}" = ubuntu ] && [ -n "$codename" ]; then
  opt="arch=arm64"
  [ -f /usr/share/keyrings/ubuntu-archive-keyring.gpg ] &&
    opt="$opt signed-by=/usr/share/keyrings/ubuntu-archive-keyring.gpg"
  cat >"$dir/apt/sources.list" <<EOF
deb [$opt] http://ports.ubuntu.com/ubuntu-ports $codename main universe
deb [$opt] http://ports.ubuntu.com/ubuntu-ports $codename-updates main universe
deb [$opt] http://ports.ubuntu.com/ubuntu-ports $codename-security main universe
EOF
else
  echo "aarch64-sysroot: unsupported distribution '${ID:-?}'; set CB_ARM64_APT_SOURCES" >&2
  exit 1
fi

apt_opts=(
  -o APT::Architecture=arm64 -o APT::Architectures::=arm64
  -o Dir::State::Lists="$dir/apt/lists" -o Dir::State::status="$dir/apt/status"
  -o Dir::Cache="$dir/apt/cache" -o Dir::Etc::SourceList="$dir/apt/sources.list"
  -o Dir::Etc::SourceParts="$dir/apt/sources.list.d"
  -o Dir::Etc::Preferences="$dir/apt/preferences" -o Dir::Etc::PreferencesParts="$dir/apt/preferences.d"
  -o Debug::NoLocking=1
)
# As root, apt drops to the _apt user to download, which cannot write into a
# root-owned build tree; that only costs a warning, so download as root here.
[ "$(id -u)" -eq 0 ] && apt_opts+=(-o APT::Sandbox::User=root)

# A mirror without -updates/-security only costs those updates: go on when
# the main suite's index arrived (the resolution below fails loudly otherwise).
apt-get "${apt_opts[@]}" -qq update >/dev/null ||
  echo "aarch64-sysroot: warning: 'apt-get update' for arm64 reported errors (see above)" >&2

# The runtime closure of libcriterion3 (on bookworm: libcriterion3 libffi8
# libgit2-1.5 libnanomsg5 libhttp-parser2.9 libssh2-1 libmbedtls14
# libmbedx509-1 libmbedcrypto7 zlib1g libssl3 libpcre2-8-0 libgssapi-krb5-2
# libkrb5-3 libk5crypto3 libcom-err2 libkrb5support0 libkeyutils1), plus
# libcriterion-dev for the headers, the .so link and criterion.pc. Computed
# rather than listed so other releases (other sonames) work too. The C
# runtime (libc6, libgcc-s1, ...) comes from the cross toolchain in
# /usr/aarch64-linux-gnu instead: two glibcs in one process would not mix.
mapfile -t pkgs < <(
  { apt-cache "${apt_opts[@]}" depends --recurse --no-recommends --no-suggests --no-conflicts \
      --no-breaks --no-replaces --no-enhances libcriterion3:arm64 | grep -v '^[ <]'
    echo libcriterion-dev; } |
    sed 's/:arm64$//' | grep -vxE 'libc6|libgcc-s1|gcc-[0-9]+-base|libstdc\+\+6|libcrypt1|libc6-dev' |
    sort -u)
[ ${#pkgs[@]} -ge 2 ] || { echo "aarch64-sysroot: could not resolve libcriterion3:arm64" >&2; exit 1; }

(cd "$dir/debs" && apt-get "${apt_opts[@]}" -qq download "${pkgs[@]/%/:arm64}" >/dev/null)
for deb in "$dir"/debs/*.deb; do
  dpkg -x "$deb" "$root"
done

# criterion.pc lists its static-only dependencies (boxfort, libffi, libgit2,
# nanomsg) in Requires.private, and pkg-config insists on finding their .pc
# files even for a shared link, which would drag in every -dev package of the
# closure. A shared link needs none of them: use a copy without the private
# fields. The -L/-I it gives stay relative to the sysroot (PKG_CONFIG_SYSROOT_DIR).
pc=$(find "$root" -name criterion.pc -path '*pkgconfig*' | head -n1)
[ -n "$pc" ] || { echo "aarch64-sysroot: criterion.pc not found in the arm64 packages" >&2; exit 1; }
grep -vE '^(Requires|Libs)\.private:' "$pc" >"$dir/pkgconfig/criterion.pc"

# The machine file meson reads after cross/aarch64-linux-gnu.ini: it only
# adds the sysroot's location (an absolute path, so it is generated here).
cat >"$ini" <<EOF
# sysroot.ini - generated by scripts/aarch64-sysroot.sh: the private arm64 Criterion sysroot for cross/aarch64-linux-gnu.ini.
[constants]
sysroot = '$root'

[properties]
sys_root = sysroot
pkg_config_libdir = ['$dir/pkgconfig']

[built-in options]
# libcriterion.so needs libgit2, libnanomsg, ... at link time: let ld find them.
c_link_args = ['-Wl,-rpath-link,' + sysroot + '/usr/lib/aarch64-linux-gnu', '-Wl,-rpath-link,' + sysroot + '/lib/aarch64-linux-gnu']
EOF

# Record what the cache holds; the first line is the cache key.
{ echo "recipe $recipe"; find "$dir/debs" -name '*.deb' -printf '%f\n' | sort; } >"$stamp"
echo "aarch64-sysroot: ${#pkgs[@]} packages unpacked: ${pkgs[*]}" >&2
echo "$ini"
