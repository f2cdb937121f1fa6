import BlueprintDemo
import BlueprintDomain
import Foundation
import Testing

/// The three-way merge by field against a reference written plainly here: for each field, the
/// side that changed it wins, both changing it alike agree, both changing it differently is a
/// conflict that keeps theirs unless a side is chosen. Random edits on both sides of random
/// records; the seed is printed, `BLUEPRINT_MODEL_SEED=<seed>` replays a run.
@Suite("Record merge by field")
struct RecordMergeTests {
    static let rounds = 1_000

    /// A field of a guest as the reference sees it: its path, and how to read and write it as text.
    struct GuestField: @unchecked Sendable {
        let path: String
        let read: (Guest) -> String
        let write: (inout Guest, String) -> Void
    }

    static func text(_ name: String, _ keyPath: WritableKeyPath<Guest, String>) -> GuestField {
        GuestField(path: name, read: { $0[keyPath: keyPath] }, write: { $0[keyPath: keyPath] = $1 })
    }

    static let guestFields: [GuestField] = [
        text("firstName", \.firstName), text("lastName", \.lastName), text("email", \.email), text("phone", \.phone),
        text("household", \.household), text("mealChoice", \.mealChoice), text("notes", \.notes),
        text("address.city", \.address.city), text("address.postalCode", \.address.postalCode),
        GuestField(path: "rsvp", read: { $0.rsvp.rawValue }, write: { $0.rsvp = RSVPStatus(rawValue: $1) ?? .pending }),
        GuestField(path: "plusOneAllowed", read: { "\($0.plusOneAllowed)" }, write: { $0.plusOneAllowed = $1 == "true" }),
        GuestField(path: "table", read: { $0.table.map(String.init) ?? "" }, write: { $0.table = Int($1) }),
    ]

    /// A value for `field` drawn from a few, so both sides often pick the same one.
    static func value(for field: GuestField, _ random: inout SeededRandom) -> String {
        switch field.path {
        case "rsvp": random.pick(RSVPStatus.allCases).rawValue
        case "plusOneAllowed": random.pick(["true", "false"])
        case "table": random.pick(["", "1", "2", "7"])
        default: random.pick(["", "Ana", "Zoë", "ana@example.com", "+1 555 0100", "Lisbon"])
        }
    }

    static func edit(_ guest: Guest, _ random: inout SeededRandom) -> Guest {
        var edited = guest
        for field in guestFields where random.chance(25) { field.write(&edited, value(for: field, &random)) }
        return edited
    }

    @Test("random edits of a guest on both sides merge as the reference says, conflicts keep theirs until chosen")
    func guests() throws {
        let seed = ProcessInfo.processInfo.environment["BLUEPRINT_MODEL_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        print("Record merge seed: \(seed) (replay with BLUEPRINT_MODEL_SEED=\(seed))")
        var random = SeededRandom(seed: seed)
        for round in 1...Self.rounds {
            var base = Guest(firstName: "Ana", lastName: "Ruiz")
            for field in Self.guestFields { field.write(&base, Self.value(for: field, &random)) }
            let mine = Self.edit(base, &random)
            var theirs = Self.edit(base, &random)
            theirs.version = base.version + 1
            theirs.updatedAt = Timestamp(millisecondsSince1970: base.updatedAt.millisecondsSince1970 + 1000)
            let context = Comment(rawValue: "seed \(seed), round \(round)")

            var conflicting: Set<String> = []
            for field in Self.guestFields {
                let (b, m, t) = (field.read(base), field.read(mine), field.read(theirs))
                if m != t && m != b && t != b { conflicting.insert(field.path) }
            }
            let result = try RecordMerge.merge(base: base, mine: mine, theirs: theirs)
            #expect(Set(result.conflicts.map(\.path.description)) == conflicting, context)
            #expect(result.merged.version == theirs.version && result.merged.updatedAt == theirs.updatedAt
                    && result.merged.id == base.id, context)
            for field in Self.guestFields {
                let (b, m, t) = (field.read(base), field.read(mine), field.read(theirs))
                let expected = conflicting.contains(field.path) ? t : (m == b ? t : m)
                #expect(field.read(result.merged) == expected, "\(field.path): \(context)")
            }

            let choices = Dictionary(uniqueKeysWithValues: conflicting.map { ($0, random.chance(50) ? MergeSide.mine : .theirs) })
            let chosen = try RecordMerge.merge(base: base, mine: mine, theirs: theirs) { choices[$0.description] }
            #expect(chosen.isClean, context)
            for field in Self.guestFields {
                let (b, m, t) = (field.read(base), field.read(mine), field.read(theirs))
                let expected = choices[field.path].map { $0 == .mine ? m : t } ?? (m == b ? t : m)
                #expect(field.read(chosen.merged) == expected, "\(field.path) chosen: \(context)")
            }
        }
    }

    /// An expense's installments as the reference sees them: by id, amount and paid day.
    typealias Plan = [UUID: String]

    static func plan(_ expense: Expense) -> Plan {
        Dictionary(uniqueKeysWithValues: expense.installments.map { ($0.id, "\($0.amount.minorUnits) \($0.paidDate?.description ?? "-")") })
    }

    static func editInstallments(_ expense: Expense, _ random: inout SeededRandom) -> Expense {
        var edited = expense
        for index in edited.installments.indices.reversed() where random.chance(30) {
            if random.chance(40) {
                edited.installments.remove(at: index)
            } else if random.chance(50) {
                edited.installments[index].amount = Money(minorUnits: Int64(random.int(in: 1...5) * 10_000))
            } else {
                edited.installments[index].paidDate = random.chance(50) ? CalendarDate(year: 2027, month: 1, day: random.int(in: 1...3)) : nil
            }
        }
        if random.chance(30) {
            edited.installments.append(Installment(amount: Money(minorUnits: 7_000), dueDate: CalendarDate(year: 2027, month: 2, day: 1)!))
        }
        return edited
    }

    @Test("installments merge one by one: added, changed and deleted on either side, both kept; an edit meeting a deletion is a conflict")
    func installments() throws {
        let seed = ProcessInfo.processInfo.environment["BLUEPRINT_MODEL_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        print("Installment merge seed: \(seed) (replay with BLUEPRINT_MODEL_SEED=\(seed))")
        var random = SeededRandom(seed: seed)
        for round in 1...Self.rounds {
            var base = Expense(name: "Flowers", categoryID: UUID(), amount: Money(minorUnits: 500_000))
            base.installments = (0..<random.int(in: 0...4)).map { _ in
                Installment(amount: Money(minorUnits: Int64(random.int(in: 1...5) * 10_000)), dueDate: CalendarDate(year: 2027, month: 1, day: 15)!)
            }
            let mine = Self.editInstallments(base, &random)
            var theirs = Self.editInstallments(base, &random)
            theirs.version += 1
            let context = Comment(rawValue: "seed \(seed), round \(round)")
            let (b, m, t) = (Self.plan(base), Self.plan(mine), Self.plan(theirs))

            var expected: Plan = [:]
            var conflicts: Set<UUID> = []
            for id in Set(b.keys).union(m.keys).union(t.keys) {
                let (was, my, their) = (b[id], m[id], t[id])
                if my == their { expected[id] = my }
                else if my == was { expected[id] = their }
                else if their == was { expected[id] = my }
                else if my != nil && their != nil && was != nil {
                    // Both changed one installment: its amount and paid day merge as fields.
                    let parts = (was!.split(separator: " "), my!.split(separator: " "), their!.split(separator: " "))
                    var merged: [Substring] = []
                    for index in 0..<2 {
                        let (x, y, z) = (parts.0[index], parts.1[index], parts.2[index])
                        if y != z && y != x && z != x { conflicts.insert(id) }
                        merged.append(y == x ? z : (z == x ? y : z))
                    }
                    expected[id] = merged.joined(separator: " ")
                } else {
                    conflicts.insert(id)
                    expected[id] = their
                }
            }
            let result = try RecordMerge.merge(base: base, mine: mine, theirs: theirs)
            #expect(Self.plan(result.merged) == expected.compactMapValues { $0 }, context)
            let conflicted = Set(result.conflicts.compactMap { conflict -> UUID? in
                guard conflict.path.steps.count >= 2, case .element(let id) = conflict.path.steps[1] else { return nil }
                return UUID(uuidString: id)
            })
            #expect(conflicted == conflicts, context)
            #expect(result.conflicts.allSatisfy { $0.path.topField == "installments" }, context)
        }
    }

    @Test("an installment only you added stays after the one it followed in your list")
    func addedElementKeepsItsPlace() throws {
        let first = Installment(amount: Money(minorUnits: 100), dueDate: CalendarDate(year: 2027, month: 1, day: 1)!)
        let second = Installment(amount: Money(minorUnits: 200), dueDate: CalendarDate(year: 2027, month: 2, day: 1)!)
        let third = Installment(amount: Money(minorUnits: 300), dueDate: CalendarDate(year: 2027, month: 3, day: 1)!)
        var base = Expense(name: "Venue", categoryID: UUID(), amount: Money(minorUnits: 1_000))
        base.installments = [first, third]
        var mine = base
        mine.installments = [first, second, third]
        var theirs = base
        theirs.installments[1].amount = Money(minorUnits: 350)
        theirs.notes = "deposit agreed"
        let result = try RecordMerge.merge(base: base, mine: mine, theirs: theirs)
        #expect(result.isClean)
        #expect(result.merged.installments.map(\.id) == [first.id, second.id, third.id])
        #expect(result.merged.installments[2].amount == Money(minorUnits: 350))
        #expect(result.merged.notes == "deposit agreed")
        #expect(result.yourChanges.map(\.description) == ["installments[\(second.id.uuidString)]"])
        #expect(Set(result.theirChanges.map(\.description)) == ["installments[\(third.id.uuidString)]", "notes"],
                "their edit of the third installment is kept whole: you did not touch it")
    }

    @Test("Mei's phone and Sam's email, made from one version, both survive; no conflict")
    func disjointFieldsMerge() throws {
        let base = Guest(firstName: "Ana", lastName: "Ruiz", email: "ana@old.example", phone: "+1 555 0100")
        var mei = base
        mei.phone = "+1 555 0199"
        mei.version = 2
        var sam = base
        sam.email = "ana@new.example"
        let result = try RecordMerge.merge(base: base, mine: sam, theirs: mei)
        #expect(result.isClean)
        #expect(result.merged.phone == "+1 555 0199" && result.merged.email == "ana@new.example")
        #expect(result.merged.version == 2)
        #expect(result.yourChanges == [.field("email")] && result.theirChanges == [.field("phone")])
    }
}
