/// One problem with one field of a record, phrased for the person who typed it.
public struct ValidationIssue: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The field's name as the forms and CSV headers call it ("email", "table").
    public let field: String
    public let message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}
