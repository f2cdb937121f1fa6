/// Where a value sits in a record: a field (`phone`), a field of a field (`address.city`), or a
/// field of one element of a list inside the record, named by the element's identity
/// (`installments[<id>].amount`).
public struct FieldPath: Hashable, Sendable, CustomStringConvertible {
    public enum Step: Hashable, Sendable {
        /// A member of an object, by its JSON key.
        case field(String)
        /// An element of a list, by its identity (its `id`, or for an expense's shares, its category).
        case element(String)
    }

    public var steps: [Step]

    public init(_ steps: [Step] = []) { self.steps = steps }

    /// A top-level field.
    public static func field(_ name: String) -> FieldPath { FieldPath([.field(name)]) }

    /// This path, one step further.
    public func appending(_ step: Step) -> FieldPath { FieldPath(steps + [step]) }

    /// The record's field the path starts at (`installments` of `installments[…].amount`).
    public var topField: String? {
        if case .field(let name)? = steps.first { return name }
        return nil
    }

    public var description: String {
        steps.enumerated().map { index, step in
            switch step {
            case .field(let name): index == 0 ? name : "." + name
            case .element(let identity): "[\(identity)]"
            }
        }.joined()
    }
}

extension FieldPath {
    /// The path in words, for a person choosing between two values: `dietaryNeeds` reads
    /// "dietary needs", an element's field "installments › amount".
    public var label: String {
        steps.compactMap { step -> String? in
            guard case .field(let name) = step else { return nil }
            return Self.words(name)
        }.joined(separator: " › ")
    }

    /// The fields changed at `paths`, in words, each once: "phone and email".
    public static func fieldsInWords(_ paths: [FieldPath]) -> String {
        var seen: Set<String> = []
        let labels = paths.compactMap(\.topField).map { FieldPath.field($0).label }.filter { seen.insert($0).inserted }
        return ListPhrase.joined(labels)
    }

    /// A camel-case JSON key as lower-case words, initialisms in capitals ("plusOneName" reads
    /// "plus one name", "rsvp" reads "RSVP").
    private static func words(_ key: String) -> String {
        var words = ""
        for character in key {
            if character.isUppercase, !words.isEmpty { words.append(" ") }
            words.append(contentsOf: character.lowercased())
        }
        return words.split(separator: " ").map { initialisms.contains(String($0)) ? $0.uppercased() : String($0) }
            .joined(separator: " ")
    }

    private static let initialisms: Set<String> = ["rsvp", "url", "id"]
}
