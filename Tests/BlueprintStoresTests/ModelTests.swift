import BlueprintCache
import BlueprintDemo
import BlueprintDomain
import BlueprintRepositories
@testable import BlueprintStores
import BlueprintTestDoubles
import Foundation
import Testing

/// The stores of a live session, driven through random sequences of local edits, undo, edit
/// conflicts (resolved both ways), other processes' writes and changes of order, filter and
/// search, patch their rows and figures from the wedding's changes. After every step, once the
/// changes are delivered, what they show equals what a fresh session loads from the same data,
/// and only resolving a conflict by reloading loads again.
@MainActor
@Suite("Stores patched by changes against fresh loads", .timeLimit(.minutes(3)))
struct ModelTests {
    /// Few names, so that rows often tie and their table order decides.
    static let names = ["Ana", "Ben", "Cleo", "Dev", "Émile", "Zoë", "北京", "Ana Maria"]

    @Test("random sequences of edits, undo, conflicts and outside writes", arguments: 1...12)
    func randomSequences(seed: UInt64) async throws {
        var random = SeededRandom(seed: seed)
        var dataset = Sample.dataset()
        for _ in 0..<30 { dataset.guests.upsert(Self.randomGuest(&random)) }
        let host = InMemoryWeddingHost([dataset])
        let wedding = dataset.wedding.weddingID
        let clock = ManualClock(start: Sample.start)
        let repositories = Repositories(host: host, cache: RepositoryCache(clock: clock))
        let probe = LoadProbe()
        let probed = ProbedRepositories(base: repositories, probe: probe)
        let context = StoreContext(weddings: probed, guests: probed, budget: probed, vendors: probed, tasks: probed,
                                   records: probed, documents: repositories.documents,
                                   changes: probed, clock: clock, timeZone: TimeZone(identifier: "UTC")!)
        let freshContext = StoreContext(weddings: repositories.weddings, guests: repositories.guests,
                                        budget: repositories.budget, vendors: repositories.vendors, tasks: repositories.tasks,
                                        records: repositories, documents: repositories.documents,
                                        changes: repositories, clock: clock, timeZone: TimeZone(identifier: "UTC")!)
        let messages = HeldMessages()
        let session = WeddingSession(wedding: wedding, context: context, deliver: messages.deliver)
        for store in session.stores { await messages.load(store, of: session) }
        let readsAtOpening = await probe.readCounts()
        var reloadsAsked = 0

        for step in 0..<40 {
            let guests = session.guests.guests
            let action = random.int(in: 0...11)
            switch action {
            case 0:
                _ = await session.guests.create(Self.randomGuest(&random))
            case 1:
                guard let guest = guests.randomElement(using: &random) else { continue }
                _ = await session.guests.update(Self.changed(guest, &random))
            case 2:
                guard let guest = guests.randomElement(using: &random) else { continue }
                _ = await session.guests.delete(guest.id)
            case 3:
                guard let guest = guests.randomElement(using: &random) else { continue }
                _ = await session.guests.setRSVP(random.pick(RSVPStatus.allCases), for: guest.id)
            case 4:
                let store: DomainStore = random.pick([session.guests, session.vendors, session.tasks, session.budget])
                _ = await store.undo()
            case 5:
                var mutations: [Mutation] = []
                for _ in 0..<random.int(in: 1...3) {
                    let stored = try await host.read(wedding) { $0.guests.records }
                    switch random.int(in: 0...2) {
                    case 0: mutations.append(.save(Self.stored(Self.randomGuest(&random))))
                    case 1:
                        guard var guest = stored.randomElement(using: &random) else { continue }
                        guest = Self.changed(guest, &random)
                        guest.version += 1
                        mutations.append(.save(guest))
                    default:
                        guard let guest = stored.randomElement(using: &random) else { continue }
                        mutations.append(.delete(Guest.self, id: guest.id))
                    }
                }
                await host.simulateExternalWrite(wedding, mutations)
            case 6:
                // Someone else edits a guest just before this session saves its own edit of it.
                guard let guest = guests.randomElement(using: &random) else { continue }
                var theirs = Self.changed(guest, &random)
                theirs.version += 1
                await host.simulateExternalWrite(wedding, [.save(theirs)])
                let outcome = await session.guests.update(Self.changed(guest, &random))
                if outcome == .conflict {
                    if random.int(in: 0...1) == 0 {
                        _ = await session.guests.resolveConflictByOverwriting()
                    } else {
                        reloadsAsked += 1
                        let reloading = Task { await session.guests.resolveConflictByReloading() }
                        let landing = await messages.loaded(.guests)
                        // The changes made so far arrive while the reload is in flight, or after it lands.
                        if random.int(in: 0...1) == 0 {
                            await messages.handOverChanges(through: try await host.activity(in: wedding).sequence, to: session)
                        }
                        session.handle(landing)
                        await reloading.value
                    }
                }
            case 7:
                switch random.int(in: 0...4) {
                case 0: session.guests.order.cycle()
                case 1: session.guests.order.reverse()
                case 2: session.guests.filter.rsvp = random.int(in: 0...1) == 0 ? [] : [random.pick(RSVPStatus.allCases)]
                case 3: session.guests.filter.text = TextQuery(random.pick(["", "a", "an", "é", "北"]))
                default: session.guests.searchText = random.pick(["", "a", "zo", "ana"])
                }
            case 8:
                let vendor = random.pick([Sample.grandHall, Sample.roseFlorist])
                _ = random.int(in: 0...1) == 0 ? await session.vendors.book(vendor) : await session.vendors.delete(vendor)
            case 9:
                _ = await session.tasks.toggleDone(random.pick([Sample.bookVenue, Sample.orderCake, Sample.sendInvites]))
            case 10:
                _ = await session.budget.markPaid(random.pick([Sample.venueDeposit, Sample.bouquet]))
            default:
                session.tasks.order.cycle()
                session.vendors.filter.text = TextQuery(random.pick(["", "r", "hall"]))
            }
            await messages.handOverChanges(through: try await host.activity(in: wedding).sequence, to: session)
            let fresh = WeddingSession(wedding: wedding, context: freshContext)
            fresh.guests.order = session.guests.order
            fresh.guests.filter = session.guests.filter
            fresh.guests.searchText = session.guests.searchText
            fresh.tasks.order = session.tasks.order
            fresh.vendors.filter = session.vendors.filter
            for store in fresh.stores { await store.load() }
            let expected = Shown(fresh)
            let matched = Shown(session) == expected
            #expect(matched, "seed \(seed), step \(step), action \(action): the stores differ from a fresh load")
            fresh.close()
            guard matched else { break }
        }
        var reads = await probe.readCounts()
        reads[.guests, default: 0] -= reloadsAsked
        #expect(reads == readsAtOpening, "a store loaded again")
        session.close()
    }

    static func randomGuest(_ random: inout SeededRandom) -> Guest {
        var guest = Guest(firstName: random.pick(names), lastName: random.pick(names), createdAt: Sample.start)
        guest.rsvp = random.pick(RSVPStatus.allCases)
        guest.table = random.int(in: 0...2) == 0 ? nil : random.int(in: 1...5)
        guest.mealChoice = random.pick(["", "Fish", "Beef"])
        return guest
    }

    /// `guest` as a new record stored by another process (version 1).
    static func stored(_ guest: Guest) -> Guest {
        var stored = guest
        stored.version = 1
        return stored
    }

    static func changed(_ guest: Guest, _ random: inout SeededRandom) -> Guest {
        var changed = guest
        switch random.int(in: 0...3) {
        case 0: changed.rsvp = random.pick(RSVPStatus.allCases)
        case 1: changed.table = random.int(in: 0...2) == 0 ? nil : random.int(in: 1...5)
        case 2: changed.lastName = random.pick(names)
        default: changed.mealChoice = random.pick(["", "Fish", "Beef", "Vegan"])
        }
        return changed
    }
}

extension Array {
    func randomElement(using random: inout SeededRandom) -> Element? {
        isEmpty ? nil : self[random.int(in: 0...count - 1)]
    }
}
