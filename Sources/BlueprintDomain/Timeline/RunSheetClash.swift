import Foundation

/// Two run-sheet items that cannot both happen as written: they overlap in the same place, or
/// they book the same vendor in two places at once. A clash is flagged, not refused: the
/// planner may mean it (a drinks reception in the hall while the hall is being set).
public struct RunSheetClash: Hashable, Sendable {
    public enum Reason: Hashable, Sendable {
        /// Both in this place at overlapping times.
        case samePlace(String)
        /// This vendor in two places at overlapping times.
        case vendorInTwoPlaces(UUID)
    }

    /// The earlier of the two items (run-sheet order), then the later.
    public let first: UUID
    public let second: UUID
    public let reason: Reason

    public init(first: UUID, second: UUID, reason: Reason) {
        self.first = first
        self.second = second
        self.reason = reason
    }

    /// Every clash among `items`, in run-sheet order of their first item. Places are compared as
    /// they look (`placeKey`); an item without a place clashes with none by place.
    /// The items are swept in order, each compared only with those still running when it starts.
    public static func find(in items: some Sequence<RunSheetItem>) -> [RunSheetClash] {
        let sorted = items.sorted(by: RunSheetItem.precedes)
        var clashes: [RunSheetClash] = []
        var open: [RunSheetItem] = []
        for item in sorted {
            open.removeAll { $0.endMinute <= item.startMinute }
            for earlier in open where earlier.overlaps(item) {
                let earlierPlace = placeKey(earlier.place), place = placeKey(item.place)
                if !place.isEmpty, earlierPlace == place {
                    clashes.append(RunSheetClash(first: earlier.id, second: item.id, reason: .samePlace(item.place)))
                }
                if let vendor = item.vendorID, earlier.vendorID == vendor, earlierPlace != place {
                    clashes.append(RunSheetClash(first: earlier.id, second: item.id, reason: .vendorInTwoPlaces(vendor)))
                }
            }
            open.append(item)
        }
        return clashes
    }

    /// A place as compared: invisible format characters (zero-width spaces, direction marks)
    /// dropped, runs of spaces made one, case, accents and width folded, so "Gar\u{200B}den " and
    /// "garden" are one place, as they look.
    private static func placeKey(_ place: String) -> String {
        let visible = String(String.UnicodeScalarView(place.unicodeScalars.filter { $0.properties.generalCategory != .format }))
        return visible.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}
