#!/usr/bin/env python3
"""A contactless card for vsmartcard-vpcd, for the kiosk's reader tests.

Connects to vpcd (the card is the TCP client), answers the ATR and the PC/SC UID pseudo-APDU
`FF CA 00 00 00`, acknowledges the ACR122U LED/buzzer pseudo-APDU `FF 00 40 ...` and appends every
command APDU it receives to --apdu-log (one hex line each). Closing the connection removes the card.
Prints `presented EPOCH` once connected and `removed EPOCH` when it leaves.

With `--sun-keys META:FILE` (and `--counter-file`) it is an NTAG 424 DNA showing a SUN at every read (ntag424.py);
with `--recorded-uri URI` a Type 4 tag replaying one URI; `--remove-after N` takes it away after N command APDUs; `--until-feedback` keeps
it on the reader past `--hold` until the kiosk's LED and buzzer command came (a slow commit then still beeps on it).
"""
import argparse
import select
import socket
import struct
import sys
import time

import ntag424

# PC/SC part 3 ATR of a contactless MIFARE Classic 1K.
ATR = bytes.fromhex("3B8F8001804F0CA000000306030001000000006A")


def connect(port, patience):
    deadline = time.monotonic() + patience
    while True:
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=1)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            return sock
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def receive_exactly(sock, count):
    data = b""
    while len(data) < count:
        chunk = sock.recv(count - len(data))
        if not chunk:
            return None
        data += chunk
    # Without re-arming quick ACKs every vpcd message waits ~44 ms for a delayed ACK.
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_QUICKACK, 1)
    return data


class UIDOnlyCard:
    """A card known by its UID alone (or a UID-only clone of a secured tag): every other command is refused."""

    def __init__(self, uid):
        self.uid = uid

    def answer(self, command):
        if command[:5] == bytes.fromhex("FFCA000000"):
            return self.uid + b"\x90\x00"
        if command[:3] == bytes.fromhex("FF0040"):
            return b"\x90\x00"
        return b"\x6a\x82" if command[:2] == b"\x00\xa4" else b"\x6a\x81"


def make_card(arguments):
    uid = bytes.fromhex(arguments.uid)
    if arguments.sun_keys:
        meta, file = (bytes.fromhex(key) for key in arguments.sun_keys.split(":"))
        return ntag424.Ntag424(uid, meta, file, arguments.counter_file), ntag424.ATR
    if arguments.recorded_uri:
        return ntag424.RecordedType4Tag(uid, arguments.recorded_uri), ntag424.ATR
    return UIDOnlyCard(uid), ATR


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--uid", required=True, help="hex")
    parser.add_argument("--hold", type=float, default=0.5, help="seconds the card stays on the reader")
    parser.add_argument("--apdu-log", help="file that receives every command APDU as a hex line")
    parser.add_argument("--sun-keys", help="META:FILE, hex: an NTAG 424 DNA showing SUN")
    parser.add_argument("--counter-file", help="where the NTAG 424's read counter is kept between presentations")
    parser.add_argument("--recorded-uri", help="a Type 4 tag showing this URI at every read")
    parser.add_argument("--remove-after", type=int, help="leave the reader after this many command APDUs")
    parser.add_argument(
        "--until-feedback",
        action="store_true",
        help="after --hold, stay (up to 20 s more) until the reader's LED and buzzer command arrived, as a person waits for the beep",
    )
    arguments = parser.parse_args()
    card, atr = make_card(arguments)
    commands = 0
    sock = connect(arguments.port, patience=10)
    sock.settimeout(None)
    print(f"presented {time.time():.6f}", flush=True)
    log = open(arguments.apdu_log, "a") if arguments.apdu_log else None
    deadline = time.monotonic() + arguments.hold
    patience = deadline + 20
    feedback = False
    while True:
        now = time.monotonic()
        remaining = deadline - now
        if remaining <= 0 and arguments.until_feedback and not feedback:
            remaining = patience - now
        if remaining <= 0:
            break
        readable, _, _ = select.select([sock], [], [], remaining)
        if not readable:
            continue
        header = receive_exactly(sock, 2)
        if header is None:
            break
        payload = receive_exactly(sock, struct.unpack(">H", header)[0])
        if payload is None:
            break
        if len(payload) == 1:
            if payload[0] == 4:
                sock.sendall(struct.pack(">H", len(atr)) + atr)
            continue
        commands += 1
        feedback = feedback or payload[:3] == bytes.fromhex("FF0040")
        if arguments.remove_after is not None and commands > arguments.remove_after:
            break
        if log:
            log.write(payload.hex().upper() + "\n")
            log.flush()
        response = card.answer(payload)
        sock.sendall(struct.pack(">H", len(response)) + response)
    sock.close()
    print(f"removed {time.time():.6f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
