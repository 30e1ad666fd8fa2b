public import KioskCore
public import Logging

/// Makes the reader for each configured `[[readers]]` entry whose driver this build supports.
public enum ReaderCatalog {
    /// The readers for `configurations`; an entry whose driver is not built in is an error naming it. With
    /// `readsSun`, every card is asked for its SUN after its UID.
    public static func readers(
        for configurations: [ReaderConfiguration],
        logger: Logger,
        states: ReaderStates? = nil,
        readsSun: Bool = false
    ) throws(KioskError) -> [any TagReader] {
        var readers: [any TagReader] = []
        for configuration in configurations {
            readers.append(try reader(for: configuration, logger: logger, states: states, readsSun: readsSun))
        }
        return readers
    }

    /// The reader for one `[[readers]]` entry; an entry whose driver is not built in is an error naming it.
    public static func reader(
        for configuration: ReaderConfiguration,
        logger: Logger,
        states: ReaderStates? = nil,
        readsSun: Bool = false
    ) throws(KioskError) -> any TagReader {
        switch configuration.driver {
        case .pcsc:
            #if PCSC
            return ThreadedReader<PCSCWatch>(configuration: configuration, logger: logger, states: states, readsSun: readsSun)
            #else
            throw notBuilt(configuration, trait: "PCSC")
            #endif
        case .libnfc:
            #if LibNFC
            return ThreadedReader<LibNFCWatch>(configuration: configuration, logger: logger, states: states, readsSun: readsSun)
            #else
            throw notBuilt(configuration, trait: "LibNFC")
            #endif
        case .keyboard:
            return ThreadedReader<KeyboardWatch>(configuration: configuration, logger: logger, states: states, readsSun: readsSun)
        }
    }

    private static func notBuilt(_ configuration: ReaderConfiguration, trait: String) -> KioskError {
        KioskError(
            .configuration,
            "reader '\(configuration.name)': driver \(configuration.driver.rawValue) is not built in (build with the \(trait) trait)"
        )
    }
}
