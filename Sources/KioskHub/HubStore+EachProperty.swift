public import KioskCore
public import KioskHubStorage

extension HubStore {
    /// How many properties a chain-wide read works on at once: the database answers several reads in parallel (SQLite
    /// with five readers, PostgreSQL with a pool), so a chain of a thousand properties is read on every core (P16).
    static let propertiesAtOnce = 4

    /// `body` of each of `properties`, at most `propertiesAtOnce` at a time, the results in the order of `properties`;
    /// the first error ends the rest and is thrown.
    public func eachProperty<Result: Sendable>(
        _ properties: [HubProperty],
        _ body: @escaping @Sendable (HubProperty) async throws(KioskError) -> Result
    ) async throws(KioskError) -> [Result] {
        do {
            return try await withThrowingTaskGroup(of: (Int, Result).self) { group in
                var results = [Result?](repeating: nil, count: properties.count)
                var next = 0
                while next < properties.count {
                    if next >= Self.propertiesAtOnce, let (index, result) = try await group.next() { results[index] = result }
                    let (index, property) = (next, properties[next])
                    group.addTask { (index, try await body(property)) }
                    next += 1
                }
                while let (index, result) = try await group.next() { results[index] = result }
                return results.compactMap(\.self)
            }
        } catch let error as KioskError {
            throw error
        } catch {
            throw KioskError(.temporaryFailure, "reading every property was interrupted: \(error)", domain: .unavailable)
        }
    }
}
