import BlueprintDomain
import BlueprintWeb
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@Suite struct RSVPAnswerTests {
    private func formToken(_ client: any TestClientProtocol) async throws -> String {
        let page = try await client.execute(uri: "/r/\(RSVPFixture.token)", method: .get).text
        return try #require(RSVPFixture.formToken(in: page))
    }

    private func post(_ client: any TestClientProtocol, _ fields: [(String, String)],
                      headers: HTTPFields = RSVPFixture.formHeaders) async throws -> TestResponse {
        try await client.execute(uri: "/r/\(RSVPFixture.token)", method: .post, headers: headers, body: RSVPFixture.formBody(fields))
    }

    @Test func anAnswerIsSavedAndRedirectsToTheThanksPage() async throws {
        let fixture = RSVPFixture()
        try await fixture.test { client in
            let response = try await post(client, RSVPFixture.answerFields(formToken: try await formToken(client)))
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/r/\(RSVPFixture.token)/thanks")
            let thanks = try await client.execute(uri: "/r/\(RSVPFixture.token)/thanks", method: .get).text
            #expect(thanks.contains("<li>\(shown("Dolores Fuentes")): attending · \(shown("Fish"))</li>"))
            #expect(thanks.contains("<li>\(shown("Mateo Fuentes")): not attending</li>"))
            #expect(thanks.contains("<li>\(shown("Tomás Reyes")) (guest of \(shown("Lucía Fuentes"))) · \(shown("Chicken"))</li>"))
            #expect(thanks.contains("href=\"/r/\(RSVPFixture.token)/wedding.ics\""))
        }
        let saves = await fixture.directory.saves
        #expect(saves.count == 1)
        let answers = try #require(saves.first?.answers)
        #expect(answers.members[RSVPFixture.cleo] == RSVPMemberAnswer(attending: true, meal: "Vegetarian", dietary: "No nuts",
                                                                      plusOneName: "Tomás Reyes", plusOneMeal: "Chicken"))
        #expect(answers.members[RSVPFixture.ben]?.attending == false)
        #expect(answers.message == "See you there!")
        #expect(saves.first?.at == RSVPFixture.start)
    }

    @Test func anAnswerCanBeChangedAndThePageShowsTheNewOne() async throws {
        let fixture = RSVPFixture()
        try await fixture.test { client in
            let token = try await formToken(client)
            _ = try await post(client, RSVPFixture.answerFields(formToken: token))
            var changed = RSVPFixture.answerFields(formToken: token, message: "Sadly not")
            changed[1] = ("attending-\(RSVPFixture.ana.uuidString)", "no")
            #expect(try await post(client, changed).status == .seeOther)
            let page = try await client.execute(uri: "/r/\(RSVPFixture.token)", method: .get).text
            #expect(page.contains("name=\"attending-\(RSVPFixture.ana.uuidString)\" value=\"no\" checked"))
            #expect(page.contains(">Sadly not</textarea>"))
        }
        #expect(await fixture.directory.saveCount == 2)
    }

    @Test func afterTheDeadlineAnAnswerIsRefused() async throws {
        let fixture = RSVPFixture()
        try await fixture.test { client in
            let token = try await formToken(client)
            fixture.clock.advance(by: .seconds(31 * 86_400))
            let response = try await post(client, RSVPFixture.answerFields(formToken: token))
            #expect(response.status == .forbidden)
            #expect(response.text.contains("Answers closed on"))
            #expect(!response.text.contains("<form"))
        }
        #expect(await fixture.directory.saveCount == 0)
    }

    @Test func anAnswerTheDirectoryRefusesAsLateShowsTheAnswersReadOnly() async throws {
        let fixture = RSVPFixture()
        try await fixture.test { client in
            let token = try await formToken(client)
            await fixture.directory.refuseAnswers()
            let response = try await post(client, RSVPFixture.answerFields(formToken: token))
            #expect(response.status == .forbidden)
            #expect(response.text.contains("<h1>Answers are closed</h1>"))
            #expect(!response.text.contains("<form"))
        }
        #expect(await fixture.directory.saveCount == 0)
    }

    @Test func anOverlongFieldIsShownNextToItAndNothingIsSaved() async throws {
        let fixture = RSVPFixture()
        try await fixture.test { client in
            var fields = RSVPFixture.answerFields(formToken: try await formToken(client))
            fields[12] = ("message", String(repeating: "x", count: 1001))
            let response = try await post(client, fields)
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("aria-describedby=\"message-error\""))
            #expect(response.text.contains("<p class=\"error\" id=\"message-error\">The message can be at most 1000 characters long.</p>"))
            // What the guest typed is kept.
            #expect(response.text.contains("value=\"Tomás Reyes\""))
        }
        #expect(await fixture.directory.saveCount == 0)
    }

    @Test func aMissingAnswerOrAMealNotOfferedIsAFieldError() async throws {
        let fixture = RSVPFixture()
        try await fixture.test { client in
            var fields = RSVPFixture.answerFields(formToken: try await formToken(client))
            fields[2] = ("meal-\(RSVPFixture.ana.uuidString)", "Lobster")
            fields.remove(at: 4)
            let text = try await post(client, fields).text
            #expect(text.contains("Say whether \(shown("Mateo Fuentes")) is coming."))
            #expect(text.contains("Choose one of the meals listed."))
        }
        #expect(await fixture.directory.saveCount == 0)
    }

    @Test func aBodyOverTheCapGets413() async throws {
        let fixture = RSVPFixture()
        try await fixture.test { client in
            var fields = RSVPFixture.answerFields(formToken: try await formToken(client))
            fields.append(("padding", String(repeating: "y", count: 17 * 1024)))
            let response = try await post(client, fields)
            #expect(response.status == .contentTooLarge)
            #expect(response.text.contains("Too much text"))
        }
        #expect(await fixture.directory.saveCount == 0)
    }

    @Test func malformedFormEncodingGets400() async throws {
        let fixture = RSVPFixture()
        try await fixture.test { client in
            _ = try await formToken(client)
            for body in ["message=%zz", "message=%E2%28%A1", "message=%4"] {
                let response = try await client.execute(uri: "/r/\(RSVPFixture.token)", method: .post,
                                                        headers: RSVPFixture.formHeaders, body: .init(string: body))
                #expect(response.status == .badRequest, "\(body)")
            }
        }
        #expect(await fixture.directory.saveCount == 0)
    }
}
