import ArgumentParser
import BlueprintDomain
import BlueprintInterchange
import BlueprintRepositories
import BlueprintTerminal
import BlueprintText
import Foundation

/// `blueprint invite links`: every household's link, made where missing, for a mail merge.
struct InviteLinksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "links",
        abstract: "List every household's link (household, names, emails, link), making the missing ones (the default `invite` command)."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table, csv, json
    }

    @OptionGroup var wedding: WeddingOptions
    @Option(help: "table (the default), csv (for a mail merge) or json (stable keys).") var format: Format = .table
    @Option(name: .customLong("base-url"), help: ArgumentHelp("The public address the links start with (default: \(InviteBaseURL.standard)).",
                                                              valueName: "url"))
    var baseURL = InviteBaseURL.standard

    func run() async throws {
        let (data, chosen) = try await wedding.open()
        let links: [HouseholdLink]
        do {
            links = try await InvitationLinks(repositories: data.repositories).links(in: chosen.weddingID)
        } catch {
            await data.close()
            throw error
        }
        await data.close()
        switch format {
        case .table: try CommandOutput.print(InvitationListing(links: links, baseURL: baseURL).text)
        case .csv: try CommandOutput.write(try CSVExporter(wedding: chosen).invitationLinks(links, baseURL: baseURL))
        case .json: try JSONOutput.print(links.map { InvitationListing.Entry($0, baseURL: baseURL) })
        }
    }
}

/// What `invite links` and `invite revoke` print. Its JSON shape is an interface: add keys, never rename.
struct InvitationListing {
    struct Entry: Encodable {
        let household: String
        let names: [String]
        let emails: [String]
        let link: String
        let generation: Int
        /// When the household last answered online; null while it has not.
        let answeredAt: String?

        init(_ link: HouseholdLink, baseURL: String) {
            household = link.household
            names = link.guests.map(\.fullName)
            emails = link.guests.map(\.email).filter { !$0.isEmpty }
            self.link = link.link(under: baseURL)
            generation = link.invitation.generation
            answeredAt = link.invitation.answeredAt?.description
        }

        // Absent values are written as null, so every entry has every key.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(household, forKey: .household)
            try container.encode(names, forKey: .names)
            try container.encode(emails, forKey: .emails)
            try container.encode(link, forKey: .link)
            try container.encode(generation, forKey: .generation)
            try container.encode(answeredAt, forKey: .answeredAt)
        }

        private enum CodingKeys: String, CodingKey {
            case household, names, emails, link, generation, answeredAt
        }
    }

    let links: [HouseholdLink]
    let baseURL: String

    /// One line per household: household, names, link (names and household sanitised and fitted).
    var text: String {
        guard !links.isEmpty else { return "No guests yet, so no households to invite." }
        let households = links.map { DisplayText($0.household) }
        let names = links.map { DisplayText(ListPhrase.joined($0.guests.map(\.fullName))) }
        let householdWidth = min(30, max(9, households.map(\.width).max() ?? 0))
        let namesWidth = min(40, max(5, names.map(\.width).max() ?? 0))
        func row(_ household: DisplayText, _ names: DisplayText, _ link: String) -> String {
            [household.fitted(toWidth: householdWidth).string, names.fitted(toWidth: namesWidth).string,
             TerminalSanitizer.sanitize(link)].joined(separator: "  ")
        }
        return ([row("HOUSEHOLD", "NAMES", "LINK")]
                + links.indices.map { row(households[$0], names[$0], links[$0].link(under: baseURL)) }).joined(separator: "\n")
    }
}
