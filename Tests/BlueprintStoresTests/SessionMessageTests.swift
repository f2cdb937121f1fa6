import BlueprintDomain
@testable import BlueprintStores
import BlueprintTestDoubles
import Testing

/// Every state change of an open wedding arrives as a message, made in `WeddingSession.handle`
/// alone. These tests hold the messages and hand them over in the order each race could
/// interleave them: nothing waits for a store to come round, and nothing changes before its
/// message is handled.
@MainActor
@Suite("Session messages", .timeLimit(.minutes(1)))
struct SessionMessageTests {
    @Test("another process's change shows when its message is handled, not before, and the user is told")
    func anExternalChangeShowsWhenHandled() async {
        let (harness, messages, session) = await openHeld()
        let eve = Guest(firstName: "Eve", lastName: "Evans")

        await harness.externalWrite([.save(eve)])
        let change = await messages.committed()
        #expect(session.guests.guest(eve.id) == nil, "shown before its message was handled")

        let notice = session.handle(.committed(change))
        #expect(session.guests.guest(eve.id)?.firstName == "Eve")
        #expect(session.guests.stats.invited == 5)
        #expect(notice == .externalChange(change))
        #expect(session.guests.isCacheValid && !session.guests.isLoading)
        session.close()
    }

    @Test("this session's own change tells the user nothing more")
    func aLocalChangeHasNoNotice() async {
        let (_, messages, session) = await openHeld()
        #expect(await session.guests.delete(Sample.dev) == .saved)
        let change = await messages.committed()
        #expect(change.origin == .local)
        #expect(session.handle(.committed(change)) == nil)
        #expect(session.guests.guest(Sample.dev) == nil)
        session.close()
    }

    @Test("an intent's write answers as a message: the undo it records comes when the answer is handled, not before")
    func anIntentsAnswerTakesItsTurn() async {
        let (_, messages, session) = await openHeld()
        messages.holdsAnswers = true
        let deleting = Task { await session.guests.delete(Sample.dev) }
        let answer = await messages.take { if case .answered = $0 { true } else { false } }
        #expect(session.guests.guest(Sample.dev) == nil, "the deletion shows at once, before its write answers")
        #expect(!session.guests.canUndo, "recorded before its answer was handled")

        session.handle(answer)
        #expect(await deleting.value == .saved)
        #expect(session.guests.canUndo && session.guests.undoTitle == "delete guest: Dev Das")
        #expect(session.guests.guest(Sample.dev) == nil)
        session.close()
    }

    @Test("an undo whose answer is handled in the inbox's turn, not in the undo's own task, still records what redo does")
    func anUndosAnswerRecordsItsRedo() async {
        let (_, messages, session) = await openHeld()
        #expect(await session.guests.delete(Sample.dev) == .saved)
        messages.holdsAnswers = true
        let undoing = Task { await session.guests.undo() }
        session.handle(await messages.take { if case .answered = $0 { true } else { false } })
        #expect(await undoing.value == .saved)
        #expect(session.guests.guest(Sample.dev) != nil)
        #expect(session.guests.canRedo && session.guests.redoTitle == "delete guest: Dev Das")
        #expect(!session.guests.canUndo, "the undo was recorded as a new change")
        session.close()
    }

    @Test("a gap in the sequence of changes reloads every store, and each shows what it read when its load lands")
    func aGapReloads() async {
        let (harness, messages, session) = await openHeld()
        let dan = Guest(firstName: "Dan", lastName: "Dale")
        let eve = Guest(firstName: "Eve", lastName: "Evans")
        let fay = Guest(firstName: "Fay", lastName: "Ford")
        await harness.externalWrite([.save(dan)])
        session.handle(.committed(await messages.committed()))
        #expect(session.guests.guest(dan.id) != nil && !session.guests.isLoading)
        await harness.externalWrite([.save(eve)])
        await harness.externalWrite([.save(fay)])
        _ = await messages.committed()  // Eve's change is missed
        let second = await messages.committed()

        session.handle(.committed(second))
        for store in session.stores { #expect(store.isLoading, "\(store.domain) did not reload after the gap") }
        #expect(session.guests.guest(fay.id) == nil, "patched although changes were missed")

        for store in session.stores { session.handle(await messages.loaded(store.domain)) }
        #expect(session.guests.guest(eve.id) != nil && session.guests.guest(fay.id) != nil)
        for store in session.stores { #expect(store.isCacheValid && store.loadState == .loaded, "\(store.domain)") }
        session.close()
    }

    @Test("a change committed while a load is in flight shows once the load lands, whichever message comes first",
          arguments: [true, false])
    func aChangeDuringALoad(changeFirst: Bool) async {
        let (harness, messages, session) = await openHeld()
        let store = session.guests
        let reloading = Task { await store.load(force: true) }
        let landing = await messages.loaded(.guests)  // read before the change below
        let (eve, change) = await addEveElsewhere(harness, messages)

        if changeFirst {
            session.handle(.committed(change))
            #expect(store.guest(eve.id) == nil, "shown while its load was in flight")
            session.handle(landing)
        } else {
            session.handle(landing)
            #expect(store.guest(eve.id) == nil, "the load read before the change")
            session.handle(.committed(change))
        }
        await reloading.value
        #expect(store.guest(eve.id)?.firstName == "Eve")
        #expect(store.stats.invited == 5 && store.loadState == .loaded)
        session.close()
    }

    @Test("an older load landing after a newer one changes nothing")
    func anOvertakenLoadLandsNowhere() async {
        let (harness, messages, session) = await openHeld()
        let store = session.guests
        let older = Task { await store.load(force: true) }
        let olderLanding = await messages.loaded(.guests)
        let (eve, change) = await addEveElsewhere(harness, messages)
        let newer = Task { await store.load(force: true) }
        let newerLanding = await messages.loaded(.guests)

        session.handle(newerLanding)
        #expect(store.guest(eve.id) != nil)
        session.handle(olderLanding)
        #expect(store.guest(eve.id) != nil, "the older load, read before Eve was added, replaced the newer")
        #expect(store.loadState == .loaded)
        session.handle(.committed(change))
        #expect(store.guests.count == 5)
        await older.value
        await newer.value
        session.close()
    }

    @Test("whoever awaits a load is let go when its landing is handled, or when the session closes first")
    func awaitedLoadsEnd() async {
        let (_, messages, session) = await openHeld()
        let landed = Task { await session.budget.load(force: true) }
        session.handle(await messages.loaded(.budget))
        await landed.value
        #expect(session.budget.loadState == .loaded)

        let abandoned = Task { await session.vendors.load(force: true) }
        let landing = await messages.loaded(.vendors)
        session.close()
        await abandoned.value
        #expect(session.handle(landing) == nil)
    }

    @Test("a closed session changes nothing for the messages still queued")
    func aClosedSessionTakesNothing() async {
        let (harness, messages, session) = await openHeld()
        let (eve, change) = await addEveElsewhere(harness, messages)
        session.close()
        #expect(session.handle(.committed(change)) == nil)
        #expect(session.guests.guest(eve.id) == nil)
        #expect(session.handle(.connection(.refused("revoked"))) == nil)
    }

    @Test("the database refusing this machine is told, with its reason")
    func aRefusalIsTold() async {
        let (_, _, session) = await openHeld()
        #expect(session.handle(.connection(.refused("no such role"))) == .refused("no such role"))
        #expect(session.handle(.connection(.notWatched)) == nil)
        session.close()
    }

    @Test("a read of who else is here that a later read overtook lands nowhere")
    func anOvertakenPresenceReadLandsNowhere() async throws {
        let board = InMemoryPresenceBoard(clock: ManualClock(start: Sample.start))
        let (harness, messages, session) = await openHeld { $0.presence = board }
        let presence = try #require(session.presence)
        let isPresenceRead = { (message: SessionMessage) in if case .presenceRead = message { true } else { false } }
        // The heartbeat's first read (nobody else yet).
        session.handle(await messages.take(isPresenceRead))
        #expect(presence.others.isEmpty)

        let older = Task { await presence.refresh() }
        let olderRead = await messages.take(isPresenceRead)
        await older.value
        let mei = Presence(sessionID: Sample.uuid(900), identity: PresenceIdentity(name: "Mei", account: "mei", host: "h", pid: 2),
                           started: Sample.start, lastHeartbeat: Sample.start, pane: "guests", editing: nil)
        try await board.announce(mei, in: harness.weddingID)
        let newer = Task { await presence.refresh() }
        var newerRead = await messages.take(isPresenceRead)
        // The board's notice of Mei may post a read of its own first: take the newest.
        while case .presenceRead(let read) = newerRead, read.others.isEmpty { newerRead = await messages.take(isPresenceRead) }
        await newer.value

        session.handle(newerRead)
        #expect(presence.others.map(\.name) == ["Mei"])
        session.handle(olderRead)
        #expect(presence.others.map(\.name) == ["Mei"], "the older read, from before Mei came, replaced the newer")
        session.close()
    }

    @Test("edits made offline that conflict are told when a read finds them changed, and an overtaken read lands nowhere")
    func offlineConflictReads() async throws {
        let conflicts = InMemoryOfflineConflicts()
        let (_, messages, session) = await openHeld { $0.offlineConflicts = conflicts }
        let model = try #require(session.offlineConflicts)
        let isConflictsRead = { (message: SessionMessage) in if case .offlineConflictsRead = message { true } else { false } }
        // The read made on opening: none.
        #expect(session.handle(await messages.take(isConflictsRead)) == nil)

        let older = Task { await model.refresh() }
        let olderRead = await messages.take(isConflictsRead)
        await older.value
        let edit = ActivityEntry(at: Sample.start, author: "me", operation: "guestUpdated",
                                 summary: ActivitySummary(counting: []))
        conflicts.add(edit, announced: false)
        let newer = Task { await model.refresh() }
        let newerRead = await messages.take(isConflictsRead)
        await newer.value

        let found = [OfflineConflict(position: 0, edit: edit)]
        #expect(session.handle(newerRead) == .offlineConflicts(found))
        #expect(model.conflicts == found)
        #expect(session.handle(olderRead) == nil)
        #expect(model.conflicts == found, "the older read, from before the conflict, replaced the newer")
        session.close()
    }

    /// A live session on the sample wedding, every store loaded, whose messages are held;
    /// `configure` adds to its context (a presence board, offline conflicts).
    private func openHeld(_ configure: (inout StoreContext) -> Void = { _ in }) async -> (Harness, HeldMessages, WeddingSession) {
        let harness = Harness()
        var context = harness.context
        configure(&context)
        let messages = HeldMessages()
        return (harness, messages, await harness.openSession(holding: messages, context: context))
    }

    /// Adds Eve as another process would, and takes the change's message (held, not handled).
    private func addEveElsewhere(_ harness: Harness, _ messages: HeldMessages) async -> (Guest, RepositoryChange) {
        let eve = Guest(firstName: "Eve", lastName: "Evans")
        await harness.externalWrite([.save(eve)])
        return (eve, await messages.committed())
    }
}
