"""An NTAG 424 DNA configured for SUN, as a card for vpcd (NTAG424.md beside the contract).

It answers the NFC Forum Type 4 Tag read with an NDEF URI whose `picc_data` and `cmac` are computed as the tag
computes them (AES-128 and AES-CMAC from the `cryptography` package, sharing no code with the kiosk), with its
SDMReadCtr kept in a file so that it increases across presentations.
"""
import os

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.cmac import CMAC

# PC/SC part 3 ATR of an ISO 14443-4 type A card with NTAG 424 DNA's one historical byte.
ATR = bytes.fromhex("3B8180018080")
NDEF_APPLICATION = bytes.fromhex("D2760000850101")
CC_FILE = bytes.fromhex("001720010000FF0406E104010000000506E10500808283") + bytes(9)
OK = b"\x90\x00"


def cmac(key, message):
    code = CMAC(algorithms.AES(key))
    code.update(message)
    return code.finalize()


def encrypt_block(key, block):
    encryptor = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    return encryptor.update(block) + encryptor.finalize()


class Ntag424:
    """The tag's applications, files and SDM read counter; `answer` takes one command APDU."""

    def __init__(self, uid, meta_key, file_key, counter_file, url="https://tap.example/t"):
        self.uid = uid
        self.meta_key = meta_key
        self.file_key = file_key
        self.counter_file = counter_file
        self.url = url
        self.application = False
        self.selected = None
        self.ndef = None  # the NDEF file of the current SUN session; None until its first read

    def counter(self):
        try:
            with open(self.counter_file) as f:
                return int(f.read().strip() or "0")
        except FileNotFoundError:
            return 0

    def new_sun(self):
        counter = self.counter() + 1
        with open(self.counter_file, "w") as f:
            f.write(str(counter))
        ctr = counter.to_bytes(3, "little")
        picc = encrypt_block(self.meta_key, b"\xC7" + self.uid + ctr + os.urandom(5))
        sv2 = bytes.fromhex("3CC300010080") + self.uid + ctr
        mac = cmac(cmac(self.file_key, sv2), b"")[1::2]
        uri = f"{self.url}?picc_data={picc.hex().upper()}&cmac={mac.hex().upper()}"
        return ndef_file(uri)

    def answer(self, apdu):
        if apdu[:2] == b"\xFF\xCA":
            return self.uid + OK
        if apdu[:3] == bytes.fromhex("FF0040"):
            return OK
        is_ndef_read = apdu[:2] == b"\x00\xB0" and self.selected == "E104"
        if not is_ndef_read:
            self.ndef = None
        if apdu[:2] == b"\x00\xA4":
            return self.select(apdu)
        if apdu[:2] == b"\x00\xB0":
            return self.read_binary(apdu)
        return b"\x6D\x00"

    def select(self, apdu):
        data = apdu[5 : 5 + apdu[4]]
        if apdu[2] == 0x04 and data == NDEF_APPLICATION:
            self.application = True
            self.selected = None
            return OK
        if apdu[2] in (0x00, 0x02) and self.application and data.hex().upper() in ("E103", "E104", "E105"):
            self.selected = data.hex().upper()
            return OK
        return b"\x6A\x82"

    def read_binary(self, apdu):
        if self.selected is None:
            return b"\x69\x85"
        if self.selected == "E105":
            return b"\x69\x82"
        if self.selected == "E104":
            if self.ndef is None:
                self.ndef = self.new_sun()
            content = self.ndef
        else:
            content = CC_FILE
        offset = apdu[2] << 8 | apdu[3]
        length = apdu[4] or 256
        if offset >= len(content):
            return b"\x6A\x86"
        return content[offset : offset + length] + OK


def ndef_file(uri, size=256):
    """The NDEF file holding `uri` as one short URI record (identifier code 04 for https://), zero-filled."""
    code, rest = (4, uri[len("https://") :]) if uri.startswith("https://") else (0, uri)
    body = rest.encode()
    message = bytes([0xD1, 0x01, len(body) + 1, 0x55, code]) + body
    content = len(message).to_bytes(2, "big") + message
    return content + bytes(max(0, size - len(content)))


class RecordedType4Tag(Ntag424):
    """A Type 4 tag that shows one recorded URI at every read: a replay of a SUN, or a forged one."""

    def __init__(self, uid, uri):
        super().__init__(uid, None, None, None)
        self.recorded = ndef_file(uri)

    def new_sun(self):
        return self.recorded
