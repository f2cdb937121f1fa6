import Foundation

/// The RSVP form's field names and limits, and reading a posted form into answers.
enum RSVPForm {
    /// The hidden field that carries the form token.
    static let formTokenField = "form-token"
    static let messageField = "message"
    /// The longest name, in characters.
    static let nameLimit = 200
    /// The longest dietary note or message, in characters.
    static let noteLimit = 1000

    static func attendanceField(_ member: UUID) -> String { "attending-\(member.uuidString)" }
    static func mealField(_ member: UUID) -> String { "meal-\(member.uuidString)" }
    static func dietaryField(_ member: UUID) -> String { "dietary-\(member.uuidString)" }
    static func plusOneNameField(_ member: UUID) -> String { "plus-one-name-\(member.uuidString)" }
    static func plusOneMealField(_ member: UUID) -> String { "plus-one-meal-\(member.uuidString)" }

    /// The answers in `form` for every member of `household`, or the message for each field
    /// that cannot be taken: a missing yes/no, a meal that is not offered, text over its limit.
    static func answers(in form: FormBody, for household: RSVPHousehold) -> Result<RSVPAnswers, FieldErrors> {
        var errors: [RSVPField: String] = [:]
        var members: [UUID: RSVPMemberAnswer] = [:]
        func text(_ name: String, limit: Int, field: RSVPField, label: String) -> String {
            let value = (form[name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            if value.count > limit { errors[field] = "\(label) can be at most \(limit) characters long." }
            return value
        }
        func meal(_ name: String, field: RSVPField) -> String {
            let value = form[name] ?? ""
            if !value.isEmpty && !household.mealOptions.contains(value) { errors[field] = "Choose one of the meals listed." }
            return value
        }
        for member in household.members {
            let attending: Bool
            switch form[attendanceField(member.id)] {
            case "yes": attending = true
            case "no": attending = false
            default:
                errors[.attendance(member.id)] = "Say whether \(member.name.isolated) is coming."
                attending = false
            }
            var answer = RSVPMemberAnswer(
                attending: attending,
                meal: meal(mealField(member.id), field: .meal(member.id)),
                dietary: text(dietaryField(member.id), limit: noteLimit, field: .dietary(member.id), label: "Dietary needs")
            )
            if member.plusOneAllowed {
                answer.plusOneName = text(plusOneNameField(member.id), limit: nameLimit, field: .plusOneName(member.id),
                                          label: "The guest's name")
                answer.plusOneMeal = meal(plusOneMealField(member.id), field: .plusOneMeal(member.id))
            }
            members[member.id] = answer
        }
        let message = text(messageField, limit: noteLimit, field: .message, label: "The message")
        guard errors.isEmpty else { return .failure(FieldErrors(messages: errors)) }
        return .success(RSVPAnswers(members: members, message: message))
    }

    /// The form's fields that cannot be taken, each with its message.
    struct FieldErrors: Error {
        var messages: [RSVPField: String]
    }
}
