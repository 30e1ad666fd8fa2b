#!/usr/bin/env bash
# Checks the Debian packages in DIST_DIR (scripts/package.sh) on this machine, as root: installs both with apt-get,
# runs the programs, checks the users, the data directories, the units and lintian, then removes the packages
# (configuration and data stay) and purges them (the data still stays). Every check that fails stops the script with
# one line naming it. At the end, whichever way it ends, the machine is as it was: the packages purged, and the data
# directories, users and groups they made deleted, with any package apt-get pulled in for them. Refuses to run where
# the packages, their users, their data or their configuration already are: it would delete them.
#
#   scripts/package-check.sh DIST_DIR
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
    echo "package-check: FAILED: $*" >&2
    exit 1
}
ok() {
    echo "package-check: ok: $*"
}

[ $# -eq 1 ] || fail "usage: scripts/package-check.sh DIST_DIR"
[ "$(id -u)" -eq 0 ] || fail "run it as root: it installs and purges packages"
shopt -s nullglob
kiosk_debs=("$1"/kiosk_*.deb)
hub_debs=("$1"/kiosk-hub_*.deb)
shopt -u nullglob
[ ${#kiosk_debs[@]} -eq 1 ] || fail "$1 must hold exactly one kiosk_*.deb (it holds ${#kiosk_debs[@]}): run scripts/package.sh"
[ ${#hub_debs[@]} -eq 1 ] || fail "$1 must hold exactly one kiosk-hub_*.deb (it holds ${#hub_debs[@]}): run scripts/package.sh"
kiosk_deb=$(realpath "${kiosk_debs[0]}")
hub_deb=$(realpath "${hub_debs[0]}")
version=$(dpkg-deb -f "$kiosk_deb" Version)

# shellcheck source=scripts/debian-packages.sh
source scripts/debian-packages.sh
require_packages lintian systemd

# Nothing of the packages may be here already: the check ends by deleting all of it.
for package in kiosk kiosk-hub; do
    state=$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null || true)
    [ -z "$state" ] || [ "$state" = not-installed ] ||
        fail "the package $package is on this machine already ($state); run the check on a machine without it"
    ! getent passwd "$package" >/dev/null || fail "the user $package exists already; run the check on a machine without it"
done
# An empty data directory may be here (a `kiosk doctor` run as root with the default data_dir makes one): it is
# put back as it was at the end. One with anything in it is refused.
declare -A empty_dirs=()
for directory in /var/lib/kiosk /var/lib/kiosk-hub; do
    [ -e "$directory" ] || continue
    if [ ! -d "$directory" ] || [ -n "$(ls -A "$directory")" ]; then
        fail "$directory exists and is not empty; run the check on a machine without it"
    fi
    empty_dirs[$directory]=$(stat -c '%a %u %g' "$directory")
done
for file in /etc/kiosk/kiosk.conf /etc/kiosk-hub/hub.conf; do
    [ ! -e "$file" ] || fail "$file exists already; run the check on a machine without it"
done
# Groups may exist (README's reader steps make group kiosk); only those the packages make are deleted.
made_groups=()
for group in kiosk kiosk-hub; do getent group "$group" >/dev/null || made_groups+=("$group"); done
packages_before=$(dpkg-query -W -f='${Package}\n' | sort)

scratch=$(mktemp -d)
cleanup() {
    local status=$?
    DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq kiosk kiosk-hub >/dev/null 2>&1 || true
    # What apt-get installed for the packages (their libraries, pcscd), and nothing else.
    local pulled
    pulled=$(comm -13 <(printf '%s\n' "$packages_before") <(dpkg-query -W -f='${Package}\n' | sort))
    # shellcheck disable=SC2086 # one package name a word
    [ -z "$pulled" ] || DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq $pulled >/dev/null 2>&1 || true
    rm -rf /var/lib/kiosk /var/lib/kiosk-hub "$scratch"
    local directory mode owner group
    for directory in "${!empty_dirs[@]}"; do
        read -r mode owner group <<<"${empty_dirs[$directory]}"
        install -d -m "$mode" -o "$owner" -g "$group" "$directory"
    done
    for user in kiosk kiosk-hub; do
        ! getent passwd "$user" >/dev/null || deluser --system --quiet "$user" >/dev/null 2>&1 || userdel "$user" || true
    done
    for group in "${made_groups[@]}"; do
        ! getent group "$group" >/dev/null || delgroup --system --quiet "$group" >/dev/null 2>&1 || groupdel "$group" || true
    done
    exit $status
}
trap cleanup EXIT

# apt_get ARGS: apt-get, quietly; its output goes to the terminal only when it fails.
apt_get() {
    DEBIAN_FRONTEND=noninteractive apt-get -y -q "$@" >"$scratch/apt.log" 2>&1 || {
        tail -n 20 "$scratch/apt.log" >&2
        return 1
    }
}

apt_get install "$kiosk_deb" "$hub_deb" || fail "apt-get install of $kiosk_deb and $hub_deb"
ok "apt-get install of both packages ($version)"

[ "$(/usr/bin/kiosk --version)" = "$version" ] || fail "/usr/bin/kiosk --version does not print $version"
[ "$(/usr/bin/kiosk-hub --version)" = "$version" ] || fail "/usr/bin/kiosk-hub --version does not print $version"
/usr/bin/kiosk-hub --help >/dev/null || fail "/usr/bin/kiosk-hub --help"
ok "the programs run and print version $version"

# doctor as the service's user: exit 1 is a problem it found (no reader, pcscd, clock), anything else a failure.
status=0
timeout 120 runuser -u kiosk -- /usr/bin/kiosk doctor --config /etc/kiosk/kiosk.conf >"$scratch/doctor.log" 2>&1 ||
    status=$?
[ $status -le 1 ] || { cat "$scratch/doctor.log" >&2; fail "kiosk doctor --config /etc/kiosk/kiosk.conf exited $status"; }
grep -q '^ok  *configuration: /etc/kiosk/kiosk.conf' "$scratch/doctor.log" || fail "kiosk doctor rejects /etc/kiosk/kiosk.conf"
grep -q '^ok  *data directory: /var/lib/kiosk is writable' "$scratch/doctor.log" ||
    fail "kiosk doctor: /var/lib/kiosk is not writable by the user kiosk"
ok "kiosk doctor runs as kiosk (exit $status) and takes /etc/kiosk/kiosk.conf"
# The hub's sample configuration loads (a scratch data directory keeps /var/lib/kiosk-hub empty).
/usr/bin/kiosk-hub property list --config /etc/kiosk-hub/hub.conf --data-dir "$scratch/hub" >/dev/null ||
    fail "kiosk-hub does not load /etc/kiosk-hub/hub.conf"
ok "kiosk-hub loads /etc/kiosk-hub/hub.conf"

# The files the packages install beside the programs, and the configuration kept as conffiles.
installed=(/lib/systemd/system/kiosk.service /lib/systemd/system/kiosk-hub.service /lib/udev/rules.d/99-kiosk-readers.rules
    /lib/modprobe.d/kiosk-blacklist-pn533.conf)
for path in "${installed[@]}"; do
    [ -f "$path" ] || fail "the packages did not install $path"
done
grep -q 'ATTRS{idVendor}' /lib/udev/rules.d/99-kiosk-readers.rules || fail "/lib/udev/rules.d/99-kiosk-readers.rules names no reader"
grep -q '^blacklist pn533' /lib/modprobe.d/kiosk-blacklist-pn533.conf || fail "/lib/modprobe.d/kiosk-blacklist-pn533.conf does not blacklist pn533"
[ "$(dpkg-query -W -f='${Conffiles}' kiosk | awk '{print $1}' | xargs)" = /etc/kiosk/kiosk.conf ] ||
    fail "kiosk's conffiles are not /etc/kiosk/kiosk.conf alone"
[ "$(dpkg-query -W -f='${Conffiles}' kiosk-hub | awk '{print $1}' | xargs)" = /etc/kiosk-hub/hub.conf ] ||
    fail "kiosk-hub's conffiles are not /etc/kiosk-hub/hub.conf alone"
ok "the units, the readers' udev rules and the pn533 blacklist installed; the configurations are conffiles"

for user in kiosk kiosk-hub; do
    getent passwd "$user" >/dev/null || fail "there is no user $user"
    [ "$(stat -c '%a %U %G' "/var/lib/$user")" = "700 $user $user" ] ||
        fail "/var/lib/$user is $(stat -c '%a %U:%G' "/var/lib/$user"), not 700 $user:$user"
done
ok "users kiosk and kiosk-hub; /var/lib/kiosk and /var/lib/kiosk-hub 700, each its user's"

# verify exits 0 even for unknown keys and unparsable values (it only warns), so any output is a failure.
if ! output=$(systemd-analyze verify kiosk.service kiosk-hub.service 2>&1) || [ -n "$output" ]; then
    printf '%s\n' "$output" >&2
    fail "systemd-analyze verify of the installed units"
fi
ok "systemd-analyze verify of the installed units"

for deb in "$kiosk_deb" "$hub_deb"; do
    lintian --fail-on error "$deb" >"$scratch/lintian.log" 2>&1 || { cat "$scratch/lintian.log" >&2; fail "lintian finds errors in $deb"; }
    ok "lintian $(basename "$deb"): no errors (warnings: $(grep -c '^W:' "$scratch/lintian.log" || true))"
    grep -E '^[EW]: ' "$scratch/lintian.log" | sed 's/^/    /' || true
done

apt_get remove kiosk kiosk-hub || fail "apt-get remove kiosk kiosk-hub"
for path in /usr/bin/kiosk /usr/bin/kiosk-hub "${installed[@]}"; do
    [ ! -e "$path" ] || fail "apt-get remove left $path"
done
for path in /etc/kiosk/kiosk.conf /etc/kiosk-hub/hub.conf /var/lib/kiosk /var/lib/kiosk-hub; do
    [ -e "$path" ] || fail "apt-get remove deleted $path"
done
ok "apt-get remove keeps the configuration and the data directories"

apt_get purge kiosk kiosk-hub || fail "apt-get purge kiosk kiosk-hub"
for path in /etc/kiosk/kiosk.conf /etc/kiosk-hub/hub.conf; do
    [ ! -e "$path" ] || fail "apt-get purge left $path"
done
for path in /var/lib/kiosk /var/lib/kiosk-hub; do
    [ -d "$path" ] || fail "apt-get purge deleted $path"
done
grep -q "stay in /var/lib/kiosk;" "$scratch/apt.log" || fail "apt-get purge did not say where the kiosk's data stays"
ok "apt-get purge removes the configuration and keeps the data directories"
