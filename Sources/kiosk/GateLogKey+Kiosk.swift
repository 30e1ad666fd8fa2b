import KioskCore
import KioskGateLog
import KioskLog

extension GateLogKey {
    /// The configured kiosk's log key, made at its first start. Nothing about the key stops the gate: a replaced key
    /// and a key that cannot be made at all are told to `warn`, and without a key the kiosk records and syncs
    /// without signing.
    static func signer(for configuration: KioskConfiguration, warn: (String) -> Void) -> NoteSigner? {
        do {
            let key = try loadOrCreate(dataDirectory: configuration.dataDirectory, kioskID: configuration.kioskID)
            if let replaced = key.replaced {
                warn(
                    "\(replaced); the hub refuses its checkpoints until an operator pins the new key: kiosk-hub token create --kiosk "
                        + "\(configuration.kioskID) --vkey \(key.signer.verifier.vkey)"
                )
            }
            return key.signer
        } catch {
            warn("no log key, so no checkpoint is signed: \(error.message)")
            return nil
        }
    }
}
