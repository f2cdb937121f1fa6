import BlueprintDomain

/// Makes a wedding's preview as the guest store shows it at first: its guest figures, and the
/// first guests in the list's default order (by name), so the first frame drawn from the preview
/// is the one the full load then draws.
public struct WeddingPreviewer: WeddingPreviewing {
    public init() {}

    public func preview(of dataset: WeddingDataset) -> WeddingPreview {
        let sorted = ListOrder(GuestStore.defaultOrder).sorted(dataset.guests.records)
        return WeddingPreview(wedding: dataset.wedding, guestStats: GuestStats(guests: dataset.guests),
                              firstGuests: Array(sorted.prefix(WeddingPreview.guestCount)))
    }
}
