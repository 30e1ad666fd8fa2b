/// libFuzzer's driver (from the runtime `-sanitize=fuzzer` links in), called from each target's entry point.
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer with the program's arguments, feeding each input it makes to `body`. `body` traps (with
/// `precondition`) when an input breaks a property of the parser; libFuzzer then saves that input.
public func fuzz(
    argc: CInt,
    argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, body)
}

/// The bytes of one input.
public func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}
