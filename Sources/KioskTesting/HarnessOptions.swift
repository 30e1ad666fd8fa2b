public import ArgumentParser

/// The options `kiosk-bench` and `kiosk-faults` share.
public struct HarnessOptions: ParsableArguments {
    @Flag(help: "Shorter runs of every step (within five minutes on two cores).")
    public var quick = false

    @Option(help: "Also write the results as one JSON object to this file.")
    public var json: String?

    @Option(help: "Only these steps, comma separated (e.g. P1,P6 or R1,R4); a name also runs its variants (P5: P5-PG1, P5-PG2).")
    public var only: String?

    public init() {}
}
