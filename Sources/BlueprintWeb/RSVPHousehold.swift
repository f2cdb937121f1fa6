import BlueprintDomain
import Foundation

/// What a household's RSVP page shows: the day, the choices and each member's answer so far.
public struct RSVPHousehold: Sendable, Hashable {
    /// The couple as the page names them ("Ana Ruiz & Ben Okafor").
    public var coupleNames: String
    public var weddingDate: CalendarDate?
    /// The ceremony's place and start, from the run sheet; empty or `nil` when not planned yet.
    public var ceremonyPlace: String
    public var ceremonyTime: TimeOfDay?
    /// The last day answers are taken, in `timeZoneIdentifier`; `nil` for no deadline.
    public var rsvpDeadline: CalendarDate?
    /// The wedding's locale (`es_ES`), for the page's language attribute, dates and times.
    public var localeIdentifier: String
    /// The time zone of the wedding's place, where the deadline day ends.
    public var timeZoneIdentifier: String
    /// The meals guests choose from, in the order shown.
    public var mealOptions: [String]
    /// How to reach the couple ("Write to ana@example.com"), shown once answers are closed.
    public var contactLine: String
    public var members: [RSVPMember]
    /// The household's message to the couple.
    public var message: String
    /// When the household last answered online; `nil` if it never has.
    public var answeredAt: Timestamp?

    public init(coupleNames: String, weddingDate: CalendarDate?, ceremonyPlace: String = "", ceremonyTime: TimeOfDay? = nil,
                rsvpDeadline: CalendarDate? = nil, localeIdentifier: String = "en_US", timeZoneIdentifier: String = "UTC",
                mealOptions: [String], contactLine: String = "", members: [RSVPMember], message: String = "",
                answeredAt: Timestamp? = nil) {
        self.coupleNames = coupleNames
        self.weddingDate = weddingDate
        self.ceremonyPlace = ceremonyPlace
        self.ceremonyTime = ceremonyTime
        self.rsvpDeadline = rsvpDeadline
        self.localeIdentifier = localeIdentifier
        self.timeZoneIdentifier = timeZoneIdentifier
        self.mealOptions = mealOptions
        self.contactLine = contactLine
        self.members = members
        self.message = message
        self.answeredAt = answeredAt
    }

    /// Whether answers are still taken at `instant`: until the end of the deadline day in the
    /// wedding's time zone (always, without a deadline).
    public func acceptsAnswers(at instant: Timestamp) -> Bool {
        guard let rsvpDeadline else { return true }
        let zone = TimeZone(identifier: timeZoneIdentifier) ?? .gmt
        return CalendarDate(instant.date, in: zone) <= rsvpDeadline
    }
}

/// One invited person of a household, and their answer so far.
public struct RSVPMember: Sendable, Hashable, Identifiable {
    /// The guest's record id.
    public var id: UUID
    public var name: String
    public var rsvp: RSVPStatus
    /// One of the wedding's meal options, or empty.
    public var meal: String
    public var dietary: String
    public var plusOneAllowed: Bool
    public var plusOneName: String
    public var plusOneMeal: String

    public init(id: UUID, name: String, rsvp: RSVPStatus = .invited, meal: String = "", dietary: String = "",
                plusOneAllowed: Bool = false, plusOneName: String = "", plusOneMeal: String = "") {
        self.id = id
        self.name = name
        self.rsvp = rsvp
        self.meal = meal
        self.dietary = dietary
        self.plusOneAllowed = plusOneAllowed
        self.plusOneName = plusOneName
        self.plusOneMeal = plusOneMeal
    }
}
