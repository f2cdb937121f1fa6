import BlueprintDomain
import Foundation

/// The open wedding's gifts and money owed, ready to draw: every gift (the oldest received
/// first), the thank-yous still to write in that order, each guest's gifts, the money owed to
/// and by the couple, and their totals (`GiftSummary`). Intents change gifts and money owed at
/// once and roll back if the write fails; each is undoable.
///
/// Changes (this session's writes and other sessions') are patched in: the changed record is
/// moved to its place in its lists and the totals are adjusted by it. Nothing is reloaded
/// after a write.
@MainActor
public final class GiftStore: DomainStore {
    public static let validity = Duration.seconds(10 * 60)

    private let giftRepository: any RecordRepository<Gift>
    private let owedRepository: any RecordRepository<MoneyOwed>
    private var giftRows = SortedRecords<Gift>(by: GiftStore.precedes)
    private var thankYouRows = SortedRecords<Gift>(by: GiftStore.precedes)
    private var owedRows = SortedRecords<MoneyOwed>(by: GiftStore.precedes)

    private lazy var giftRecords: RecordCollection<Gift> = {
        let records = RecordCollection(RecordGateway(giftRepository, in: weddingID), in: self)
        records.rowChanged = { [unowned self] old, new, _ in
            let table = giftRecords.records
            giftRows.replace(old, with: new, in: table)
            thankYouRows.replace(old.flatMap { $0.needsThankYou ? $0 : nil }, with: new.flatMap { $0.needsThankYou ? $0 : nil },
                                 in: table)
            if let old { summary.remove(old) }
            if let new { summary.add(new) }
            noteChange()
        }
        return records
    }()

    private lazy var owedRecords: RecordCollection<MoneyOwed> = {
        let records = RecordCollection(RecordGateway(owedRepository, in: weddingID), in: self)
        records.rowChanged = { [unowned self] old, new, _ in
            owedRows.replace(old, with: new, in: owedRecords.records)
            if let old { summary.remove(old) }
            if let new { summary.add(new) }
            noteChange()
        }
        return records
    }()

    /// Every gift, the oldest received first (gifts without a received date last).
    public var gifts: ListedRows<Gift> { giftRows.records(in: giftRecords.records) }
    /// The gifts whose thank-you is still to write, the oldest received first.
    public var thankYousToWrite: ListedRows<Gift> { thankYouRows.records(in: giftRecords.records) }
    /// Every entry of money owed, the soonest due first (those without a date last).
    public var moneyOwed: ListedRows<MoneyOwed> { owedRows.records(in: owedRecords.records) }
    /// The totals: gifts, thank-yous to write, money gifts, money owed each way.
    public private(set) var summary = GiftSummary()
    /// The open conflict, if an edit to a gift lost to someone else's.
    public var giftConflict: EditConflict<Gift>? { giftRecords.conflict }
    /// The open conflict, if an edit to money owed lost to someone else's.
    public var owedConflict: EditConflict<MoneyOwed>? { owedRecords.conflict }

    public init(wedding: WeddingID, context: StoreContext) {
        giftRepository = context.records.records(Gift.self)
        owedRepository = context.records.records(MoneyOwed.self)
        super.init(weddingID: wedding, domain: .gifts, validity: Self.validity,
                   recordKinds: [.gift, .moneyOwed], context: context)
    }

    public func gift(_ id: UUID) -> Gift? { giftRecords[id] }
    public func owed(_ id: UUID) -> MoneyOwed? { owedRecords[id] }

    /// The gifts from the guest with `guestID` (alone or with others), in `gifts` order: what
    /// the guest's "gift received" and "thank-you sent" are.
    public func gifts(from guestID: UUID) -> [Gift] { gifts.filter { $0.guestIDs.contains(guestID) } }

    // MARK: Gift intents

    @discardableResult
    public func createGift(_ gift: Gift) async -> EditOutcome {
        await giftRecords.create(gift, title: "add gift")
    }

    /// Saves `gift`, which carries the version it was read at; a stale one is a conflict.
    @discardableResult
    public func updateGift(_ gift: Gift) async -> EditOutcome {
        await giftRecords.update(gift, title: "edit gift")
    }

    @discardableResult
    public func deleteGift(_ id: UUID) async -> EditOutcome {
        await giftRecords.delete(id: id, title: "delete gift")
    }

    /// Marks the gift's thank-you sent today, by `method`.
    @discardableResult
    public func markThankYouSent(_ id: UUID, method: ThankYouMethod) async -> EditOutcome {
        guard var gift = giftRecords[id] else { return .failed(.notLoaded(.gift, id: id)) }
        gift.thankYouSent = true
        gift.thankYouSentOn = today
        gift.thankYouMethod = method
        return await giftRecords.update(gift, title: "mark thank-you sent")
    }

    /// Marks the gift's thank-you not sent: it is back among the thank-yous to write.
    @discardableResult
    public func markThankYouNotSent(_ id: UUID) async -> EditOutcome {
        guard var gift = giftRecords[id] else { return .failed(.notLoaded(.gift, id: id)) }
        gift.thankYouSent = false
        gift.thankYouSentOn = nil
        gift.thankYouMethod = nil
        return await giftRecords.update(gift, title: "mark thank-you not sent")
    }

    // MARK: Money-owed intents

    @discardableResult
    public func createOwed(_ entry: MoneyOwed) async -> EditOutcome {
        await owedRecords.create(entry, title: "add money owed")
    }

    /// Saves `entry`, which carries the version it was read at; a stale one is a conflict.
    @discardableResult
    public func updateOwed(_ entry: MoneyOwed) async -> EditOutcome {
        await owedRecords.update(entry, title: "edit money owed")
    }

    @discardableResult
    public func deleteOwed(_ id: UUID) async -> EditOutcome {
        await owedRecords.delete(id: id, title: "delete money owed")
    }

    /// Records `amount` received (money owed to the couple) or paid (money they owe): it is
    /// added to what is settled. The amount must be more than zero and at most what is outstanding.
    @discardableResult
    public func recordSettlement(_ id: UUID, amount: Money) async -> EditOutcome {
        guard var entry = owedRecords[id] else { return .failed(.notLoaded(.moneyOwed, id: id)) }
        let verb = entry.direction == .toCouple ? "received" : "paid"
        if amount <= .zero {
            return .failed(.repository(.invalid(.moneyOwed, [ValidationIssue(field: "amount", message: "the amount \(verb) must be more than zero")])))
        }
        if amount > entry.outstanding {
            return .failed(.repository(.invalid(.moneyOwed, [ValidationIssue(
                field: "amount", message: "the amount \(verb) is more than what is outstanding")])))
        }
        entry.settled = entry.settled + amount
        return await owedRecords.update(entry, title: entry.direction == .toCouple ? "record money received" : "record money paid")
    }

    // MARK: Loading and deriving

    override func fetchRecords() async throws -> @MainActor () -> Void {
        let giftMark = giftRecords.loadMark(), owedMark = owedRecords.loadMark()
        let (gifts, owed) = (giftRecords.gateway, owedRecords.gateway)
        async let loadedGifts = gifts.fetchAll()
        async let loadedOwed = owed.fetchAll()
        let loaded = try await (loadedGifts, loadedOwed)
        return {
            self.giftRecords.show(loaded.0, loadedFrom: giftMark)
            self.owedRecords.show(loaded.1, loadedFrom: owedMark)
        }
    }

    override func apply(_ change: RecordChange) {
        switch change.kind {
        case .gift: giftRecords.apply(change)
        case .moneyOwed: owedRecords.apply(change)
        default: break
        }
    }

    override func recordsDidChange() {
        let gifts = giftRecords.records, owed = owedRecords.records
        giftRows.show(gifts)
        thankYouRows.show(gifts.filter(\.needsThankYou))
        owedRows.show(owed)
        summary = GiftSummary(gifts: gifts, owed: owed)
        super.recordsDidChange()
    }

    // MARK: Orders

    /// By received date (unknown last), then who from, what, and id.
    nonisolated static func precedes(_ lhs: Gift, _ rhs: Gift) -> Bool {
        if lhs.receivedOn != rhs.receivedOn {
            guard let left = lhs.receivedOn else { return false }
            guard let right = rhs.receivedOn else { return true }
            return left < right
        }
        return ordered([(lhs.from, rhs.from), (lhs.description, rhs.description)], lhs.id, rhs.id)
    }

    /// By due date (none last), then person, and id.
    nonisolated static func precedes(_ lhs: MoneyOwed, _ rhs: MoneyOwed) -> Bool {
        if lhs.dueOn != rhs.dueOn {
            guard let left = lhs.dueOn else { return false }
            guard let right = rhs.dueOn else { return true }
            return left < right
        }
        return ordered([(lhs.person, rhs.person)], lhs.id, rhs.id)
    }

    /// The first pair of texts that differ decides (in the user's sense of order); else the ids.
    private nonisolated static func ordered(_ texts: [(String, String)], _ lhs: UUID, _ rhs: UUID) -> Bool {
        for (left, right) in texts {
            switch left.localizedStandardCompare(right) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: continue
            }
        }
        return lhs < rhs
    }
}
