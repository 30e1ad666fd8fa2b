import Foundation

/// The C program of P2's baseline (Benchmarks/pcsc_uid_reader.c), compiled for this run against libpcsclite.
enum PCSCBaselineReader {
    static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Benchmarks/pcsc_uid_reader.c")

    /// Compiles it with `-O2` into `directory` and returns the binary.
    static func build(into directory: URL) throws -> URL {
        let binary = directory.appendingPathComponent("pcsc_uid_reader")
        let compiler = Process()
        compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compiler.arguments = ["cc", "-O2", "-I/usr/include/PCSC", source.path, "-lpcsclite", "-o", binary.path]
        try compiler.run()
        compiler.waitUntilExit()
        guard compiler.terminationStatus == 0 else { throw BenchError("cc could not build \(source.path) (libpcsclite-dev installed?)") }
        return binary
    }
}
