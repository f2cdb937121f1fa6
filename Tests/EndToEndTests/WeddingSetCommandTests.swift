import Foundation
import Testing

/// `blueprint wedding set`, and the RSVP deadline and past-date warning of `wedding create`.
@Suite("blueprint wedding set")
struct WeddingSetCommandTests {
    @discardableResult
    func succeed(_ blueprint: BlueprintProcess, _ arguments: [String]) throws -> String {
        let result = try blueprint.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    /// How many exported guests, and plus-ones, chose each meal.
    func meals(_ blueprint: BlueprintProcess) throws -> [String: Int] {
        let json = try succeed(blueprint, ["export", "guests", "--format", "json"])
        let guests = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return guests.reduce(into: [:]) { counts, guest in
            counts[guest["mealChoice"] as? String ?? "?", default: 0] += 1
            if let plusOne = guest["plusOneMealChoice"] as? String, !plusOne.isEmpty { counts[plusOne, default: 0] += 1 }
        }
    }

    @Test("partners, RSVP deadline, budget and currency change; each change is one entry of the activity feed")
    func setsTheSettings() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        try succeed(blueprint, ["wedding", "create", "Ana & Ben"])
        let output = try succeed(blueprint, ["wedding", "set", "--partner1", "Ana", "--partner2", "Ben", "--rsvp-by", "2031-05-01",
                                             "--currency", "kwd", "--budget", "25,000.125"])
        #expect(output == "Changed the settings of 'Ana & Ben'.\n")
        let wedding = try #require(try blueprint.listedWeddings().first)
        #expect(wedding["currency"] as? String == "KWD" && wedding["minorDigits"] as? Int == 3)
        #expect(wedding["totalBudget"] as? Int == 25_000_125)
        let activity = try succeed(blueprint, ["activity"])
        #expect(activity.split(separator: "\n").first?
            .contains(" changed the names of the couple to Ana and Ben, the total budget to KWD 25,000.125, the currency to KWD "
                      + "and 1 more · ") == true, "\(activity)")

        let past = try succeed(blueprint, ["wedding", "set", "--rsvp-by", "2001-01-01"])
        #expect(past.contains("Warning: the RSVP deadline 2001-01-01 is in the past."), "\(past)")
    }

    @Test("a currency outside ISO 4217, or of other decimal digits once amounts exist, is refused in words and changes nothing")
    func refusesCurrencies() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        try succeed(blueprint, ["wedding", "create", "Ana & Ben", "--budget", "25000"])
        let before = try blueprint.snapshot()
        let bogus = try blueprint.run(["wedding", "set", "--currency", "xyz"])
        #expect(bogus.status != 0)
        #expect(bogus.stderr.contains("--currency: 'xyz' is not a currency code: ISO 4217"), "\(bogus.stderr)")
        let yen = try blueprint.run(["wedding", "set", "--currency", "JPY"])
        #expect(yen.status != 0)
        #expect(yen.stderr.contains("--currency: stays USD: amounts are already kept with 2 decimal digits and JPY has 0"),
                "\(yen.stderr)")
        #expect(try blueprint.snapshot() == before)
        try succeed(blueprint, ["wedding", "set", "--currency", "EUR"])
        #expect(try blueprint.listedWeddings().first?["currency"] as? String == "EUR")
    }

    @Test("renaming a meal option renames it on every guest; removing one guests chose needs --remove-chosen-meals")
    func mealOptions() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        try succeed(blueprint, ["demo", "--name", "Ana & Ben", "--guests", "40", "--seed", "5"])
        let before = try meals(blueprint)
        let salmon = try #require(before["Seared salmon"]), beef = try #require(before["Braised short rib"])
        try succeed(blueprint, ["wedding", "set", "--meal-options",
                                "Herb-roasted chicken, Braised short rib, Grilled salmon, Wild mushroom risotto, Vegan tagine"])
        let renamed = try meals(blueprint)
        #expect(renamed["Seared salmon"] == nil && renamed["Grilled salmon"] == salmon && renamed["Braised short rib"] == beef)

        let snapshot = try blueprint.snapshot()
        let fewer = "Herb-roasted chicken, Grilled salmon, Wild mushroom risotto, Vegan tagine"
        let refused = try blueprint.run(["wedding", "set", "--meal-options", fewer])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("guests chose Braised short rib (\(beef) guest"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--remove-chosen-meals"), "\(refused.stderr)")
        #expect(try blueprint.snapshot() == snapshot)
        try succeed(blueprint, ["wedding", "set", "--meal-options", fewer, "--remove-chosen-meals"])
        #expect(try meals(blueprint)["Braised short rib"] == nil)
    }

    @Test("create takes the RSVP deadline, and warns (without refusing) of a date already past")
    func createWithDeadline() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let output = try succeed(blueprint, ["wedding", "create", "Ana & Ben", "--date", "2001-06-20", "--rsvp-by", "2001-05-01"])
        #expect(output.contains("Warning: --date 2001-06-20 is in the past."), "\(output)")
        #expect(output.contains("Warning: --rsvp-by 2001-05-01 is in the past."), "\(output)")
        #expect(try blueprint.listedWeddings().count == 1)
        let bad = try blueprint.run(["wedding", "create", "Cleo & Dev", "--rsvp-by", "soon"])
        #expect(bad.status != 0 && bad.stderr.contains("--rsvp-by: 'soon' is not a date"), "\(bad.stderr)")
    }
}
