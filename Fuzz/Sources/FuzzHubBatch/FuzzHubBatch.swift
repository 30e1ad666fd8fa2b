import Foundation
import FuzzDriver
import KioskCore
import KioskWire

/// Any bytes as the body of `POST /v1/events`: when it decodes, each event is either valid (its record goes back
/// on the wire unchanged) or has one problem naming a field.
@_cdecl("FuzzHubBatch_main")
func fuzzHubBatch(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    fuzz(argc: argc, argv: argv) { data, size in
        guard let batch = try? JSONDecoder().decode(EventBatch.self, from: Data(bytes(data, size))) else { return 0 }
        _ = WireEvent.identifierProblem(batch.kioskId, field: "kioskId")
        for event in batch.events {
            switch event.record() {
            case .success(let record):
                precondition(event.problem() == nil, "a record from an event with a problem")
                let again = WireEvent(record)
                precondition((try? again.record().get()) == record, "the record does not survive the wire: \(event.id)")
            case .failure(let problem):
                precondition(problem.field?.isEmpty == false && !problem.error.isEmpty, "a problem naming no field")
            }
        }
        return 0
    }
}
