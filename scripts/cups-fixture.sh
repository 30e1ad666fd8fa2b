#!/usr/bin/env bash
# Starts or stops CUPS for the printing tests, by hand (no systemd): Debian's cupsd with its own configuration and a
# cups-pdf printer `PDF` (printer-driver-cups-pdf) as the default destination, so a print job becomes a PDF file, and a
# cups-pdf printer `Jammed` that takes jobs but is disabled with the reason "paper jam" (what a warden's printer does).
#   scripts/cups-fixture.sh start   starts cupsd (unless one runs already), adds the printer, waits until the
#                                   scheduler runs and the printer accepts jobs; prints the directory where cups-pdf
#                                   writes this user's PDFs (its `Out` setting in /etc/cups/cups-pdf.conf)
#   scripts/cups-fixture.sh stop    stops the cupsd that `start` started and removes the printers it added
set -euo pipefail
action=$1
state=${TMPDIR:-/tmp}/kiosk-cups-fixture
printer=PDF
cd /
# A cupsd started here must not keep any descriptor of the caller's open (a caller waiting for one to close would wait
# as long as cupsd runs). 255 is the one bash reads this from.
for fd in /proc/$$/fd/*; do
    fd=${fd##*/}
    case $fd in 0 | 1 | 2 | 255) ;; *) eval "exec $fd>&-" 2>/dev/null || true ;; esac
done

# wait_for DESCRIPTION COMMAND...: polls COMMAND every 0.1 s for up to 30 s.
wait_for() {
    local what=$1
    shift
    for _ in $(seq 300); do
        "$@" >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    echo "cups-fixture: $what did not happen within 30 s; see /var/log/cups/error_log" >&2
    exit 1
}

scheduler_runs() { LC_ALL=C lpstat -r | grep -q '^scheduler is running'; }
printer_accepts() { LC_ALL=C lpstat -a "$printer" | grep -q "^$printer accepting"; }

case $action in
start)
    mkdir -p "$state"
    if ! scheduler_runs; then
        setsid /usr/sbin/cupsd -f >>"$state/cupsd.log" 2>&1 </dev/null &
        echo $! >"$state/cupsd.pid"
        wait_for "cupsd start" scheduler_runs
    fi
    for queue in "$printer" Jammed; do
        if ! lpstat -p "$queue" >/dev/null 2>&1; then
            # lpadmin warns that printer drivers are deprecated: true, and harmless here.
            lpadmin -p "$queue" -v cups-pdf:/ -E -P /usr/share/ppd/cups-pdf/CUPS-PDF_opt.ppd -o media=A4 2>/dev/null
            echo "$queue" >>"$state/added-printers"
        fi
        # cups-pdf takes PostScript only. Ghostscript's PostScript (the default) turns the PDF's fonts into Type 3 glyph
        # procedures without text; cairo's keeps them TrueType fonts with their names and, for Latin, their text.
        lpadmin -p "$queue" -o pdftops-renderer-default=pdftocairo
        cupsaccept "$queue"
    done
    cupsenable "$printer"
    cupsdisable -r "paper jam" Jammed
    lpadmin -d "$printer"
    wait_for "printer $printer accepting jobs" printer_accepts
    out=$(sed -n 's/^Out[[:space:]]\+//p' /etc/cups/cups-pdf.conf | tail -n 1)
    home=$(getent passwd "$(id -un)" | cut -d: -f6)
    echo "${out:-\${HOME\}/PDF}" | sed "s|\${HOME}|$home|; s|\${USER}|$(id -un)|"
    ;;
stop)
    if [ -f "$state/added-printers" ]; then
        while read -r queue; do lpadmin -x "$queue" || true; done <"$state/added-printers"
        rm -f "$state/added-printers"
    fi
    if [ -f "$state/cupsd.pid" ]; then
        pid=$(cat "$state/cupsd.pid")
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 100); do
            [ -d "/proc/$pid" ] || break
            sleep 0.1
        done
        rm -f "$state/cupsd.pid"
    fi
    ;;
esac
