import ArgumentParser
import BlueprintRepositories

/// `blueprint invite revoke HOUSEHOLD`: a new link for one household; its old link stops working.
struct InviteRevokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Give a household a new link; its old link stops working. Prints the new link."
    )

    @OptionGroup var wedding: WeddingOptions
    @Argument(help: "The household, as `invite links` lists it (any case), or guest:<id> for a guest without one.")
    var household: String
    @Option(name: .customLong("base-url"), help: ArgumentHelp("The public address the link starts with (default: \(InviteBaseURL.standard)).",
                                                              valueName: "url"))
    var baseURL = InviteBaseURL.standard

    func run() async throws {
        let (data, chosen) = try await wedding.open()
        let link: HouseholdLink
        do {
            link = try await InvitationLinks(repositories: data.repositories).revoke(household, in: chosen.weddingID)
        } catch let error as InvitationError {
            await data.close()
            throw CommandFailure(error.description)
        } catch {
            await data.close()
            throw error
        }
        await data.close()
        try CommandOutput.print(InvitationListing(links: [link], baseURL: baseURL).text)
    }
}
