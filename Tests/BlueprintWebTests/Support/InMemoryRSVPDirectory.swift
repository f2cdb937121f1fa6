import BlueprintDomain
import BlueprintWeb
import Foundation

/// An RSVP directory of households kept in memory, by token, for the server's tests. It takes
/// answers as the real one will: all or nothing, refused after the deadline.
actor InMemoryRSVPDirectory: RSVPDirectory {
    private var households: [String: RSVPHousehold]
    /// Every save, in order, for tests that check nothing was saved.
    private(set) var saves: [(token: String, answers: RSVPAnswers, at: Timestamp)] = []

    /// Whether answers are refused as late whatever the deadline, as a store whose clock is
    /// past it while the server's is not.
    private var refusesAnswers = false

    init(_ households: [String: RSVPHousehold]) { self.households = households }

    func household(token: String) -> RSVPHousehold? { households[token] }

    func answer(token: String, _ answers: RSVPAnswers, at instant: Timestamp) -> RSVPAnswerOutcome {
        guard var household = households[token] else { return .notFound }
        guard household.acceptsAnswers(at: instant), !refusesAnswers else { return .afterDeadline }
        for index in household.members.indices {
            guard let answer = answers.members[household.members[index].id] else { return .invalid([.attendance(household.members[index].id): "missing"]) }
            household.members[index].rsvp = answer.attending ? .attending : .declined
            household.members[index].meal = answer.meal
            household.members[index].dietary = answer.dietary
            household.members[index].plusOneName = answer.plusOneName
            household.members[index].plusOneMeal = answer.plusOneMeal
        }
        household.message = answers.message
        household.answeredAt = instant
        households[token] = household
        saves.append((token, answers, instant))
        return .saved
    }

    /// Refuses every answer from now on as after the deadline.
    func refuseAnswers() { refusesAnswers = true }

    /// Makes the token open nothing, as a revoked link.
    func revoke(_ token: String) { households[token] = nil }

    var saveCount: Int { saves.count }
}
