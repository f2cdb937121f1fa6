/// What the first frame of a wedding shows, kept beside its files so that a planner can draw it
/// before the whole guest list is read: the wedding's settings, the guest figures, and the
/// first page of guests in the guest list's default order. The full load follows behind it.
public struct WeddingPreview: Sendable, Equatable, Codable {
    public var wedding: Wedding
    public var guestStats: GuestStats
    /// The first guests in the guest list's default order.
    public var firstGuests: [Guest]

    /// Guests a preview keeps: more than any terminal shows at once.
    public static let guestCount = 300

    public init(wedding: Wedding, guestStats: GuestStats, firstGuests: [Guest]) {
        self.wedding = wedding
        self.guestStats = guestStats
        self.firstGuests = firstGuests
    }
}

/// Makes a wedding's preview from its data. The stores know the guest list's default order,
/// so they provide it, and the file store keeps what it makes beside the wedding's files.
public protocol WeddingPreviewing: Sendable {
    func preview(of dataset: WeddingDataset) -> WeddingPreview
}
