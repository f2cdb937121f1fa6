import BlueprintCache
import BlueprintDomain
import BlueprintPostgres
import BlueprintRepositories
import BlueprintStorage
import BlueprintStorageFixtures
import BlueprintWeb
import Foundation
import Testing

/// The RSVP directory over the real backends, a data directory and a PostgreSQL database: what
/// a household's page shows, and an answer landing as one ordinary edit by the guest.
@Suite("RSVP directory over the repositories", .timeLimit(.minutes(2)))
struct RepositoryRSVPDirectoryTests {
    /// Where the weddings are kept.
    enum Backend: String, CaseIterable, Sendable {
        case dataDirectory, postgres
    }

    /// The serving process's host and a planner's, opened separately as two processes would.
    struct Weddings: Sendable {
        let serving: any WeddingDataHost
        let planner: any WeddingDataHost
        /// Kept until the test ends: the data directory is removed when released.
        let scratch: TemporaryDataDirectory?

        static func open(_ backend: Backend) async throws -> Weddings {
            switch backend {
            case .dataDirectory:
                let directory = try TemporaryDataDirectory()
                return Weddings(serving: try directory.openStore(), planner: try directory.openStore(), scratch: directory)
            case .postgres:
                let database = try await TestDatabase.make()
                return Weddings(serving: try await database.openHost(author: "rsvp_server"),
                                planner: try await database.openHost(author: "mei_planner"), scratch: nil)
            }
        }

        var repositories: Repositories { Repositories(host: serving, cache: RepositoryCache()) }

        func directory() -> RepositoryRSVPDirectory {
            RepositoryRSVPDirectory(repositories: repositories, localeIdentifier: "es_ES", timeZoneIdentifier: "Europe/Madrid")
        }

        func close() async {
            for host in [serving, planner] {
                if let store = host as? FileStore { await store.close() }
                if let database = host as? PostgresWeddingHost { await database.close() }
            }
        }
    }

    static let day = CalendarDate(year: 2026, month: 10, day: 10)!
    /// When guests answer in these tests: before the wedding's deadline.
    static let answeredAt = Fixtures.now

    /// A wedding with the Ruiz household of three (Ana may bring a guest), the Lins, a ceremony
    /// on the run sheet and the meals offered; its links, by household.
    static func makeWedding(_ name: String, in weddings: Weddings) async throws -> (WeddingID, [String: HouseholdLink]) {
        let wedding = try await weddings.planner.createWedding(Wedding(name: name, partner1Name: "Lucía", partner2Name: "Tom",
                                                                       createdAt: Fixtures.now))
        let id = wedding.weddingID
        try await weddings.planner.write(id, operation: "setUp") { transaction in
            var settings = transaction.dataset.wedding
            settings.weddingDate = day
            settings.rsvpDeadline = CalendarDate(year: 2026, month: 9, day: 30)
            settings.mealOptions = ["Fish", "Vegetarian"]
            try transaction.updateWedding(settings)
            for (first, allowed) in [("Ana", true), ("Luis", false), ("Marta", false)] {
                _ = try transaction.insert(Guest(firstName: first, lastName: "Ruiz", phone: "", household: "Ruiz",
                                                 plusOneAllowed: allowed, createdAt: Fixtures.now))
            }
            _ = try transaction.insert(Guest(firstName: "Mei", lastName: "Lin", household: "Lin", createdAt: Fixtures.now))
            _ = try transaction.insert(RunSheetItem(day: day, start: TimeOfDay(hour: 12, minute: 0)!, end: TimeOfDay(hour: 13, minute: 0)!,
                                                    title: "Florist sets the ceremony", place: "Garden", createdAt: Fixtures.now))
            _ = try transaction.insert(RunSheetItem(day: day, start: TimeOfDay(hour: 14, minute: 0)!, end: TimeOfDay(hour: 14, minute: 45)!,
                                                    title: "Ceremony", place: "Olive garden, Finca Sol", createdAt: Fixtures.now))
        }
        let links = try await InvitationLinks(repositories: weddings.repositories).links(in: id)
        return (id, Dictionary(uniqueKeysWithValues: links.map { ($0.household, $0) }))
    }

    /// Answers for the whole Ruiz household: Ana comes with a guest, Luis comes, Marta does not.
    static func ruizAnswers(_ page: RSVPHousehold, message: String = "¡Qué ilusión!") -> RSVPAnswers {
        let ids = Dictionary(uniqueKeysWithValues: page.members.map { ($0.name, $0.id) })
        return RSVPAnswers(members: [
            ids["Ana Ruiz"]!: RSVPMemberAnswer(attending: true, meal: "Fish", dietary: "No nuts", plusOneName: "Jon Bell",
                                               plusOneMeal: "Vegetarian"),
            ids["Luis Ruiz"]!: RSVPMemberAnswer(attending: true, meal: "Vegetarian"),
            ids["Marta Ruiz"]!: RSVPMemberAnswer(attending: false),
        ], message: message)
    }

    static func guests(_ wedding: WeddingID, on host: any WeddingDataHost) async throws -> [String: Guest] {
        try await host.read(wedding) { dataset in Dictionary(uniqueKeysWithValues: dataset.guests.map { ($0.firstName, $0) }) }
    }

    @Test("the page shows the couple, the day, the run sheet's ceremony, the meals and the household's three members",
          arguments: Backend.allCases)
    func pageData(_ backend: Backend) async throws {
        let weddings = try await Weddings.open(backend)
        let (_, links) = try await Self.makeWedding("Lucía & Tom", in: weddings)
        let page = try #require(try await weddings.directory().household(token: links["Ruiz"]!.token.text))
        #expect(page.coupleNames == "Lucía & Tom")
        #expect(page.weddingDate == Self.day && page.rsvpDeadline == CalendarDate(year: 2026, month: 9, day: 30))
        #expect(page.ceremonyPlace == "Olive garden, Finca Sol" && page.ceremonyTime == TimeOfDay(hour: 14, minute: 0))
        #expect(page.mealOptions == ["Fish", "Vegetarian"])
        #expect(page.localeIdentifier == "es_ES" && page.timeZoneIdentifier == "Europe/Madrid")
        #expect(page.contactLine.contains("Lucía & Tom"))
        #expect(page.members.map(\.name) == ["Ana Ruiz", "Luis Ruiz", "Marta Ruiz"])
        #expect(page.members.map(\.plusOneAllowed) == [true, false, false])
        #expect(page.members.allSatisfy { $0.rsvp == .invited } && page.answeredAt == nil && page.message.isEmpty)
        #expect(try await weddings.directory().household(token: "x" + links["Ruiz"]!.token.text.dropFirst()) == nil)
        await weddings.close()
    }

    @Test("an answer for three with a plus-one is one commit by the guest; answering again changes it and replaces the message",
          arguments: Backend.allCases)
    func answerIsOneCommitByTheGuest(_ backend: Backend) async throws {
        let weddings = try await Weddings.open(backend)
        let (wedding, links) = try await Self.makeWedding("Lucía & Tom", in: weddings)
        let directory = weddings.directory()
        let token = links["Ruiz"]!.token.text
        let page = try #require(try await directory.household(token: token))
        let before = try await weddings.planner.activity(in: wedding).entries.count

        #expect(try await directory.answer(token: token, Self.ruizAnswers(page), at: Self.answeredAt) == .saved)

        let entries = try await weddings.planner.activity(in: wedding).entries
        #expect(entries.count == before + 1, "one commit")
        let commit = try #require(entries.last)
        #expect(commit.operation == "rsvpAnswered")
        // The database writes its role as the author (current_user); the data directory the guest.
        #expect(commit.author == (backend == .dataDirectory ? "guest: ruiz" : "rsvp_server"))
        let guests = try await Self.guests(wedding, on: weddings.planner)
        #expect(guests["Ana"]!.rsvp == .attending && guests["Ana"]!.mealChoice == "Fish" && guests["Ana"]!.dietaryRestrictions == "No nuts")
        #expect(guests["Ana"]!.plusOneName == "Jon Bell" && guests["Ana"]!.plusOneMealChoice == "Vegetarian" && guests["Ana"]!.plusOneAttending)
        #expect(guests["Luis"]!.rsvp == .attending && guests["Marta"]!.rsvp == .declined && guests["Mei"]!.rsvp == .invited)
        let notes = try await weddings.planner.read(wedding) { $0.notes.records }
        #expect(notes.map(\.text) == ["¡Qué ilusión!"] && notes.first?.author == "guest: ruiz")
        #expect(notes.first?.subject == .record(.guest, guests["Ana"]!.id))
        let answered = try #require(try await directory.household(token: token))
        #expect(answered.answeredAt == Self.answeredAt && answered.message == "¡Qué ilusión!")

        var changed = Self.ruizAnswers(answered, message: "Luis can't make it after all")
        changed.members[guests["Luis"]!.id] = RSVPMemberAnswer(attending: false)
        let later = Timestamp(millisecondsSince1970: Self.answeredAt.millisecondsSince1970 + 60_000)
        #expect(try await directory.answer(token: token, changed, at: later) == .saved)
        let again = try await Self.guests(wedding, on: weddings.planner)
        #expect(again["Luis"]!.rsvp == .declined && again["Ana"]!.rsvp == .attending)
        let notesAgain = try await weddings.planner.read(wedding) { $0.notes.records }
        #expect(notesAgain.map(\.text) == ["Luis can't make it after all"], "the message is replaced, not added")
        #expect(try await directory.household(token: token)?.answeredAt == later)
        await weddings.close()
    }

    @Test("a planner's edit made after the page was read shows on the page, and its other fields survive the answer",
          arguments: Backend.allCases)
    func plannersEditSurvives(_ backend: Backend) async throws {
        let weddings = try await Weddings.open(backend)
        let (wedding, links) = try await Self.makeWedding("Lucía & Tom", in: weddings)
        let directory = weddings.directory()
        let token = links["Ruiz"]!.token.text
        let page = try #require(try await directory.household(token: token))
        let ana = try #require(try await Self.guests(wedding, on: weddings.planner)["Ana"])
        try await weddings.planner.write(wedding, operation: "guestUpdated") { transaction in
            var edited = transaction.dataset.guests[ana.id]!
            edited.phone = "+34 600 000 000"
            edited.table = 4
            edited.dietaryRestrictions = "Gluten-free"
            _ = try transaction.update(edited)
        }
        let reread = try #require(try await directory.household(token: token))
        #expect(reread.members.first { $0.id == ana.id }?.dietary == "Gluten-free", "the page shows the planner's edit made since")
        #expect(try await directory.answer(token: token, Self.ruizAnswers(page), at: Self.answeredAt) == .saved)
        let after = try #require(try await Self.guests(wedding, on: weddings.planner)["Ana"])
        #expect(after.phone == "+34 600 000 000" && after.table == 4, "the planner's fields stay")
        #expect(after.rsvp == .attending && after.mealChoice == "Fish", "the guest's fields land")
        await weddings.close()
    }

    @Test("after the deadline day, and for a revoked link, nothing is saved", arguments: Backend.allCases)
    func lateOrRevokedSavesNothing(_ backend: Backend) async throws {
        let weddings = try await Weddings.open(backend)
        let (wedding, links) = try await Self.makeWedding("Lucía & Tom", in: weddings)
        let directory = weddings.directory()
        let token = links["Ruiz"]!.token.text
        let page = try #require(try await directory.household(token: token))
        let before = try await weddings.planner.activity(in: wedding).entries.count
        // 1 October 2026, 00:30 in Madrid (still 30 September in UTC): the deadline day has ended there.
        let late = Timestamp(Date(timeIntervalSince1970: 1_790_807_400))
        #expect(try await directory.answer(token: token, Self.ruizAnswers(page), at: late) == .afterDeadline)

        _ = try await InvitationLinks(repositories: weddings.repositories).revoke("Ruiz", in: wedding)
        #expect(try await directory.household(token: token) == nil)
        #expect(try await directory.answer(token: token, Self.ruizAnswers(page), at: Self.answeredAt) == .notFound)
        let entries = try await weddings.planner.activity(in: wedding).entries
        #expect(entries.count == before + 1 && entries.last?.operation == "invitationRevoked", "only the revocation")
        #expect(try await Self.guests(wedding, on: weddings.planner).values.allSatisfy { $0.rsvp == .invited })
        await weddings.close()
    }

    @Test("a household's link cannot answer for guests of another household or another wedding", arguments: Backend.allCases)
    func onlyItsOwnHousehold(_ backend: Backend) async throws {
        let weddings = try await Weddings.open(backend)
        let (first, firstLinks) = try await Self.makeWedding("Lucía & Tom", in: weddings)
        let (second, secondLinks) = try await Self.makeWedding("Ines & Raj", in: weddings)
        let directory = weddings.directory()
        let otherPage = try #require(try await directory.household(token: secondLinks["Ruiz"]!.token.text))
        let linPage = try #require(try await directory.household(token: firstLinks["Lin"]!.token.text))

        let foreign = try await directory.answer(token: firstLinks["Lin"]!.token.text, Self.ruizAnswers(otherPage), at: Self.answeredAt)
        guard case .invalid = foreign else { Issue.record("answers for another wedding's guests were \(foreign)"); return }
        var mixed = Self.ruizAnswers(otherPage)
        mixed.members[linPage.members[0].id] = RSVPMemberAnswer(attending: true)
        guard case .invalid = try await directory.answer(token: firstLinks["Lin"]!.token.text, mixed, at: Self.answeredAt) else {
            Issue.record("answers with strangers in them were taken"); return
        }
        for wedding in [first, second] {
            #expect(try await Self.guests(wedding, on: weddings.planner).values.allSatisfy { $0.rsvp == .invited })
            #expect(try await weddings.planner.read(wedding) { $0.invitations.records.allSatisfy { $0.answeredAt == nil } })
        }
        await weddings.close()
    }
}
