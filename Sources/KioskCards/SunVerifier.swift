public import Crypto
import CryptoExtras
import KioskCore

/// SUN-AES verification of NTAG424.md, steps 3 to 9: decrypt the PICC data under K_SDMMetaRead, derive the session
/// MAC key from K_SDMFileRead, and compare the truncated CMAC in constant time. The counter (step 10) is the
/// check-in decision's, which knows every counter seen for the tag.
public enum SunVerifier {
    /// The UID and counter `message` proves, or why it proves nothing (the MAC or the UID does not match: forged).
    public static func verify(_ message: SunMessage, keys: SunKeys) -> Result<SunProof, SunForgery> {
        var plain = message.piccData
        do {
            try AES.inversePermute(&plain, key: keys.meta)
        } catch {
            return .failure(SunForgery("the PICC data cannot be decrypted: \(error)"))
        }
        guard plain[0] == 0xC7 else { return .failure(SunForgery("the PICC data does not decrypt under the meta key")) }
        let uidBytes = Array(plain[1...7])
        let counterBytes = Array(plain[8...10])
        guard let uid = try? TagUID(bytes: uidBytes) else { return .failure(SunForgery("the PICC data holds no UID")) }
        let expected = mac(uid: uidBytes, counter: counterBytes, input: [], fileKey: keys.file)
        guard constantTimeEqual(expected, message.mac) else { return .failure(SunForgery("the MAC does not match")) }
        let counter = UInt32(counterBytes[0]) | UInt32(counterBytes[1]) << 8 | UInt32(counterBytes[2]) << 16
        return .success(SunProof(uid: uid, counter: counter))
    }

    /// MACt (steps 5 to 8): the odd-indexed bytes of CMAC(K_ses, input), K_ses = CMAC(K_file, SV2), for a 7-byte
    /// `uid` and the 3 bytes of the counter LSB first. The kiosk's layout has an empty `input`.
    public static func mac(uid: [UInt8], counter: [UInt8], input: [UInt8], fileKey: SymmetricKey) -> [UInt8] {
        let sv2: [UInt8] = [0x3C, 0xC3, 0x00, 0x01, 0x00, 0x80] + uid + counter
        let sessionKey = SymmetricKey(data: cmac(sv2, key: fileKey))
        let full = cmac(input, key: sessionKey)
        return stride(from: 1, to: 16, by: 2).map { full[$0] }
    }

    /// AES-CMAC (NIST SP 800-38B, RFC 4493) of `message` under a 128-bit `key`.
    public static func cmac(_ message: [UInt8], key: SymmetricKey) -> [UInt8] {
        // An AES key of 16 bytes is always accepted.
        guard var code = try? AES.CMAC(key: key) else { return [] }
        code.update(data: message)
        return Array(code.finalize())
    }
}
