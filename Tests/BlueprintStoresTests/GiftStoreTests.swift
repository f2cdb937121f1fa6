import BlueprintDomain
@testable import BlueprintStores
import Testing

@MainActor
@Suite("The gift store", .timeLimit(.minutes(3)))
struct GiftStoreTests {
    nonisolated static let mixer = Sample.uuid(201), cheque = Sample.uuid(202), vase = Sample.uuid(203), dinner = Sample.uuid(204)
    nonisolated static let parents = Sample.uuid(211), loan = Sample.uuid(212)

    static func day(_ month: Int, _ day: Int) -> CalendarDate { CalendarDate(year: 2025, month: month, day: day)! }

    /// The sample wedding with gifts (two still to thank, one without a date) and money owed each way.
    static func dataset() -> WeddingDataset {
        var dataset = Sample.dataset()
        dataset.gifts = RecordTable([
            Gift(id: mixer, guestIDs: [Sample.ana, Sample.ben], description: "Stand mixer", value: Sample.money(300),
                 receivedOn: day(12, 5), createdAt: Sample.start),
            Gift(id: cheque, guestIDs: [Sample.cleo], description: "Cheque", giftKind: .money, value: Sample.money(150),
                 receivedOn: day(11, 20), thankYouSent: true, thankYouSentOn: day(11, 30), thankYouMethod: .card,
                 createdAt: Sample.start),
            Gift(id: vase, from: "Ana's office", description: "Vase", createdAt: Sample.start),
            Gift(id: dinner, guestIDs: [Sample.ana], description: "Honeymoon fund", giftKind: .money,
                 value: Money(minorUnits: 7_525), receivedOn: day(10, 1), createdAt: Sample.start),
        ])
        dataset.moneyOwed = RecordTable([
            MoneyOwed(id: parents, person: "Ana's parents", direction: .toCouple, amount: Sample.money(5_000),
                      settled: Sample.money(2_000), dueOn: day(12, 31), createdAt: Sample.start),
            MoneyOwed(id: loan, person: "Uncle Dev", direction: .byCouple, amount: Sample.money(800), createdAt: Sample.start),
        ])
        return dataset
    }

    @Test func itListsTheGiftsTheThankYousToWriteEachGuestsGiftsAndTheTotals() async {
        let store = await Harness([Self.dataset()]).loaded(GiftStore.init)

        #expect(store.gifts.map(\.id) == [Self.dinner, Self.cheque, Self.mixer, Self.vase], "the oldest received first, undated last")
        #expect(store.thankYousToWrite.map(\.id) == [Self.dinner, Self.mixer, Self.vase])
        #expect(store.gifts(from: Sample.ana).map(\.id) == [Self.dinner, Self.mixer])
        #expect(store.gifts(from: Sample.ben).map(\.id) == [Self.mixer])
        #expect(store.gifts(from: Sample.dev).isEmpty)
        #expect(store.moneyOwed.map(\.id) == [Self.parents, Self.loan])
        #expect(store.summary.gifts == 4)
        #expect(store.summary.thankYousToWrite == 3)
        #expect(store.summary.moneyGifts == Money(minorUnits: 22_525), "the cheque and the fund, to the cent")
        #expect(store.summary.owedToCouple == Sample.money(3_000))
        #expect(store.summary.owedByCouple == Sample.money(800))
    }

    @Test func markingAThankYouSentTakesItOffTheListAndUndoPutsItBack() async throws {
        let harness = Harness([Self.dataset()])
        let store = await harness.loaded(GiftStore.init)

        #expect(await store.markThankYouSent(Self.mixer, method: .letter) == .saved)
        #expect(store.thankYousToWrite.map(\.id) == [Self.dinner, Self.vase])
        #expect(store.summary.thankYousToWrite == 2)
        let stored = try await harness.stored { $0.gifts[Self.mixer] }
        #expect(stored?.thankYouSent == true && stored?.thankYouSentOn == Sample.today && stored?.thankYouMethod == .letter)
        #expect(store.undoTitle == "mark thank-you sent: Stand mixer")

        #expect(await store.undo() == .saved)
        #expect(store.thankYousToWrite.map(\.id) == [Self.dinner, Self.mixer, Self.vase])
        #expect(try await harness.stored { $0.gifts[Self.mixer]?.thankYouSent } == false)

        #expect(await store.markThankYouNotSent(Self.cheque) == .saved)
        #expect(store.thankYousToWrite.map(\.id) == [Self.dinner, Self.cheque, Self.mixer, Self.vase])
        #expect(store.gift(Self.cheque)?.thankYouSentOn == nil && store.gift(Self.cheque)?.thankYouMethod == nil)
    }

    @Test func giftsAreAddedEditedDeletedAndUndone() async throws {
        let harness = Harness([Self.dataset()])
        let store = await harness.loaded(GiftStore.init)
        let cash = Gift(guestIDs: [Sample.dev], description: "Cash", giftKind: .money, value: Money(minorUnits: 5_001),
                        receivedOn: Self.day(11, 1))

        #expect(await store.createGift(cash) == .saved)
        #expect(store.thankYousToWrite.map(\.id) == [Self.dinner, cash.id, Self.mixer, Self.vase])
        #expect(store.summary.moneyGifts == Money(minorUnits: 27_526))
        var edited = try #require(store.gift(cash.id))
        edited.value = Money(minorUnits: 6_000)
        #expect(await store.updateGift(edited) == .saved)
        #expect(store.summary.moneyGifts == Money(minorUnits: 28_525))
        #expect(await store.deleteGift(Self.vase) == .saved)
        #expect(store.gifts.count == 4 && store.summary.thankYousToWrite == 3)

        #expect(await store.undo() == .saved)
        #expect(store.gift(Self.vase)?.from == "Ana's office")
        #expect(await store.undo() == .saved)
        #expect(store.summary.moneyGifts == Money(minorUnits: 27_526))
        #expect(await store.undo() == .saved)
        #expect(store.gift(cash.id) == nil && store.summary.moneyGifts == Money(minorUnits: 22_525))
        #expect(try await harness.stored { $0.gifts.count } == 4)
    }

    @Test func aGiftFromNobodyIsRefusedNamingTheField() async {
        let store = await Harness([Self.dataset()]).loaded(GiftStore.init)

        guard case .failed(.repository(.invalid(.gift, let issues))) = await store.createGift(Gift(description: "Toaster")) else {
            Issue.record("a gift from nobody was saved")
            return
        }
        #expect(issues.map(\.field) == ["from"])
        #expect(store.gifts.count == 4)
    }

    @Test func moneyOwedIsSettledInPartsAndTooMuchIsRefused() async throws {
        let harness = Harness([Self.dataset()])
        let store = await harness.loaded(GiftStore.init)

        #expect(await store.recordSettlement(Self.parents, amount: Money(minorUnits: 100_050)) == .saved)
        #expect(store.owed(Self.parents)?.settled == Money(minorUnits: 300_050))
        #expect(store.summary.owedToCouple == Money(minorUnits: 199_950))
        #expect(store.undoTitle == "record money received: Ana's parents")
        #expect(try await harness.stored { $0.moneyOwed[Self.parents]?.settled } == Money(minorUnits: 300_050))

        guard case .failed(.repository(.invalid(.moneyOwed, let issues))) =
                await store.recordSettlement(Self.loan, amount: Sample.money(801)) else {
            Issue.record("more than is owed was paid")
            return
        }
        #expect(issues.map(\.field) == ["amount"])
        #expect(issues.first?.message.contains("paid") == true)
        #expect(await store.recordSettlement(Self.loan, amount: .zero) != .saved)
        #expect(store.owed(Self.loan)?.settled == .zero && store.summary.owedByCouple == Sample.money(800))

        #expect(await store.undo() == .saved)
        #expect(store.summary.owedToCouple == Sample.money(3_000))
    }

    @Test func moneyOwedIsAddedEditedAndDeleted() async throws {
        let store = await Harness([Self.dataset()]).loaded(GiftStore.init)
        let gran = MoneyOwed(person: "Gran", direction: .toCouple, amount: Sample.money(250), dueOn: Self.day(6, 1))

        #expect(await store.createOwed(gran) == .saved)
        #expect(store.moneyOwed.map(\.id) == [gran.id, Self.parents, Self.loan])
        #expect(store.summary.owedToCouple == Sample.money(3_250))
        var edited = try #require(store.owed(gran.id))
        edited.direction = .byCouple
        #expect(await store.updateOwed(edited) == .saved)
        #expect(store.summary.owedToCouple == Sample.money(3_000) && store.summary.owedByCouple == Sample.money(1_050))
        #expect(await store.deleteOwed(Self.loan) == .saved)
        #expect(store.summary.owedByCouple == Sample.money(250))
        #expect(store.undoTitle == "delete money owed: Uncle Dev")
    }

    @Test func anotherSessionsChangeIsPatchedInWithoutReloading() async throws {
        let harness = Harness([Self.dataset()])
        let messages = HeldMessages()
        let session = await harness.openSession(holding: messages)
        let store = session.gifts
        let reads = await harness.probe.readCounts()
        var vase = try #require(store.gift(Self.vase))
        vase.thankYouSent = true
        vase.version += 1
        let towels = Gift(guestIDs: [Sample.ben], description: "Towels", receivedOn: Self.day(9, 1))
        var parents = try #require(store.owed(Self.parents))
        parents.settled = parents.amount
        parents.version += 1

        await harness.externalWrite([.save(vase), .save(towels), .delete(Gift.self, id: Self.dinner), .save(parents)])

        await messages.handOverChange(to: session)
        #expect(store.gift(Self.dinner) == nil && store.gift(towels.id) != nil)
        #expect(store.thankYousToWrite.map(\.id) == [towels.id, Self.mixer])
        #expect(store.gifts(from: Sample.ben).map(\.id) == [towels.id, Self.mixer])
        #expect(store.summary.moneyGifts == Sample.money(150))
        #expect(store.summary.owedToCouple == .zero)
        #expect(session.dashboard.dashboard.thankYousToWrite == 2)
        #expect(await harness.probe.readCounts() == reads, "the gifts were patched, not loaded again")
        session.close()
    }
}
