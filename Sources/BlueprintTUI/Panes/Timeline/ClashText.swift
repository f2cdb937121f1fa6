import BlueprintDomain
import Foundation

/// How a run-sheet clash is told to the person planning the day: which other item and when the
/// two overlap, and why they cannot both happen as written.
struct ClashText {
    /// "with Quartet warms up (14:30–14:45)"
    let with: String
    /// "both in Garden", or "Grand Hall is needed in Terrace and in Main hall".
    let reason: String

    /// What `clash` means for `item`, one of its two items. `lookup` finds the other item,
    /// `vendorName` a vendor's name.
    init(_ clash: RunSheetClash, for item: RunSheetItem, lookup: (UUID) -> RunSheetItem?, vendorName: (UUID) -> String?) {
        guard let other = lookup(clash.first == item.id ? clash.second : clash.first) else {
            self.with = "with another item"
            reason = ""
            return
        }
        self.with = "with \(other.title) (\(Formats.timeRange(max(item.start, other.start), min(item.end, other.end))))"
        switch clash.reason {
        case .samePlace:
            reason = "both in \(Self.place(item))"
        case .vendorInTwoPlaces(let vendor):
            reason = "\(vendorName(vendor) ?? "The same vendor") is needed in \(Self.place(item)) and in \(Self.place(other))"
        }
    }

    /// The whole of it on one line: "Clashes with Quartet warms up (14:30–14:45): both in Garden".
    var sentence: String { "Clashes \(with)" + (reason.isEmpty ? "" : ": \(reason)") }

    private static func place(_ item: RunSheetItem) -> String {
        let place = item.place.trimmingCharacters(in: .whitespacesAndNewlines)
        return place.isEmpty ? "an unnamed place" : place
    }
}
