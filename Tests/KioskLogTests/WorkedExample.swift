import Crypto
import KioskLog

/// The worked example of LOG-FORMAT.md section 9, as its text gives it.
enum WorkedExample {
    static let kioskSeedLabel = "kiosk-tlog example kiosk/gate-1"
    static let hubSeedLabel = "kiosk-tlog example hub.example/pg-7"
    static let kioskSeedHex = "f58636ede0a5261c9a86203c9c660890892ea8863cdc00c6500ebd774fe08ea0"
    static let hubSeedHex = "6eb996301d94dcbef2156dd1b4309706ac348fa08cc59c5dceccb17e5a3d22d0"
    static let kioskVkey = "kiosk/gate-1+a5a22696+AXqfZcdG9fTXfthcUhEdrXeuvTpo+LnkYlzRa+5KXe+/"
    static let hubVkey = "hub.example/pg-7+23ecbb69+BAp4QJ5T4Jpt15Xg9Z150+EfHNx3CCgRMOi+Ow/KrsqT"

    static let events = [
        EventLeaf(
            id: "0b7e7f3c-8f7a-4c51-9d2e-5a1f0c2b9e01",
            kioskID: "gate-1",
            seq: 1,
            reader: "ACS ACR122U 00 00",
            uid: "04a2b9c1d25e80",
            studentID: "S017",
            kind: "tap",
            direction: "in",
            outcome: "accepted",
            reason: nil,
            occurredAt: "2026-11-21T21:03:00.13+05:30",
            recordedAt: "2026-11-21T15:33:00.131Z",
            monotonicNanoseconds: 8_123_456_789_012,
            bootID: "5d0c6c1e-3a0b-4f0e-8a51-0e6f2b7d9c10",
            clockSynced: true
        ),
        EventLeaf(
            id: "6C1D2E3F-4A5B-4C6D-8E7F-901A2B3C4D5E",
            kioskID: "gate-1",
            seq: 2,
            reader: "ACS ACR122U 00 00",
            uid: "DEADBEEF",
            studentID: nil,
            kind: "tap",
            direction: nil,
            outcome: "unknown",
            reason: "card not on roster",
            occurredAt: "2026-11-21T15:34:12Z",
            recordedAt: "2026-11-21T15:34:12.004Z",
            monotonicNanoseconds: 8_195_456_789_012,
            bootID: "5d0c6c1e-3a0b-4f0e-8a51-0e6f2b7d9c10",
            clockSynced: true
        ),
        EventLeaf(
            id: "9f8e7d6c-5b4a-4392-8190-0a1b2c3d4e5f",
            kioskID: "gate-1",
            seq: 3,
            reader: nil,
            uid: nil,
            studentID: "S042",
            kind: "manual",
            direction: "out",
            outcome: "accepted",
            reason: "forgot card — गेट १",
            occurredAt: "2026-11-21T10:40:00.5-05:00",
            recordedAt: "2026-11-21T15:40:01.250Z",
            monotonicNanoseconds: 8_584_706_789_012,
            bootID: "5d0c6c1e-3a0b-4f0e-8a51-0e6f2b7d9c10",
            clockSynced: false
        ),
    ]

    static let leaf1 = """
        kiosk-event/v1
        id=6c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d5e
        kiosk=gate-1
        seq=2
        reader=ACS ACR122U 00 00
        uid=DEADBEEF
        student=
        kind=tap
        direction=
        outcome=unknown
        reason=card not on roster
        occurred=2026-11-21T15:34:12.000Z
        recorded=2026-11-21T15:34:12.004Z
        monotonic=8195456789012
        boot=5d0c6c1e-3a0b-4f0e-8a51-0e6f2b7d9c10
        synced=true

        """

    static let leaf2 = """
        kiosk-event/v1
        id=9f8e7d6c-5b4a-4392-8190-0a1b2c3d4e5f
        kiosk=gate-1
        seq=3
        reader=
        uid=
        student=S042
        kind=manual
        direction=out
        outcome=accepted
        reason=forgot card — गेट १
        occurred=2026-11-21T15:40:00.500Z
        recorded=2026-11-21T15:40:01.250Z
        monotonic=8584706789012
        boot=5d0c6c1e-3a0b-4f0e-8a51-0e6f2b7d9c10
        synced=false

        """

    static let leafHashesHex = [
        "33682beae02c505cce5dd743222bd69c78afe1608a8fd87f086ed4d487bf797d",
        "5c828294728b5b8b3ad54f277bb43220be8915824738504690be872a9ff4a894",
        "f86f38bcb84a68a3183536a865c951f389704b389d63d176b0e00d7ea7955e00",
    ]
    static let root2Hex = "3fcbcf963e4560b3c08e27dce538cdab12a14d316d552aa32eabeff0dadd99a0"
    static let root2Base64 = "P8vPlj5FYLPAjifc5TjNqxKhTTFtVSqjLqvv8NrdmaA="
    static let root3Hex = "32a54bd91853ce415709a8e61763faeb7917ebc8e1c1b57c5d9748505b16c640"
    static let root3Base64 = "MqVL2RhTzkFXCajmF2P663kX68jhwbV8XZdIUFsWxkA="

    static let time3: Int64 = 1_795_275_660
    static let time2: Int64 = 1_795_275_600

    static let checkpoint3 = """
        kiosk/gate-1
        3
        MqVL2RhTzkFXCajmF2P663kX68jhwbV8XZdIUFsWxkA=

        — kiosk/gate-1 paImlqh1oAHtp1kM/+Tq/A5myWUtllPbj4rP9W+lRrDkitEJ/LLIbfJOx1txCL/dnjiN17MEp2dypHe9T6k0sQ/keAI=
        — hub.example/pg-7 I+y7aQAAAABrAbuMtQbloMEuR2zPijkaGCVX4KZrP/TzNX3P3tEj83Koephzdzg36asAgHIsSFiAlUyNn/s8Q6HWPbNCzJQNHZTVAw==

        """

    static let checkpoint2 = """
        kiosk/gate-1
        2
        P8vPlj5FYLPAjifc5TjNqxKhTTFtVSqjLqvv8NrdmaA=

        — kiosk/gate-1 paImljnfMG4U4duLqtzyrrf35Vg9FOdfmmhGWXH4jznBnyjoGj/eOGlUa+dMvz0FRafe83oSV3h6X63uIvqp8RZrbgo=
        — hub.example/pg-7 I+y7aQAAAABrAbtQ5bd9znm0ItEvRfQrBHN5Q0t4zgv/DZKyrj/SGmO52xGj0ioQmFDy0NIz8+CiZ+QoRzdgfpysHJcRc2fR1QaxAQ==

        """

    static let proof1 = """
        c2sp.org/tlog-proof@v1
        extra a2lvc2stZXZlbnQvdjEKaWQ9NmMxZDJlM2YtNGE1Yi00YzZkLThlN2YtOTAxYTJiM2M0ZDVlCmtpb3NrPWdhdGUtMQpzZXE9MgpyZWFkZXI9QUNTIEFDUjEyMlUgMDAgMDAKdWlkPURFQURCRUVGCnN0dWRlbnQ9CmtpbmQ9dGFwCmRpcmVjdGlvbj0Kb3V0Y29tZT11bmtub3duCnJlYXNvbj1jYXJkIG5vdCBvbiByb3N0ZXIKb2NjdXJyZWQ9MjAyNi0xMS0yMVQxNTozNDoxMi4wMDBaCnJlY29yZGVkPTIwMjYtMTEtMjFUMTU6MzQ6MTIuMDA0Wgptb25vdG9uaWM9ODE5NTQ1Njc4OTAxMgpib290PTVkMGM2YzFlLTNhMGItNGYwZS04YTUxLTBlNmYyYjdkOWMxMApzeW5jZWQ9dHJ1ZQo=
        index 1
        M2gr6uAsUFzOXddDIivWnHiv4WCKj9h/CG7U1Ie/eX0=
        +G84vLhKaKMYNTaoZclR84lwSzidY9F2sOANfqeVXgA=


        """ + checkpoint3

    static let consistency2To3 = "+G84vLhKaKMYNTaoZclR84lwSzidY9F2sOANfqeVXgA=\n"

    static func seed(_ label: String) -> [UInt8] {
        Array(SHA256.hash(data: Array(label.utf8)))
    }

    static func kioskSigner() throws -> NoteSigner {
        try NoteSigner(name: "kiosk/gate-1", seed: seed(kioskSeedLabel))
    }

    static func hubCosigner() throws -> Cosigner {
        try Cosigner(name: "hub.example/pg-7", seed: seed(hubSeedLabel))
    }

    /// The example's log of three events, as stored complete subtrees.
    static func tree() throws -> InMemoryMerkleTree {
        InMemoryMerkleTree(leafHashes: try events.map { try $0.leafHash })
    }

    /// The example's signed checkpoint of `size` leaves, cosigned at `time`.
    static func signedCheckpoint(size: Int64, time: Int64) throws -> SignedCheckpoint {
        let checkpoint = try Checkpoint(origin: "kiosk/gate-1", size: size, rootHash: try MerkleTree.root(size: size, from: tree()))
        return try SignedCheckpoint(checkpoint, signedBy: kioskSigner()).cosigned(by: hubCosigner(), time: time)
    }
}

/// Lowercase hex of `bytes`.
func hex(_ bytes: some Sequence<UInt8>) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
}
