import BlueprintDomain

/// A value read from a form (a record, a filter), or what is wrong with the form's values.
enum FormReading<Value> {
    case valid(Value)
    case invalid([ValidationIssue])

    /// `value` if `issues` is empty.
    init(_ value: Value, issues: [ValidationIssue]) {
        self = issues.isEmpty ? .valid(value) : .invalid(issues)
    }
}

/// Reading typed values out of form fields; each problem names its field, for the message beside it.
struct FieldReader {
    let form: Form
    private(set) var issues: [ValidationIssue] = []

    init(_ form: Form) { self.form = form }

    /// The trimmed text of `name`.
    func text(_ name: String) -> String { form.trimmed(name) }

    /// A whole number, nil when the field is empty.
    mutating func number(_ name: String, _ noun: String) -> Int? {
        let text = form.trimmed(name)
        guard !text.isEmpty else { return nil }
        guard let value = Int(text) else {
            issues.append(ValidationIssue(field: name, message: "'\(text)' is not \(noun) number"))
            return nil
        }
        return value
    }

    /// An amount in `currency`, nil when the field is empty.
    mutating func money(_ name: String, in currency: Currency) -> Money? {
        let text = form.trimmed(name)
        guard !text.isEmpty else { return nil }
        do {
            return try currency.parse(text)
        } catch {
            issues.append(ValidationIssue(field: name, message: error.description))
            return nil
        }
    }

    /// An amount that must be given.
    mutating func requiredMoney(_ name: String, in currency: Currency, _ label: String) -> Money {
        guard !form.trimmed(name).isEmpty else {
            issues.append(ValidationIssue(field: name, message: "\(label) is required"))
            return .zero
        }
        return money(name, in: currency) ?? .zero
    }

    /// A date typed `yyyy-mm-dd`, nil when the field is empty.
    mutating func date(_ name: String) -> CalendarDate? {
        let text = form.trimmed(name)
        guard !text.isEmpty else { return nil }
        guard let date = CalendarDate(iso: text) else {
            issues.append(ValidationIssue(field: name, message: "'\(text)' is not a date (yyyy-mm-dd)"))
            return nil
        }
        return date
    }

    /// A date that must be given.
    mutating func requiredDate(_ name: String, _ label: String) -> CalendarDate {
        guard !form.trimmed(name).isEmpty else {
            issues.append(ValidationIssue(field: name, message: "\(label) is required"))
            return CalendarDate(daysSince1970: 0)
        }
        return date(name) ?? CalendarDate(daysSince1970: 0)
    }

    /// A time of day typed `HH:mm` (`24:00` is the end of a day); `nil`, with a problem named
    /// `label`, when the field is empty or holds something else.
    mutating func requiredTime(_ name: String, _ label: String) -> TimeOfDay? {
        let text = form.trimmed(name)
        guard !text.isEmpty else {
            issues.append(ValidationIssue(field: name, message: "\(label) is required (HH:mm)"))
            return nil
        }
        guard let time = TimeOfDay(parsing: text) else {
            issues.append(ValidationIssue(field: name, message: "'\(text)' is not a time (HH:mm, 00:00 to 24:00)"))
            return nil
        }
        return time
    }

    /// Adds problems found elsewhere (the domain's validation).
    mutating func add(_ more: [ValidationIssue]) { issues += more }
}
