import BlueprintDomain
import Foundation

/// A household's answers as posted from its page, checked against the page's limits.
public struct RSVPAnswers: Sendable, Hashable {
    /// Each member's answer, by the member's id; every member of the household has one.
    public var members: [UUID: RSVPMemberAnswer]
    /// The household's message to the couple (may be empty).
    public var message: String

    public init(members: [UUID: RSVPMemberAnswer], message: String) {
        self.members = members
        self.message = message
    }
}

/// One member's answer. The plus-one comes when a name is given (and is allowed).
public struct RSVPMemberAnswer: Sendable, Hashable {
    public var attending: Bool
    /// One of the wedding's meal options, or empty.
    public var meal: String
    public var dietary: String
    public var plusOneName: String
    public var plusOneMeal: String

    public init(attending: Bool, meal: String = "", dietary: String = "", plusOneName: String = "", plusOneMeal: String = "") {
        self.attending = attending
        self.meal = meal
        self.dietary = dietary
        self.plusOneName = plusOneName
        self.plusOneMeal = plusOneMeal
    }
}

/// A field of the RSVP form, for an error shown next to it.
public enum RSVPField: Sendable, Hashable {
    case attendance(UUID)
    case meal(UUID)
    case dietary(UUID)
    case plusOneName(UUID)
    case plusOneMeal(UUID)
    case message
}

/// What became of a household's answers.
public enum RSVPAnswerOutcome: Sendable, Hashable {
    /// Saved: the planner has them.
    case saved
    /// The deadline has passed; nothing was saved.
    case afterDeadline
    /// The token opens no household (any more); nothing was saved.
    case notFound
    /// Some fields cannot be taken, each with a message for the guest; nothing was saved.
    case invalid([RSVPField: String])
}
