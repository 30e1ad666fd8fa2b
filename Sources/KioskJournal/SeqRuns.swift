/// The runs of consecutive values in a list of seqs, each as a closed range, in ascending order; a seq listed twice
/// counts once.
struct SeqRuns: Sequence {
    private let sorted: [Int64]

    init(_ seqs: [Int64]) {
        sorted = seqs.sorted()
    }

    func makeIterator() -> AnyIterator<ClosedRange<Int64>> {
        var rest = sorted[...]
        return AnyIterator {
            guard let first = rest.popFirst() else { return nil }
            var last = first
            while let next = rest.first, next <= last + 1 {
                last = next
                rest = rest.dropFirst()
            }
            return first...last
        }
    }
}
