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
        let from = max(item.startMinute, other.startMinute), to = min(item.endMinute, other.endMinute)
        self.with = "with \(other.title) (\(Formats.timeRange(Self.time(from, on: item.day), Self.time(to, on: item.day))))"
        switch clash.reason {
        case .samePlace:
            reason = "both in \(Self.place(item))"
        case .vendorInTwoPlaces(let vendor):
            reason = "\(vendorName(vendor) ?? "The same vendor") is needed in \(Self.place(item)) and in \(Self.place(other))"
        }
    }

    /// `minute` (counted as `RunSheetItem.startMinute` counts) on `day`'s clock: `23:30`, `00:30 (next day)`.
    private static func time(_ minute: Int, on day: CalendarDate) -> String {
        let offset = minute - day.daysSince1970 * 24 * 60
        let nextDay = offset > 24 * 60
        let clock = nextDay ? offset - 24 * 60 : offset
        return "\(TimeOfDay(hour: clock / 60, minute: clock % 60)!)" + (nextDay ? " (next day)" : "")
    }

    /// The whole of it on one line: "Clashes with Quartet warms up (14:30–14:45): both in Garden".
    var sentence: String { "Clashes \(with)" + (reason.isEmpty ? "" : ": \(reason)") }

    private static func place(_ item: RunSheetItem) -> String {
        let place = item.place.trimmingCharacters(in: .whitespacesAndNewlines)
        return place.isEmpty ? "an unnamed place" : place
    }
}
