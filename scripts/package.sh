#!/usr/bin/env bash
# Builds dist/kiosk_<version>_<arch>.deb and dist/kiosk-hub_<version>_<arch>.deb from programs already built (it
# builds nothing): one directory tree per package, its DEBIAN/ files from packaging/, the programs stripped, packed by
# `dpkg-deb --root-owner-group --build`. The version is what `kiosk --version` prints; the dependencies are what
# dpkg-shlibdeps finds the stripped programs linked against.
#
#   scripts/package.sh [--from BUILD_DIR] [--allow-toolchain-runtime]
#
# BUILD_DIR defaults to .build/release (scripts/build-release.sh). A program that loads the Swift runtime from the
# toolchain (a plain `swift build`) is refused: its package would run only where that toolchain is installed.
# --allow-toolchain-runtime packages it anyway, for a check on such a machine (scripts/package-check.sh in CI).
# The Maintainer field is "$DEBFULLNAME <$DEBEMAIL>" when both are set.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
    echo "package.sh: $*" >&2
    exit 1
}

from=.build/release
allow_toolchain_runtime=no
while [ $# -gt 0 ]; do
    case $1 in
        --from)
            [ $# -ge 2 ] || fail "--from needs a directory"
            from=${2%/}
            shift 2
            ;;
        --allow-toolchain-runtime)
            allow_toolchain_runtime=yes
            shift
            ;;
        *) fail "unknown argument '$1' (usage: scripts/package.sh [--from BUILD_DIR] [--allow-toolchain-runtime])" ;;
    esac
done

for tool in dpkg-deb dpkg-shlibdeps strip readelf; do
    command -v "$tool" >/dev/null || fail "$tool is missing: sudo apt-get install dpkg-dev binutils"
done
for program in kiosk kiosk-hub; do
    [ -x "$from/$program" ] || fail "$from/$program is missing: run scripts/build-release.sh first (or name the build with --from)"
done

version=$("$from/kiosk" --version) || fail "$from/kiosk --version failed: rebuild it with scripts/build-release.sh"
# A native package's version: no '-' (that would start a Debian revision).
[[ $version =~ ^[0-9][0-9A-Za-z.+~]*$ ]] || fail "$from/kiosk --version printed '$version', not a version like 0.3.0"
hub_version=$("$from/kiosk-hub" --version) || fail "$from/kiosk-hub --version failed: rebuild it with scripts/build-release.sh"
[ "$hub_version" = "$version" ] || fail "kiosk is $version but kiosk-hub is $hub_version: build both from the same tree"
arch=$(dpkg --print-architecture)
maintainer="kiosk maintainers <kiosk-maintainers@example.org>"
[ -z "${DEBFULLNAME:-}" ] || [ -z "${DEBEMAIL:-}" ] || maintainer="$DEBFULLNAME <$DEBEMAIL>"
# The changelog's date and the files' newest mtime (dpkg-deb clamps to it): SOURCE_DATE_EPOCH when set, else the last
# commit's time, else now.
SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
export SOURCE_DATE_EPOCH

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p dist

# put SOURCE DEST MODE: copies a file into the package tree being built.
put() {
    install -D -m "$3" "$1" "$root/$2"
}

# literal TEXT: TEXT made safe as the replacement of a sed s#...#...# command.
literal() {
    local text=${1//\\/\\\\}
    text=${text//&/\\&}
    printf '%s' "${text//#/\\#}"
}

# build_package NAME: packs the tree of NAME (its program, unit and files laid out by the caller) into dist/.
build_package() {
    local name=$1 program=$root/usr/bin/$1 needed depends
    # The Swift runtime of a toolchain is no Debian package: a program that needs it is refused unless asked.
    needed=$(readelf -d "$program" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
    if grep -qE '^lib(swift|_?Foundation|dispatch\.|BlocksRuntime)' <<<"$needed"; then
        [ "$allow_toolchain_runtime" = yes ] ||
            fail "$from/$name loads the Swift runtime from the toolchain ($(grep -m1 -E '^libswift' <<<"$needed")): build it with scripts/build-release.sh, or pass --allow-toolchain-runtime for a package that runs only where that toolchain is installed"
    fi
    put "packaging/$name/lintian-overrides" "usr/share/lintian/overrides/$name" 644
    # A toolchain-runtime package's RUNPATH names the toolchain, which lintian rightly calls an error in a real one.
    [ "$allow_toolchain_runtime" = no ] ||
        printf '%s: custom-library-search-path\n' "$name" >>"$root/usr/share/lintian/overrides/$name"
    # dpkg-shlibdeps wants a debian/control to exist; it reads nothing from it here.
    mkdir -p "$scratch/shlibdeps/debian"
    : >"$scratch/shlibdeps/debian/control"
    local ignore=()
    [ "$allow_toolchain_runtime" = no ] || ignore=(--ignore-missing-info)
    depends=$(cd "$scratch/shlibdeps" && dpkg-shlibdeps -O "${ignore[@]}" "$program" 2>"$scratch/shlibdeps.log") ||
        fail "dpkg-shlibdeps could not find the packages of $name's libraries: $(grep -m1 error "$scratch/shlibdeps.log")"
    depends=${depends#shlibs:Depends=}

    put packaging/copyright "usr/share/doc/$name/copyright" 644
    # A native package's changelog, one entry for this version.
    printf '%s (%s) stable; urgency=medium\n\n  * Release %s.\n\n -- %s  %s\n' "$name" "$version" "$version" \
        "$maintainer" "$(date -u -R -d "@$SOURCE_DATE_EPOCH")" | gzip -9n >"$root/usr/share/doc/$name/changelog.gz"
    chmod 644 "$root/usr/share/doc/$name/changelog.gz"

    mkdir -p "$root/DEBIAN"
    for script in postinst prerm postrm; do put "packaging/$name/$script" "DEBIAN/$script" 755; done
    put "packaging/$name/conffiles" DEBIAN/conffiles 644
    (cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) >"$root/DEBIAN/md5sums"
    sed -e "s#@VERSION@#$version#" -e "s#@ARCH@#$arch#" -e "s#@MAINTAINER@#$(literal "$maintainer")#" \
        -e "s#@DEPENDS@#$(literal "$depends")#" -e "s#@INSTALLED_SIZE@#$(du -sk --exclude=DEBIAN "$root" | cut -f1)#" \
        "packaging/$name/control" >"$root/DEBIAN/control"
    chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

    local deb="dist/${name}_${version}_${arch}.deb"
    dpkg-deb --root-owner-group --build "$root" "$deb" >/dev/null
    echo "$deb ($(du -h "$deb" | cut -f1)): Depends: $depends"
}

# Every file root-owned (--root-owner-group), directories 755, files 644 unless said otherwise.
umask 022

root=$scratch/kiosk
mkdir -p "$root/usr/bin"
strip --strip-unneeded --remove-section=.comment -o "$root/usr/bin/kiosk" "$from/kiosk"
chmod 755 "$root/usr/bin/kiosk"
put systemd/kiosk.service lib/systemd/system/kiosk.service 644
put udev/99-kiosk-readers.rules lib/udev/rules.d/99-kiosk-readers.rules 644
# A package's modprobe configuration goes to /lib/modprobe.d; a file of the same name in /etc/modprobe.d overrides it.
put udev/blacklist-pn533.conf lib/modprobe.d/kiosk-blacklist-pn533.conf 644
# The sample with its kiosk id left to the default (the host name), so that a gate started before its
# configuration is edited records under an id of its own, never another gate's "gate-1".
mkdir -p "$root/etc/kiosk"
sed 's/^id = "gate-1"/# id = "gate-1"/' kiosk.conf >"$root/etc/kiosk/kiosk.conf"
grep -q '^# id = "gate-1"' "$root/etc/kiosk/kiosk.conf" || fail "kiosk.conf no longer sets id = \"gate-1\": mend the sample's id line here"
chmod 644 "$root/etc/kiosk/kiosk.conf"
build_package kiosk

root=$scratch/kiosk-hub
mkdir -p "$root/usr/bin"
strip --strip-unneeded --remove-section=.comment -o "$root/usr/bin/kiosk-hub" "$from/kiosk-hub"
chmod 755 "$root/usr/bin/kiosk-hub"
put systemd/kiosk-hub.service lib/systemd/system/kiosk-hub.service 644
put packaging/kiosk-hub/hub.conf etc/kiosk-hub/hub.conf 644
build_package kiosk-hub
