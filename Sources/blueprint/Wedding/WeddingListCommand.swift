import ArgumentParser
import BlueprintDomain
import BlueprintStorage
import BlueprintTUI
import BlueprintTerminal
import BlueprintText
import Foundation

/// `blueprint wedding list`: every wedding of the data directory, as a table or as JSON.
struct WeddingListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the weddings: name, date, days to go, guests and id (the default `wedding` command)."
    )

    @OptionGroup var data: DataDirectoryOptions
    @Flag(help: "Print JSON (stable keys; see the README).") var json = false

    func run() async throws {
        let opened = try await data.open()
        let repositories = opened.repositories
        var entries: [WeddingListing.Entry] = []
        for wedding in try await repositories.weddings.fetchWeddings() {
            var guests: Int?
            do {
                guests = try await repositories.guests.fetchGuests(in: wedding.weddingID).count
            } catch {
                // One unreadable wedding must not hide the others: it is listed without a count.
                FileHandle.standardError.write(Data(TerminalSanitizer.sanitizeLines(
                    "warning: cannot read the guests of '\(wedding.name)': \(error)\n").utf8))
            }
            let access = try await opened.host.accessRights(to: wedding.weddingID)
            entries.append(WeddingListing.Entry(wedding, guests: guests, role: access.role, today: .today))
        }
        await opened.close()
        let listing = WeddingListing(dataDirectory: opened.place, weddings: entries, showsRoles: opened.fileStore == nil)
        if json {
            try JSONOutput.print(listing)
        } else {
            try CommandOutput.print(listing.text)
        }
    }
}

/// What `wedding list` prints. Its JSON shape is a documented interface: add keys, never rename.
struct WeddingListing: Encodable {
    struct Entry: Encodable {
        let id: String
        let name: String
        let date: String?
        let daysToGo: Int?
        /// nil when the wedding's guest list cannot be read.
        let guests: Int?
        let currency: String
        let minorDigits: Int
        let totalBudget: Int64
        /// Your role on the wedding (a data directory's weddings are their owner's).
        let role: WeddingAccess.Role

        init(_ wedding: Wedding, guests: Int?, role: WeddingAccess.Role, today: CalendarDate) {
            id = wedding.weddingID.description
            name = wedding.name
            date = wedding.weddingDate?.description
            daysToGo = wedding.weddingDate?.days(since: today)
            self.guests = guests
            currency = wedding.currency.code
            minorDigits = wedding.currency.minorDigits
            totalBudget = wedding.totalBudget.minorUnits
            self.role = role
        }

        // Absent values are written as null, so every entry has every key.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(date, forKey: .date)
            try container.encode(daysToGo, forKey: .daysToGo)
            try container.encode(guests, forKey: .guests)
            try container.encode(currency, forKey: .currency)
            try container.encode(minorDigits, forKey: .minorDigits)
            try container.encode(totalBudget, forKey: .totalBudget)
            try container.encode(role, forKey: .role)
        }

        private enum CodingKeys: String, CodingKey {
            case id, name, date, daysToGo, guests, currency, minorDigits, totalBudget, role
        }
    }

    let dataDirectory: String
    let weddings: [Entry]
    /// Whether the table has a ROLE column (the weddings are a database's, shared or not).
    let showsRoles: Bool

    private enum CodingKeys: String, CodingKey { case dataDirectory, weddings }

    /// A table for people (names sanitised and measured in terminal columns), or what to do
    /// when there is no wedding yet.
    var text: String {
        guard !weddings.isEmpty else {
            return TerminalSanitizer.sanitize("No weddings in \(dataDirectory) yet.") + "\n"
                + "Create one with `blueprint wedding create NAME`, or run `blueprint` to be guided (or to try a demo)."
        }
        let names = weddings.map { DisplayText($0.name) }
        let nameWidth = min(40, max(4, names.map(\.width).max() ?? 0))
        let whens = weddings.map { entry in entry.daysToGo.map(Formats.daysToGo) ?? "" }
        let whenWidth = max(4, whens.map(\.count).max() ?? 0)
        func row(_ name: DisplayText, _ date: String, _ when: String, _ guests: String, _ role: String, _ id: String) -> String {
            ([name.fitted(toWidth: nameWidth).string, date.padding(toLength: 10, withPad: " ", startingAt: 0),
              when.padding(toLength: whenWidth, withPad: " ", startingAt: 0),
              String(repeating: " ", count: max(0, 6 - guests.count)) + guests]
             + (showsRoles ? [role.padding(toLength: 7, withPad: " ", startingAt: 0)] : []) + [id]).joined(separator: "  ")
        }
        var lines = [row("NAME", "DATE", "WHEN", "GUESTS", "ROLE", "ID")]
        for (index, entry) in weddings.enumerated() {
            lines.append(row(names[index], entry.date ?? "", whens[index], entry.guests.map(String.init) ?? "?",
                             entry.role.rawValue, entry.id))
        }
        return lines.joined(separator: "\n")
    }
}
