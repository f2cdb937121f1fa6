import BlueprintDemo
import BlueprintDomain
@testable import BlueprintStores
import Foundation
import Testing

/// Two people edit the same guests at once: one in a live session (told of every change as it
/// happens), the other in a store that is never told (as a planner cut off from the others would
/// be), so its edits often start from a version long gone. They change overlapping and disjoint
/// fields, interleaved. Against a simple reference, every field change that was acknowledged
/// survives, unless the person chose, in the dialog, to keep the other's value.
@MainActor
@Suite("Two writers merging by field, against a reference", .timeLimit(.minutes(3)))
struct TwoWriterMergeTests {
    /// The fields the writers change, by name as the merge names them.
    static let fields: [(name: String, path: WritableKeyPath<Guest, String>)] = [
        ("firstName", \.firstName), ("lastName", \.lastName), ("email", \.email), ("phone", \.phone), ("notes", \.notes),
        ("mealChoice", \.mealChoice),
    ]
    static let guests = [Sample.ana, Sample.ben, Sample.cleo]

    /// The reference: each field's value as the last acknowledged change of it left it.
    @MainActor
    struct Reference {
        var values: [UUID: [String: String]] = [:]

        init(_ guests: [Guest]) {
            for guest in guests {
                values[guest.id] = Dictionary(uniqueKeysWithValues: TwoWriterMergeTests.fields.map { ($0.name, guest[keyPath: $0.path]) })
            }
        }

        /// An edit of `base` into `edited` was acknowledged; in `keptTheirs`, the other value was chosen.
        mutating func acknowledged(_ edited: Guest, from base: Guest, keptTheirs: Set<String> = []) {
            for field in TwoWriterMergeTests.fields where edited[keyPath: field.path] != base[keyPath: field.path] {
                guard !keptTheirs.contains(field.name) else { continue }
                values[edited.id]?[field.name] = edited[keyPath: field.path]
            }
        }

        func matches(_ guest: Guest) -> Bool {
            TwoWriterMergeTests.fields.allSatisfy { values[guest.id]?[$0.name] == guest[keyPath: $0.path] }
        }
    }

    /// Which writer, and what it sees.
    enum Writer: String { case live, cutOff }

    @Test("interleaved edits of overlapping and disjoint fields: no acknowledged change is lost", arguments: 1...10)
    func interleavedWriters(seed: UInt64) async throws {
        var random = SeededRandom(seed: seed)
        let harness = Harness()
        let session = await harness.openSession()
        let live = session.guests
        let cutOff = await harness.loaded(GuestStore.init)
        var reference = Reference(try await harness.stored { $0.guests.records })
        var log: [String] = []
        var merged = 0, asked = 0

        for step in 0..<40 {
            let id = random.pick(Self.guests)
            // Both start from what they see now; then one saves, then the other.
            var edits: [(Writer, GuestStore, base: Guest, edited: Guest)] = []
            for (writer, store) in [(Writer.live, live), (.cutOff, cutOff)] {
                guard let base = store.guest(id) else { continue }
                var edited = base
                for _ in 0..<random.int(in: 1...2) {
                    let field = random.pick(Self.fields)
                    edited[keyPath: field.path] = switch field.name {
                    case "email": "\(writer.rawValue)\(step)@example.com"
                    case "mealChoice": random.pick(["Chicken", "Beef", "Fish", "Vegetarian", "Vegan", ""])
                    default: "\(writer.rawValue)-\(step)-\(field.name)"
                    }
                }
                edits.append((writer, store, base, edited))
            }
            if random.int(in: 0...1) == 0 { edits.reverse() }
            for (writer, store, base, edited) in edits {
                let outcome = await store.update(edited)
                log.append("\(step) \(writer.rawValue) \(outcome)")
                switch outcome {
                case .saved, .merged:
                    if case .merged = outcome { merged += 1 }
                    reference.acknowledged(edited, from: base)
                case .conflict:
                    asked += 1
                    let conflict = try #require(store.openConflict)
                    var choices: [FieldPath: MergeSide] = [:]
                    for field in conflict.fields { choices[field.path] = random.int(in: 0...1) == 0 ? .mine : .theirs }
                    let resolved = await store.resolveConflict(choosing: choices)
                    #expect(resolved.isSaved, "seed \(seed): \(log)")
                    let keptTheirs = Set(choices.filter { $0.value == .theirs }.compactMap { $0.key.topField })
                    reference.acknowledged(edited, from: base, keptTheirs: keptTheirs)
                case .failed(let error):
                    Issue.record("seed \(seed) step \(step): \(writer.rawValue)'s edit failed: \(error); \(log)")
                }
            }
            let stored = try await harness.stored { $0.guests.records }
            for guest in stored where Self.guests.contains(guest.id) {
                #expect(reference.matches(guest), "seed \(seed) step \(step): \(guest.fullName) lost a change; \(log)")
            }
            if !stored.allSatisfy({ !Self.guests.contains($0.id) || reference.matches($0) }) { break }
        }
        #expect(merged > 0 && asked > 0, "seed \(seed): \(merged) merged on their own, \(asked) asked: both must be tried")
        session.close()
    }
}
