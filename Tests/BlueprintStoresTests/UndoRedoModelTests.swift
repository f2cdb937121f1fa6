import BlueprintDemo
import BlueprintDomain
@testable import BlueprintStores
import Foundation
import Testing

/// One session, nobody else: random edits of guests and expenses, with undo and redo in any
/// order and any number in a row. Every undo and redo is written (never a conflict, never
/// "nothing to undo" while there is something), and after each step the stored records and the
/// ones shown equal the simple reference's: the list of states each store went through, and
/// where undo and redo stand in it.
@MainActor
@Suite("Undo and redo against a reference", .timeLimit(.minutes(3)))
struct UndoRedoModelTests {
    /// The states one store went through, and the one it is at: an edit drops what could be
    /// redone and adds its state; undo steps back, redo forward.
    struct History<State: Equatable> {
        private(set) var states: [State]
        private(set) var position = 0

        init(_ start: State) { states = [start] }

        var current: State { states[position] }
        var canUndo: Bool { position > 0 }
        var canRedo: Bool { position < states.count - 1 }

        mutating func edited(to state: State) {
            states = Array(states[...position]) + [state]
            position += 1
        }

        mutating func undo() { position -= 1 }
        mutating func redo() { position += 1 }
    }

    /// Records by id as a person sees them: without the store's version and times.
    static func fields<R: Record>(_ records: [R]) -> [UUID: R] {
        Dictionary(uniqueKeysWithValues: records.map { record in
            var plain = record
            plain.version = 0
            plain.createdAt = Sample.start
            plain.updatedAt = Sample.start
            return (record.id, plain)
        })
    }

    static let names = ["Ana", "Ben", "Cleo", "Zoë", "Ödegaard"]

    @Test("random edits, undos and redos never raise a conflict and always return to the state before", arguments: 1...8)
    func randomUndoAndRedo(seed: UInt64) async throws {
        var random = SeededRandom(seed: seed)
        let harness = Harness()
        let session = await harness.openSession()
        var guests = History(Self.fields(try await harness.stored { $0.guests.records }))
        var expenses = History(Self.fields(try await harness.stored { $0.expenses.records }))
        var log: [String] = []

        for step in 0..<60 {
            let shownGuests = session.guests.guests, shownExpenses = session.budget.expenses
            let action = random.int(in: 0...9)
            switch action {
            case 0:
                let guest = Guest(firstName: random.pick(Self.names), lastName: random.pick(Self.names), createdAt: Sample.start)
                log.append("add guest")
                #expect(await session.guests.create(guest) == .saved)
            case 1, 2:
                guard let guest = shownGuests.randomElement(using: &random) else { continue }
                var edited = guest
                if action == 1 {
                    edited.lastName = guest.lastName + random.pick(Self.names)
                    log.append("rename \(guest.firstName)")
                    #expect(await session.guests.update(edited) == .saved)
                } else {
                    edited.rsvp = random.pick(RSVPStatus.allCases.filter { $0 != guest.rsvp })
                    log.append("RSVP \(guest.firstName) \(edited.rsvp)")
                    #expect(await session.guests.setRSVP(edited.rsvp, for: guest.id) == .saved)
                }
            case 3:
                guard let guest = shownGuests.randomElement(using: &random) else { continue }
                log.append("delete \(guest.firstName)")
                #expect(await session.guests.delete(guest.id) == .saved)
            case 4:
                guard var expense = shownExpenses.randomElement(using: &random) else { continue }
                expense.notes += random.pick(["a", "b", "c"])
                log.append("note on \(expense.name)")
                #expect(await session.budget.updateExpense(expense) == .saved)
            case 5, 6:
                log.append("undo guests")
                let outcome = await session.guests.undo()
                #expect(outcome == (guests.canUndo ? .saved : .failed(.nothingToUndo)), "seed \(seed) step \(step): \(log)")
                if guests.canUndo { guests.undo() }
            case 7:
                log.append("redo guests")
                let outcome = await session.guests.redo()
                #expect(outcome == (guests.canRedo ? .saved : .failed(.nothingToRedo)), "seed \(seed) step \(step): \(log)")
                if guests.canRedo { guests.redo() }
            case 8:
                log.append("undo budget")
                let outcome = await session.budget.undo()
                #expect(outcome == (expenses.canUndo ? .saved : .failed(.nothingToUndo)), "seed \(seed) step \(step): \(log)")
                if expenses.canUndo { expenses.undo() }
            default:
                log.append("redo budget")
                let outcome = await session.budget.redo()
                #expect(outcome == (expenses.canRedo ? .saved : .failed(.nothingToRedo)), "seed \(seed) step \(step): \(log)")
                if expenses.canRedo { expenses.redo() }
            }
            if action <= 3 { guests.edited(to: Self.fields(try await harness.stored { $0.guests.records })) }
            if action == 4 { expenses.edited(to: Self.fields(try await harness.stored { $0.expenses.records })) }

            let storedGuests = Self.fields(try await harness.stored { $0.guests.records })
            let storedExpenses = Self.fields(try await harness.stored { $0.expenses.records })
            #expect(storedGuests == guests.current, "seed \(seed) step \(step): guests differ from the reference after \(log)")
            #expect(storedExpenses == expenses.current, "seed \(seed) step \(step): expenses differ after \(log)")
            #expect(Self.fields(session.guests.guests.records) == storedGuests && Self.fields(session.budget.expenses.records) == storedExpenses,
                    "seed \(seed) step \(step): what is shown is not what is stored")
            #expect(!session.guests.hasConflict && !session.budget.hasConflict)
            if storedGuests != guests.current || storedExpenses != expenses.current { break }
        }
        session.close()
    }
}
