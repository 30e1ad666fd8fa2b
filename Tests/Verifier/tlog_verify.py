#!/usr/bin/env python3
"""An independent verifier of the kiosks' signed logs, written from the C2SP texts (signed-note, tlog-checkpoint,
tlog-cosignature, tlog-proof), RFC 6962 / RFC 9162 and ../shared/LOG-FORMAT.md, not from the project's code.

    tlog_verify.py proof FILE --kiosk-vkey VKEY [--witness-vkey VKEY] [--event JSON_FILE]
    tlog_verify.py log EXPORT.jsonl CHECKPOINT --kiosk-vkey VKEY [--witness-vkey VKEY]
    tlog_verify.py audit EXPORT.jsonl CHECKPOINT --log-vkey VKEY      (a hub's audit log, LOG-FORMAT.md section 7)

Exit 0 and "ok" when everything verifies; exit 1 with one line naming what does not.
"""
import base64
import hashlib
import json
import re
import struct
import sys

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey


class Refused(Exception):
    pass


def b64(text):
    try:
        data = base64.b64decode(text, validate=True)
    except Exception:
        raise Refused(f"not base64: {text!r}")
    if base64.b64encode(data).decode() != text:
        raise Refused(f"not canonical base64: {text!r}")
    return data


def sha256(data):
    return hashlib.sha256(data).digest()


# --- signed notes (c2sp.org/signed-note) ---

def parse_vkey(vkey):
    parts = vkey.split("+", 2)
    if len(parts) != 3:
        raise Refused(f"vkey {vkey!r} is not name+id+key")
    name, key_id_hex, key_b64 = parts
    key = b64(key_b64)
    if len(key) != 33 or key[0] not in (0x01, 0x04):
        raise Refused(f"vkey {vkey!r}: not an Ed25519 (0x01) or cosignature/v1 (0x04) key")
    key_id = sha256(name.encode() + b"\n" + key)[:4]
    if key_id.hex() != key_id_hex:
        raise Refused(f"vkey {vkey!r}: the key ID does not match")
    return {"name": name, "type": key[0], "id": key_id, "public": Ed25519PublicKey.from_public_bytes(key[1:])}


def split_note(note):
    if "\n\n" not in note or not note.endswith("\n"):
        raise Refused("not a signed note (no empty line, or no final newline)")
    text, signatures = note.rsplit("\n\n", 1)
    text += "\n"
    lines = signatures[:-1].split("\n")
    parsed = []
    for line in lines:
        match = re.fullmatch(r"\u2014 (\S+) (\S+)", line)
        if not match:
            raise Refused(f"signature line {line!r} is malformed")
        parsed.append((match.group(1), b64(match.group(2))))
    if len(parsed) > 100:
        raise Refused("more than 100 signature lines")
    return text, parsed


def check_signatures(text, signatures, key):
    """At least one line of the key (name and ID), and every such line verifies."""
    found = False
    for name, blob in signatures:
        if name != key["name"] or blob[:4] != key["id"]:
            continue
        found = True
        try:
            if key["type"] == 0x01:
                key["public"].verify(blob[4:], text.encode())
            else:
                if len(blob) != 4 + 8 + 64:
                    raise Refused(f"the cosignature of {name} is not 76 bytes")
                (time,) = struct.unpack(">Q", blob[4:12])
                key["public"].verify(blob[12:], f"cosignature/v1\ntime {time}\n".encode() + text.encode())
        except InvalidSignature:
            raise Refused(f"the signature of {name} does not verify")
    if not found:
        raise Refused(f"no signature of {key['name']}")


def checkpoint(note, kiosk_key, witness_key, audit=False):
    """A kiosk's checkpoint, signed by the key named as its origin; or, with `audit`, a hub's audit log's, whose
    origin is <log_name>/audit/<property>, signed by the key <log_name>/log (LOG-FORMAT.md section 7)."""
    text, signatures = split_note(note)
    lines = text.split("\n")[:-1]
    if len(lines) < 3 or not re.fullmatch(r"0|[1-9][0-9]*", lines[1]):
        raise Refused("not a checkpoint (origin, size, root)")
    origin, size, root = lines[0], int(lines[1]), b64(lines[2])
    if len(root) != 32:
        raise Refused("the root is not 32 bytes")
    if audit:
        log_name = kiosk_key["name"][:-len("/log")] if kiosk_key["name"].endswith("/log") else None
        if log_name is None or not origin.startswith(log_name + "/audit/") or kiosk_key["type"] != 0x01:
            raise Refused(f"the log key {kiosk_key['name']} does not sign the audit log {origin}")
    elif kiosk_key["name"] != origin or kiosk_key["type"] != 0x01:
        raise Refused(f"the kiosk key {kiosk_key['name']} is not the origin {origin}'s")
    check_signatures(text, signatures, kiosk_key)
    if witness_key:
        if witness_key["type"] != 0x04:
            raise Refused("the witness key is not a cosignature/v1 key")
        check_signatures(text, signatures, witness_key)
    return origin, size, root


# --- RFC 6962 trees ---

def leaf_hash(leaf):
    return sha256(b"\x00" + leaf)


def node_hash(left, right):
    return sha256(b"\x01" + left + right)


def root(hashes):
    if not hashes:
        return sha256(b"")
    if len(hashes) == 1:
        return hashes[0]
    k = 1
    while k * 2 < len(hashes):
        k *= 2
    return node_hash(root(hashes[:k]), root(hashes[k:]))


def verify_inclusion(leaf, index, size, path, expected_root):
    """RFC 9162 section 2.1.3.2."""
    if index >= size:
        return False
    fn, sn, r = index, size - 1, leaf
    for p in path:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            r = node_hash(p, r)
            while not fn & 1 and fn != 0:
                fn >>= 1
                sn >>= 1
        else:
            r = node_hash(r, p)
        fn >>= 1
        sn >>= 1
    return sn == 0 and r == expected_root


# --- leaf bytes (LOG-FORMAT.md section 2) ---

INSTANT = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):(\d{2}))"
)


def days_from_civil(y, m, d):
    y -= m <= 2
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def civil_from_days(z):
    z += 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + (3 if mp < 10 else -9)
    return yoe + era * 400 + (m <= 2), m, d


def instant(text):
    match = INSTANT.fullmatch(text or "")
    if not match:
        raise Refused(f"{text!r} is not an RFC 3339 instant")
    y, mo, d, h, mi, s = (int(match.group(i)) for i in range(1, 7))
    fraction = match.group(7) or ""
    month_days = [31, 29 if (y % 4 == 0 and y % 100 != 0) or y % 400 == 0 else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    if not (1 <= y <= 9999 and 1 <= mo <= 12 and 1 <= d <= month_days[mo - 1] and h <= 23 and mi <= 59 and s <= 59):
        raise Refused(f"{text!r} is not a real instant")
    millis = int((fraction + "000")[:3])
    if len(fraction) > 3 and fraction[3] >= "5":
        millis += 1
    offset = 0 if match.group(8) else (1 if match.group(9) == "+" else -1) * (int(match.group(10)) * 60 + int(match.group(11)))
    total = ((days_from_civil(y, mo, d) * 24 + h) * 60 + mi - offset) * 60_000 + s * 1000 + millis
    days, rest = divmod(total, 86_400_000)
    y, mo, d = civil_from_days(days)
    if not 1 <= y <= 9999:
        raise Refused(f"{text!r} falls outside years 1-9999 in UTC")
    return f"{y:04d}-{mo:02d}-{d:02d}T{rest // 3_600_000:02d}:{rest // 60_000 % 60:02d}:{rest // 1000 % 60:02d}.{rest % 1000:03d}Z"


def leaf_bytes(event):
    def text(key):
        value = event.get(key)
        if value is None:
            return ""
        if not isinstance(value, str) or any(ord(c) < 0x20 or ord(c) == 0x7F for c in value):
            raise Refused(f"{key}: {value!r} cannot be encoded")
        return value

    def integer(key, low, high):
        value = event.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise Refused(f"{key}: {value!r} is not an integer in {low}..{high}")
        return str(value)

    def one_of(key, choices):
        value = text(key)
        if value and value not in choices:
            raise Refused(f"{key}: {value!r} is not one of {choices}")
        return value

    event_id = text("id")
    if not re.fullmatch(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}", event_id):
        raise Refused(f"id: {event_id!r} is not a UUID")
    kiosk = text("kioskId")
    if not kiosk or "+" in kiosk or any(c.isspace() for c in kiosk):
        raise Refused(f"kioskId: {kiosk!r}")
    uid = text("uid")
    if uid and not re.fullmatch(r"[0-9a-fA-F]+", uid):
        raise Refused(f"uid: {uid!r}")
    synced = event.get("clockSynced")
    if not isinstance(synced, bool):
        raise Refused(f"clockSynced: {synced!r}")
    lines = [
        "kiosk-event/v1",
        "id=" + event_id.lower(),
        "kiosk=" + kiosk,
        "seq=" + integer("seq", 1, 2**63 - 1),
        "reader=" + text("reader"),
        "uid=" + uid.upper(),
        "student=" + text("studentId"),
        "kind=" + one_of("kind", ["tap", "manual", "unknown"]),
        "direction=" + one_of("direction", ["in", "out"]),
        "outcome=" + one_of("outcome", ["accepted", "ignored", "unknown", "refused"]),
        "reason=" + text("reason"),
        "occurred=" + instant(event.get("occurredAt")),
        "recorded=" + instant(event.get("recordedAt")),
        "monotonic=" + integer("monotonicNs", 0, 2**64 - 1),
        "boot=" + text("bootId"),
        "synced=" + ("true" if synced else "false"),
    ]
    return "".join(line + "\n" for line in lines).encode()


def audit_leaf_bytes(entry):
    """LOG-FORMAT.md section 7: a kiosk-audit/v1 leaf."""
    def text(key, required=False):
        value = entry.get(key)
        if value is None:
            value = ""
        if not isinstance(value, str) or any(ord(c) < 0x20 or ord(c) == 0x7F for c in value) or (required and not value):
            raise Refused(f"{key}: {value!r} cannot be encoded")
        return value

    entry_id = text("id")
    if not re.fullmatch(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}", entry_id):
        raise Refused(f"id: {entry_id!r} is not a UUID")
    actor = text("actor")
    if actor != "system" and not re.fullmatch(r"(user|cli|parent):.+", actor):
        raise Refused(f"actor: {actor!r}")
    seq = entry.get("seq")
    if not isinstance(seq, int) or isinstance(seq, bool) or seq < 1:
        raise Refused(f"seq: {seq!r}")
    lines = [
        "kiosk-audit/v1",
        "id=" + entry_id.lower(),
        "property=" + text("property", required=True),
        "seq=" + str(seq),
        "at=" + instant(entry.get("at")),
        "actor=" + actor,
        "action=" + text("action", required=True),
        "subject=" + text("subject"),
        "detail=" + text("detail"),
    ]
    return "".join(line + "\n" for line in lines).encode()


def no_repeated_keys(pairs):
    keys = [key for key, _ in pairs]
    if len(keys) != len(set(keys)):
        raise Refused("an event repeats a key")
    return dict(pairs)


# --- the two checks ---

def verify_proof(text, kiosk_key, witness_key, event):
    lines = text.split("\n")
    if lines[0] != "c2sp.org/tlog-proof@v1" or not lines[1].startswith("extra ") or not lines[2].startswith("index "):
        raise Refused("not a tlog-proof with its extra and index lines")
    leaf = b64(lines[1][len("extra "):])
    if not re.fullmatch(r"0|[1-9][0-9]*", lines[2][len("index "):]):
        raise Refused("the index is not a decimal")
    index = int(lines[2][len("index "):])
    blank = lines.index("", 3)
    path = [b64(line) for line in lines[3:blank]]
    origin, size, expected_root = checkpoint("\n".join(lines[blank + 1:]), kiosk_key, witness_key)
    fields = dict(line.split("=", 1) for line in leaf.decode().split("\n")[1:-1])
    if not leaf.startswith(b"kiosk-event/v1\n") or "kiosk/" + fields.get("kiosk", "") != origin or fields.get("seq") != str(index + 1):
        raise Refused("the extra leaf is not this log's event at this index")
    if event is not None and leaf_bytes(event) != leaf:
        raise Refused("the event's leaf bytes differ from the proof's")
    if not verify_inclusion(leaf_hash(leaf), index, size, path, expected_root):
        raise Refused("the inclusion proof does not lead to the checkpoint's root")


def verify_export(export_lines, origin, size, expected_root, is_own_line, leaf):
    """Recomputes the tree of an export (LOG-FORMAT.md section 8) and compares it with a checkpoint's root."""
    hashes = []
    for number, line in enumerate(export_lines, start=1):
        entry = json.loads(line, object_pairs_hook=no_repeated_keys)
        if not is_own_line(entry) or entry.get("seq") != number:
            raise Refused(f"line {number}: not the seq {number} of {origin}")
        hashes.append(b64(entry["leafHash"]) if "leafHash" in entry and "id" not in entry else leaf_hash(leaf(entry)))
    if size > len(hashes):
        raise Refused(f"the checkpoint covers {size} leaves, the export has {len(hashes)}")
    if root(hashes[:size]) != expected_root:
        raise Refused(f"the export's first {size} leaves do not give the checkpoint's root")


def verify_log(export_lines, note, kiosk_key, witness_key):
    origin, size, expected_root = checkpoint(note, kiosk_key, witness_key)
    own = lambda entry: "kioskId" in entry and "kiosk/" + str(entry["kioskId"]) == origin
    verify_export(export_lines, origin, size, expected_root, own, leaf_bytes)


def verify_audit(export_lines, note, log_key):
    origin, size, expected_root = checkpoint(note, log_key, None, audit=True)
    own = lambda entry: origin.endswith("/audit/" + str(entry.get("property")))
    verify_export(export_lines, origin, size, expected_root, own, audit_leaf_bytes)


def main(arguments):
    def option(name):
        if name in arguments:
            at = arguments.index(name)
            value = arguments[at + 1]
            del arguments[at:at + 2]
            return value
        return None

    kiosk_vkey, witness_vkey, event_file = option("--kiosk-vkey"), option("--witness-vkey"), option("--event")
    log_vkey = option("--log-vkey")
    try:
        if arguments[0] == "audit":
            lines = [line for line in open(arguments[1]).read().split("\n") if line]
            verify_audit(lines, open(arguments[2]).read(), parse_vkey(log_vkey))
            print("ok")
            return 0
        kiosk_key = parse_vkey(kiosk_vkey)
        witness_key = parse_vkey(witness_vkey) if witness_vkey else None
        if arguments[0] == "proof":
            event = json.load(open(event_file), object_pairs_hook=no_repeated_keys) if event_file else None
            verify_proof(open(arguments[1]).read(), kiosk_key, witness_key, event)
        elif arguments[0] == "log":
            verify_log([line for line in open(arguments[1]).read().split("\n") if line], open(arguments[2]).read(), kiosk_key, witness_key)
        else:
            raise Refused(f"unknown check {arguments[0]!r}")
    except (Refused, ValueError, KeyError, IndexError) as refusal:
        print(f"refused: {refusal}")
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
