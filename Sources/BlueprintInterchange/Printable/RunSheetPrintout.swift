import BlueprintDomain
import Foundation

/// The run sheet to print: a section per day, its items by time with where, who, the vendor to
/// call and notes; each item in a clash flagged on its row (in a last column, "Clash", that a
/// day without clashes goes without), and every clash explained at the end.
public struct RunSheetPrintout: Sendable {
    /// The table's columns, in order, on a day without clashes.
    public static let columns = ["Time", "What", "Where", "Who", "Vendor", "Notes"]

    public var wedding: Wedding
    public var items: [RunSheetItem]
    /// The vendors items name.
    public var vendors: [Vendor]

    public init(wedding: Wedding, items: [RunSheetItem], vendors: [Vendor]) {
        self.wedding = wedding
        self.items = items
        self.vendors = vendors
    }

    public var document: PrintableDocument {
        let sorted = items.sorted(by: RunSheetItem.precedes)
        let clashes = RunSheetClash.find(in: sorted)
        let lookup = Lookup(items: sorted, clashes: clashes, contacts: VendorContacts(vendors))
        let days = Dictionary(grouping: sorted, by: \.day)
        var sections = days.keys.sorted().map { day in
            daySection(day, items: days[day]!, clashes: clashes.count { lookup.items[$0.first]?.day == day }, lookup)
        }
        if !clashes.isEmpty {
            sections.append(PrintableDocument.Section(heading: "Clashes", list: clashes.map { explanation($0, lookup) }))
        }
        var summary: [String] = []
        if let date = wedding.weddingDate { summary.append("Wedding day: \(PrintableDay.name(date))") }
        summary.append(items.isEmpty ? "No run-sheet items yet."
                       : CountPhrase.of(items.count, "item") + " over " + CountPhrase.of(days.count, "day") + ", "
                         + CountPhrase.of(clashes.count, "clash"))
        return PrintableDocument(title: "\(wedding.name) — Run sheet", summary: summary, sections: sections)
    }

    /// What the rows need to look up: items by id, each item's clashing partners, vendors.
    private struct Lookup {
        let items: [UUID: RunSheetItem]
        let partners: [UUID: [RunSheetItem]]
        let contacts: VendorContacts

        init(items: [RunSheetItem], clashes: [RunSheetClash], contacts: VendorContacts) {
            let byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            var partners: [UUID: [RunSheetItem]] = [:]
            for clash in clashes {
                if let second = byID[clash.second] { partners[clash.first, default: []].append(second) }
                if let first = byID[clash.first] { partners[clash.second, default: []].append(first) }
            }
            self.items = byID
            self.partners = partners.mapValues { $0.sorted(by: RunSheetItem.precedes) }
            self.contacts = contacts
        }
    }

    /// One day's items, in run-sheet order, with a "Clash" column when the day has a clash.
    private func daySection(_ day: CalendarDate, items: [RunSheetItem], clashes: Int, _ lookup: Lookup) -> PrintableDocument.Section {
        let rows = items.map { item in
            let cells = [Self.time(item), item.title, item.place, item.people.joined(separator: ", "),
                         lookup.contacts.contact(item.vendorID), item.notes]
            guard clashes > 0 else { return PrintableDocument.Row(cells) }
            let others = lookup.partners[item.id] ?? []
            let clash = others.isEmpty ? "" : "⚠ with " + others.map { "\(Self.time($0)) \($0.title)" }.joined(separator: "; ")
            return PrintableDocument.Row(cells + [clash], isFlagged: !others.isEmpty)
        }
        return PrintableDocument.Section(heading: PrintableDay.name(day),
                                         summary: CountPhrase.of(items.count, "item") + ", " + CountPhrase.of(clashes, "clash"),
                                         table: PrintableDocument.Table(columns: Self.columns + (clashes > 0 ? ["Clash"] : []),
                                                                        rows: rows))
    }

    /// "Saturday 12 June 2027: 14:00–14:45 Ceremony and 14:30–15:00 Drinks: both at Garden".
    private func explanation(_ clash: RunSheetClash, _ lookup: Lookup) -> String {
        let pair = [clash.first, clash.second].compactMap { lookup.items[$0] }
        let reason = switch clash.reason {
        case .samePlace(let place): "both at \(place.trimmingCharacters(in: .whitespacesAndNewlines))"
        case .vendorInTwoPlaces(let vendor):
            (lookup.contacts.name(vendor).isEmpty ? "one vendor" : lookup.contacts.name(vendor)) + " in two places at once"
        }
        return (pair.first.map { PrintableDay.name($0.day) + ": " } ?? "")
            + pair.map { "\(Self.time($0)) \($0.title)" }.joined(separator: " and ") + ": " + reason
    }

    /// "14:00–14:45".
    private static func time(_ item: RunSheetItem) -> String { "\(item.start)–\(item.endText)" }
}
