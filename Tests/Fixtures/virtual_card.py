#!/usr/bin/env python3
"""A contactless card for vsmartcard-vpcd, for the kiosk's reader tests.

Connects to vpcd (the card is the TCP client), answers the ATR and the PC/SC UID pseudo-APDU
`FF CA 00 00 00`, acknowledges the ACR122U LED/buzzer pseudo-APDU `FF 00 40 ...` and appends every
command APDU it receives to --apdu-log (one hex line each). Closing the connection removes the card.
Prints `presented EPOCH` once connected and `removed EPOCH` when it leaves.
"""
import argparse
import select
import socket
import struct
import sys
import time

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


def answer(command, uid):
    if command[:5] == bytes.fromhex("FFCA000000"):
        return uid + b"\x90\x00"
    if command[:3] == bytes.fromhex("FF0040"):
        return b"\x90\x00"
    return b"\x6a\x81"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--uid", required=True, help="hex")
    parser.add_argument("--hold", type=float, default=0.5, help="seconds the card stays on the reader")
    parser.add_argument("--apdu-log", help="file that receives every command APDU as a hex line")
    arguments = parser.parse_args()
    uid = bytes.fromhex(arguments.uid)
    sock = connect(arguments.port, patience=10)
    sock.settimeout(None)
    print(f"presented {time.time():.6f}", flush=True)
    log = open(arguments.apdu_log, "a") if arguments.apdu_log else None
    deadline = time.monotonic() + arguments.hold
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            break
        readable, _, _ = select.select([sock], [], [], remaining)
        if not readable:
            break
        header = receive_exactly(sock, 2)
        if header is None:
            break
        payload = receive_exactly(sock, struct.unpack(">H", header)[0])
        if payload is None:
            break
        if len(payload) == 1:
            if payload[0] == 4:
                sock.sendall(struct.pack(">H", len(ATR)) + ATR)
            continue
        if log:
            log.write(payload.hex().upper() + "\n")
            log.flush()
        response = answer(payload, uid)
        sock.sendall(struct.pack(">H", len(response)) + response)
    sock.close()
    print(f"removed {time.time():.6f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
