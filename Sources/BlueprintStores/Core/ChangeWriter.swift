import BlueprintDomain
import Foundation

/// Who last changed a record from elsewhere, and when, as the change feed told: for "merged with
/// Sam's change to phone" and the conflict dialog.
public struct ChangeWriter: Equatable, Sendable {
    /// The writer's name; `nil` when the source does not say.
    public let author: String?
    public let at: Timestamp
    /// Whether the change deleted the record.
    public let deleted: Bool

    public init(author: String?, at: Timestamp, deleted: Bool) {
        (self.author, self.at, self.deleted) = (author, at, deleted)
    }

    /// "Sam", or "someone" when the source does not say.
    public var name: String { author ?? "someone" }
}
