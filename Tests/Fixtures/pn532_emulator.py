#!/usr/bin/env python3
"""An emulated PN532 on a pseudo-terminal, for libnfc's real pn532_uart driver in the kiosk's reader tests.

Prints the pty path (also linked at --link) and then reads commands on standard input:
  present UID SECONDS   a card with that UID (4 or 7 bytes) is in the field for SECONDS
  present-ntag424 UID SECONDS META:FILE COUNTER_FILE
                        an NTAG 424 DNA showing SUN (ntag424.py), answering APDUs through InDataExchange
  await-poll            answer `polling` at the host's next poll for a card made with no card in the field
Prints `presented EPOCH` when a card enters the field. Frames: preamble 00 00 FF, LEN, LCS, TFI (D4 from the
host, D5 back), data, DCS, 00; every command is ACKed (00 00 FF 00 FF 00) before its response.
"""
import argparse
import os
import select
import sys
import time
import tty

import ntag424

ACK = bytes.fromhex("0000FF00FF00")
NO_TARGET_DELAY = 0.15  # a real PN532 with limited retries answers "no target" after a while


def frame(data):
    body = bytes([0xD5]) + data
    length = len(body)
    return bytes([0x00, 0x00, 0xFF, length, (-length) & 0xFF]) + body + bytes([(-sum(body)) & 0xFF, 0x00])


class Card:
    def __init__(self, uid, hold, ntag=None):
        self.uid = uid
        self.until = time.monotonic() + hold
        self.ntag = ntag  # an ISO 14443-4 NTAG 424 DNA, or None for a card known by its UID

    def present(self):
        return time.monotonic() < self.until

    def target(self):
        if self.ntag is not None:  # SAK 20 (ISO 14443-4), then the ATS the PN532 got with RATS
            return bytes([0x01, 0x01, 0x00, 0x44, 0x20, len(self.uid)]) + self.uid + bytes.fromhex("067777710280")
        atqa, sak = (b"\x00\x04", 0x08) if len(self.uid) == 4 else (b"\x00\x44", 0x00)
        return bytes([0x01, 0x01]) + atqa + bytes([sak, len(self.uid)]) + self.uid


class PN532:
    def __init__(self, fd):
        self.fd = fd
        self.buffer = b""
        self.card = None
        self.pending = None  # (deadline, command) of an InListPassiveTarget without a card yet
        self.awaiting_poll = False  # `await-poll` waits for a poll with an empty field

    def card_in_field(self):
        return self.card is not None and self.card.present()

    def send(self, data):
        os.write(self.fd, frame(data))

    def feed(self, data):
        self.buffer += data
        while True:
            start = self.buffer.find(b"\x00\x00\xff")
            if start < 0 or len(self.buffer) < start + 5:
                return
            self.buffer = self.buffer[start:]
            if self.buffer[3:5] == b"\x00\xff":  # the host's ACK aborts the pending command
                self.buffer = self.buffer[6:]
                self.pending = None
                continue
            length = self.buffer[3]
            if len(self.buffer) < 5 + length + 2:
                return
            body = self.buffer[5:5 + length]
            self.buffer = self.buffer[5 + length + 2:]
            if body[:1] == b"\xd4":
                os.write(self.fd, ACK)
                self.command(body[1], body[2:])

    def command(self, code, data):
        if code == 0x00:
            self.send(bytes([0x01]) + data)
        elif code == 0x02:
            self.send(bytes.fromhex("0332010607"))
        elif code == 0x06:
            self.send(bytes([0x07]) + bytes(len(data) // 2))
        elif code == 0x4A:
            if self.awaiting_poll and not self.card_in_field():
                self.awaiting_poll = False
                print("polling", flush=True)
            self.pending = (time.monotonic() + NO_TARGET_DELAY, code)
            self.poll()
        elif code == 0x40:
            if not self.card_in_field():
                self.send(bytes([0x41, 0x01]))
            elif self.card.ntag is not None:
                self.send(bytes([0x41, 0x00]) + self.card.ntag.answer(bytes(data[1:])))
            else:
                self.send(bytes([0x41, 0x00]) + bytes(16))
        elif code == 0x42:
            # libnfc's presence check of an ISO 14443-4 card on a PN532: an R(NAK) block answered by an R(ACK)
            present = self.card_in_field() and self.card.ntag is not None
            self.send(bytes([0x43, 0x00, 0xA2]) if present else bytes([0x43, 0x01]))
        else:
            self.send(bytes([code + 1]) + (b"\x00" if code in (0x16, 0x44, 0x52, 0x54) else b""))

    def poll(self):
        if self.pending is None:
            return
        if self.card_in_field():
            self.pending = None
            self.send(bytes([0x4B]) + self.card.target())
        elif time.monotonic() >= self.pending[0]:
            self.pending = None
            self.send(bytes([0x4B, 0x00]))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--link", required=True, help="symlink to create for the pty")
    arguments = parser.parse_args()
    master, slave = os.openpty()
    tty.setraw(master)
    tty.setraw(slave)
    if os.path.lexists(arguments.link):
        os.unlink(arguments.link)
    os.symlink(os.ttyname(slave), arguments.link)
    print(os.ttyname(slave), flush=True)
    chip = PN532(master)
    while True:
        readable, _, _ = select.select([master, sys.stdin], [], [], 0.01)
        if master in readable:
            chip.feed(os.read(master, 4096))
        if sys.stdin in readable:
            line = sys.stdin.readline()
            if not line:
                return 0
            words = line.split()
            if len(words) == 3 and words[0] == "present":
                chip.card = Card(bytes.fromhex(words[1]), float(words[2]))
                print(f"presented {time.time():.6f}", flush=True)
            elif len(words) == 5 and words[0] == "present-ntag424":
                uid = bytes.fromhex(words[1])
                meta, file = (bytes.fromhex(key) for key in words[3].split(":"))
                chip.card = Card(uid, float(words[2]), ntag424.Ntag424(uid, meta, file, words[4]))
                print(f"presented {time.time():.6f}", flush=True)
            elif words == ["await-poll"]:
                chip.awaiting_poll = True
        chip.poll()


if __name__ == "__main__":
    sys.exit(main())
