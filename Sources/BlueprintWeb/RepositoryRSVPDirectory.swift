import BlueprintCache
import BlueprintDomain
import BlueprintRepositories
import Foundation

/// The RSVP directory over the weddings of a data directory or a database: a token opens the
/// household whose current invitation carries its hash (`InvitationLookup`, constant time), in
/// whichever wedding that is.
///
/// Reads go to the host each time (it follows other processes' writes), so a page shows a
/// planner's latest edits. An answer is one transaction like any edit, named
/// `Invitation.answerOperation` and written by `guest: HOUSEHOLD` where the host can say so
/// (`AuthoredWrites`; a database names its role): it sets only the fields the guest answered on the latest records (a planner's
/// edit of another field of the same guest stays), the invitation's `answeredAt`, and the
/// household's message as a note on its first member by `guest: HOUSEHOLD` (replaced when the
/// household answers again, removed when the message is cleared), where the guest's details
/// show it among the guest's other notes.
public struct RepositoryRSVPDirectory: RSVPDirectory {
    private let host: any WeddingDataHost
    private let cache: RepositoryCache
    private let localeIdentifier: String
    private let timeZoneIdentifier: String

    /// A directory over `repositories`, whose pages speak `localeIdentifier` and whose deadline
    /// day ends in `timeZoneIdentifier` (a wedding keeps neither: they are the server's).
    public init(repositories: Repositories, localeIdentifier: String, timeZoneIdentifier: String) {
        host = repositories.host
        cache = repositories.cache
        self.localeIdentifier = localeIdentifier
        self.timeZoneIdentifier = timeZoneIdentifier
    }

    /// Who an answer and its message note are written by: `guest: HOUSEHOLD`.
    public static func author(of household: String) -> String { "guest: \(household)" }

    public func household(token: String) async throws -> RSVPHousehold? {
        guard let (wedding, invitation) = try await InvitationLookup(host: host).invitation(forToken: token) else { return nil }
        let locale = localeIdentifier, zone = timeZoneIdentifier
        return try await host.read(wedding) { dataset in
            Self.page(of: invitation, in: dataset, localeIdentifier: locale, timeZoneIdentifier: zone)
        }
    }

    public func answer(token: String, _ answers: RSVPAnswers, at instant: Timestamp) async throws -> RSVPAnswerOutcome {
        guard let (wedding, found) = try await InvitationLookup(host: host).invitation(forToken: token) else { return .notFound }
        let hash = InvitationToken.hash(of: token)
        let locale = localeIdentifier, zone = timeZoneIdentifier
        let operation = CacheOperation(.record(.updated, .guest),
                                       also: [.record(.updated, .invitation), .record(.created, .note), .record(.updated, .note),
                                              .record(.deleted, .note)],
                                       in: wedding)
        let author = Self.author(of: found.household)
        let outcome = try await host.write(wedding, operation: Invitation.answerOperation, preferringAuthor: author) { transaction -> RSVPAnswerOutcome in
            // Looked up again under the write: a link revoked since the lookup opens nothing.
            guard let invitation = transaction.dataset.invitations[found.id], invitation.matches(tokenHash: hash) else {
                return .notFound
            }
            let page = Self.page(of: invitation, in: transaction.dataset, localeIdentifier: locale, timeZoneIdentifier: zone)
            guard page.acceptsAnswers(at: instant) else { return .afterDeadline }
            let members = Set(page.members.map(\.id))
            let strangers = answers.members.keys.filter { !members.contains($0) }
            let missing = members.filter { answers.members[$0] == nil }
            guard strangers.isEmpty, missing.isEmpty else {
                return .invalid(Dictionary(uniqueKeysWithValues: (strangers + missing).map {
                    (RSVPField.attendance($0), "This answer is not for a member of the household.")
                }))
            }
            try Self.save(answers, of: invitation, members: page.members.map(\.id), at: instant, in: transaction)
            return .saved
        }
        if outcome == .saved { await CacheInvalidator(cache: cache).invalidate(operation) }
        return outcome
    }

    /// Writes the household's answers: only the answered fields of each member, the
    /// invitation's `answeredAt`, and the message note.
    private static func save(_ answers: RSVPAnswers, of invitation: Invitation, members: [UUID], at instant: Timestamp,
                             in transaction: WeddingTransaction) throws {
        for id in members {
            guard var guest = transaction.dataset.guests[id], let answer = answers.members[id] else { continue }
            let before = guest
            guest.rsvp = answer.attending ? .attending : .declined
            guest.mealChoice = answer.meal
            guest.dietaryRestrictions = answer.dietary
            if guest.plusOneAllowed {
                guest.plusOneName = answer.plusOneName
                guest.plusOneMealChoice = answer.plusOneMeal
                guest.plusOneAttending = answer.attending && !answer.plusOneName.isEmpty
            }
            if guest != before { _ = try transaction.update(guest) }
        }
        var answered = invitation
        answered.answeredAt = instant
        _ = try transaction.update(answered)
        let author = Self.author(of: invitation.household)
        let subjects = Set(members.map { RecordSubject.record(.guest, $0) })
        let previous = transaction.dataset.notes.first { $0.author == author && subjects.contains($0.subject) }
        let message = answers.message.trimmingCharacters(in: .whitespacesAndNewlines)
        switch (previous, message.isEmpty) {
        case (nil, true): break
        case (let note?, true): try transaction.delete(Note.self, id: note.id)
        case (var note?, false):
            if note.text != message {
                note.text = message
                _ = try transaction.update(note)
            }
        case (nil, false):
            guard let first = members.first else { return }
            _ = try transaction.insert(Note(subject: .record(.guest, first), text: message, author: author, createdAt: instant))
        }
    }

    /// What the household's page shows, from the wedding's current data.
    static func page(of invitation: Invitation, in dataset: WeddingDataset, localeIdentifier: String,
                     timeZoneIdentifier: String) -> RSVPHousehold {
        let wedding = dataset.wedding
        let guests = dataset.guests.filter { $0.invitationHousehold == invitation.household }
        let author = Self.author(of: invitation.household)
        let subjects = Set(guests.map { RecordSubject.record(.guest, $0.id) })
        let message = dataset.notes.first { $0.author == author && subjects.contains($0.subject) }?.text ?? ""
        let ceremony = ceremony(in: dataset)
        return RSVPHousehold(
            coupleNames: coupleNames(of: wedding), weddingDate: wedding.weddingDate,
            ceremonyPlace: ceremony?.place ?? "", ceremonyTime: ceremony?.start,
            rsvpDeadline: wedding.rsvpDeadline, localeIdentifier: localeIdentifier, timeZoneIdentifier: timeZoneIdentifier,
            mealOptions: wedding.mealOptions, contactLine: contactLine(of: wedding),
            members: guests.map { guest in
                RSVPMember(id: guest.id, name: guest.fullName, rsvp: guest.rsvp, meal: guest.mealChoice,
                           dietary: guest.dietaryRestrictions, plusOneAllowed: guest.plusOneAllowed,
                           plusOneName: guest.plusOneName, plusOneMeal: guest.plusOneMealChoice)
            },
            message: message, answeredAt: invitation.answeredAt)
    }

    /// The run sheet's ceremony: the earliest item on the wedding day whose title starts with
    /// "Ceremony" (any case), as the planner and the demo name it; `nil` when there is none.
    static func ceremony(in dataset: WeddingDataset) -> RunSheetItem? {
        guard let day = dataset.wedding.weddingDate else { return nil }
        return dataset.runSheet
            .filter { $0.day == day && $0.title.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("ceremony") }
            .min(by: RunSheetItem.precedes)
    }

    /// "Ana Ruiz & Ben Okafor", else the wedding's name.
    static func coupleNames(of wedding: Wedding) -> String {
        let partners = [wedding.partner1Name, wedding.partner2Name].map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        return partners.isEmpty ? wedding.name : partners.joined(separator: " & ")
    }

    /// How guests reach the couple once answers are closed. A wedding keeps no address of the
    /// couple's, so the page names them: guests know how to reach them.
    static func contactLine(of wedding: Wedding) -> String {
        "For any change, please get in touch with \(coupleNames(of: wedding)) directly."
    }
}
