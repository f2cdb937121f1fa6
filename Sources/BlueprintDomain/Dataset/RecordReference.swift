import Foundation

/// A link from records of another kind (the holder) to a `Target`, and what deleting the target
/// does to it: refuse while any holder points at it, or clear the link in every holder.
public struct RecordReference<Target: TableRecord> {
    /// What clearing the link makes stale (nothing for a link that refuses the deletion).
    public let resourcesMadeStale: Set<CacheResource>
    private let refusal: (WeddingDataset, UUID) throws -> Void
    private let unlinking: (WeddingTransaction, UUID) throws -> Void

    /// Deleting a target is refused while any `Holder` points at it through `link`.
    public static func refusing<Holder: TableRecord>(_ link: KeyPath<Holder, UUID>) -> Self {
        Self(resourcesMadeStale: [], refusal: { dataset, id in
            let holders = dataset[keyPath: Holder.collection].lazy.filter { $0[keyPath: link] == id }.count
            guard holders == 0 else {
                throw RepositoryError.stillReferenced(Target.kind, id: id,
                                                      by: CountPhrase.of(holders, Holder.kind.noun))
            }
        }, unlinking: { _, _ in })
    }

    /// Deleting a target is refused while any `Holder` lists it in `links`.
    public static func refusing<Holder: TableRecord>(_ links: KeyPath<Holder, [UUID]>) -> Self {
        Self(resourcesMadeStale: [], refusal: { dataset, id in
            let holders = dataset[keyPath: Holder.collection].lazy.filter { $0[keyPath: links].contains(id) }.count
            guard holders == 0 else {
                throw RepositoryError.stillReferenced(Target.kind, id: id,
                                                      by: CountPhrase.of(holders, Holder.kind.noun))
            }
        }, unlinking: { _, _ in })
    }

    /// Deleting a target takes it out of `list` in every `Holder` that lists it, as versioned
    /// updates; a holder left with fewer than `minimum` ids is deleted instead (a rule between
    /// two guests means nothing with one).
    public static func removedFromList<Holder: TableRecord>(_ list: WritableKeyPath<Holder, [UUID]>,
                                                            deletingHoldersBelow minimum: Int = 0) -> Self {
        Self(resourcesMadeStale: Holder.figures.union([Holder.listResource]), refusal: { _, _ in },
             unlinking: { transaction, id in try transaction.remove(id, from: list, deletingHoldersBelow: minimum) })
    }

    /// Deleting a target clears `link` in every `Holder` that points at it, as versioned updates:
    /// that makes the holders' list stale, and `feeding`, the figures computed from the link.
    public static func unlinked<Holder: TableRecord>(_ link: WritableKeyPath<Holder, UUID?>,
                                                     feeding: Set<CacheResource> = []) -> Self {
        Self(resourcesMadeStale: feeding.union([Holder.listResource]), refusal: { _, _ in },
             unlinking: { transaction, id in try transaction.unlink(link, from: id) })
    }

    /// Throws `RepositoryError.stillReferenced` if the link refuses deleting the target `id`.
    func refuseDeletion(of id: UUID, in dataset: WeddingDataset) throws { try refusal(dataset, id) }

    /// Clears the link in the holders that point at the deleted target `id`.
    func unlink(_ id: UUID, in transaction: WeddingTransaction) throws { try unlinking(transaction, id) }
}

extension RecordReference where Target == Guest {
    /// Deleting a guest takes them out of the guests of every gift that lists them, as versioned
    /// updates; a gift left from no guest and from no one as written is from the guest by name,
    /// so the gift stays whole (and valid) with who gave it.
    static var giftsFromGuest: Self {
        Self(resourcesMadeStale: Gift.figures.union([Gift.listResource]), refusal: { _, _ in }, unlinking: { transaction, id in
            let name = transaction.dataset.guests[id]?.fullName ?? ""
            for gift in transaction.dataset.gifts.records where gift.guestIDs.contains(id) {
                var changed = gift
                changed.guestIDs.removeAll { $0 == id }
                if changed.guestIDs.isEmpty, changed.from.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { changed.from = name }
                _ = try transaction.update(changed)
            }
        })
    }
}
