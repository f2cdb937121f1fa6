import BlueprintDomain
import Foundation

// The values the templates render, made from a household. Mustache reads them by property
// name; an optional is left `nil` (never an empty string) when its section must not show.

/// A household's page, or the confirmation after answering.
struct RSVPPageView {
    let lang: String
    let title: String
    let token: String
    let coupleNames: String
    let dateLine: String?
    let placeLine: String?
    let deadlineLine: String?
    /// The form while answers are taken.
    let form: FormView?
    let closed: Bool
    let closedLine: String
    let contactLine: String?
    let answerLines: [String]
    let messageLine: String?
    let canChange: Bool

    /// - Parameters:
    ///   - closed: shows the answers read-only even before the deadline (the directory refused them).
    ///   - posted: the form as posted, shown again with `errors`; `nil` shows the saved answers.
    init(household: RSVPHousehold, token: String, formToken: String, now: Timestamp, title: String, closed: Bool = false,
         posted: FormBody? = nil, errors: [RSVPField: String] = [:]) {
        let wording = DateWording(localeIdentifier: household.localeIdentifier)
        let open = !closed && household.acceptsAnswers(at: now)
        lang = wording.languageTag
        self.title = title
        self.token = token
        coupleNames = household.coupleNames.isolated
        dateLine = household.weddingDate.map { wording.date($0) }
        let time = household.ceremonyTime.map { wording.time($0) }
        placeLine = [household.ceremonyPlace.nonEmpty?.isolated ?? "", time ?? ""].filter { !$0.isEmpty }.joined(separator: " · ").nonEmpty
        deadlineLine = household.rsvpDeadline.map { "Please answer by \(wording.date($0))." }
        form = open ? FormView(household: household, formToken: formToken, posted: posted, errors: errors) : nil
        self.closed = !open
        closedLine = household.rsvpDeadline.map { "Answers closed on \(wording.date($0)). These are the answers we have:" }
            ?? "These are the answers we have:"
        contactLine = household.contactLine.nonEmpty?.isolated
        answerLines = household.members.flatMap(Self.answerLines)
        messageLine = household.message.nonEmpty.map { "Your message: \($0.isolated)" }
        canChange = open
    }

    private static func answerLines(_ member: RSVPMember) -> [String] {
        let name = member.name.isolated
        let answer: String
        switch member.rsvp {
        case .attending:
            answer = ["attending", member.meal.nonEmpty?.isolated, member.dietary.nonEmpty.map { "dietary needs: \($0.isolated)" }]
                .compactMap { $0 }.joined(separator: " · ")
        case .declined: answer = "not attending"
        case .invited, .pending, .maybe: answer = "no answer yet"
        }
        var lines = ["\(name): \(answer)"]
        if member.rsvp == .attending, member.plusOneAllowed, let guest = member.plusOneName.nonEmpty {
            lines.append(["\(guest.isolated) (guest of \(name))", member.plusOneMeal.nonEmpty?.isolated].compactMap { $0 }.joined(separator: " · "))
        }
        return lines
    }
}

/// The form: a fieldset per member and the message.
struct FormView {
    let formToken: String
    let hasErrors: Bool
    let members: [MemberView]
    let message: FieldView

    init(household: RSVPHousehold, formToken: String, posted: FormBody?, errors: [RSVPField: String]) {
        self.formToken = formToken
        hasErrors = !errors.isEmpty
        members = household.members.map { member in
            MemberView(member: member, mealOptions: household.mealOptions, posted: posted, errors: errors)
        }
        message = FieldView(name: RSVPForm.messageField, label: "A message to the couple (optional)",
                            value: posted?[RSVPForm.messageField] ?? household.message, limit: RSVPForm.noteLimit,
                            error: errors[.message])
    }
}

/// One member's fieldset.
struct MemberView {
    let name: String
    let attendanceField: String
    let attendingYes: Bool
    let attendingNo: Bool
    let attendanceError: FieldMessage?
    let meal: FieldView
    let dietary: FieldView
    let plusOne: PlusOneView?

    init(member: RSVPMember, mealOptions: [String], posted: FormBody?, errors: [RSVPField: String]) {
        let id = member.id
        name = member.name.isolated
        attendanceField = RSVPForm.attendanceField(id)
        let attending = posted.map { $0[RSVPForm.attendanceField(id)] } ?? (member.rsvp == .attending ? "yes" : member.rsvp == .declined ? "no" : nil)
        attendingYes = attending == "yes"
        attendingNo = attending == "no"
        attendanceError = errors[.attendance(id)].map(FieldMessage.init)
        meal = FieldView(name: RSVPForm.mealField(id), label: "Meal for \(name)",
                         value: posted?[RSVPForm.mealField(id)] ?? member.meal, options: mealOptions, error: errors[.meal(id)])
        dietary = FieldView(name: RSVPForm.dietaryField(id), label: "Dietary needs of \(name) (optional)",
                            value: posted?[RSVPForm.dietaryField(id)] ?? member.dietary, limit: RSVPForm.noteLimit,
                            error: errors[.dietary(id)])
        plusOne = member.plusOneAllowed ? PlusOneView(member: member, mealOptions: mealOptions, posted: posted, errors: errors) : nil
    }
}

/// The plus-one's fieldset, for a member who may bring a guest.
struct PlusOneView {
    let legend: String
    let name: FieldView
    let meal: FieldView

    init(member: RSVPMember, mealOptions: [String], posted: FormBody?, errors: [RSVPField: String]) {
        let id = member.id
        legend = "\(member.name.isolated) may bring a guest"
        name = FieldView(name: RSVPForm.plusOneNameField(id), label: "The guest's name (leave empty for none)",
                         value: posted?[RSVPForm.plusOneNameField(id)] ?? member.plusOneName, limit: RSVPForm.nameLimit,
                         error: errors[.plusOneName(id)])
        meal = FieldView(name: RSVPForm.plusOneMealField(id), label: "The guest's meal",
                         value: posted?[RSVPForm.plusOneMealField(id)] ?? member.plusOneMeal, options: mealOptions,
                         error: errors[.plusOneMeal(id)])
    }
}

/// A labelled control; its `id` is its name (names are unique on the page).
struct FieldView {
    let id: String
    let name: String
    let label: String
    let value: String
    let limit: Int?
    let options: [OptionView]
    let error: FieldMessage?

    init(name: String, label: String, value: String, limit: Int? = nil, options: [String] = [], error: String?) {
        id = name
        self.name = name
        self.label = label
        self.value = value
        self.limit = limit
        self.options = options.isEmpty ? [] : [OptionView(value: "", label: "Choose…", selected: value.isEmpty)]
            + options.map { OptionView(value: $0, label: $0, selected: $0 == value) }
        self.error = error.map(FieldMessage.init)
    }
}

struct OptionView {
    let value: String
    let label: String
    let selected: Bool
}

/// An error shown next to its field.
struct FieldMessage {
    let text: String
}

/// A page of a heading and a line.
struct MessagePageView {
    let lang = "en"
    let title: String
    let text: String
}

extension String {
    /// `nil` for the empty string, for a template section that must not show.
    var nonEmpty: String? { isEmpty ? nil : self }

    /// The text between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE, so a guest's
    /// right-to-left override (U+202E) or unbalanced embedding cannot turn the page's text
    /// around it. For text shown, never for a form value that is posted back.
    var isolated: String { "\u{2068}\(self)\u{2069}" }
}
