import BlueprintDomain

/// Where the RSVP pages find a household by its link token and save its answers.
///
/// The server knows nothing else of the planner's data: the command line gives it a directory
/// over the repositories, the tests an in-memory one. An implementation compares tokens in
/// constant time (it looks up a hash of the token, never the token itself), so a wrong, revoked
/// and missing token cannot be told apart, and lets a token change only its own household.
public protocol RSVPDirectory: Sendable {
    /// The household the link token opens, or `nil` for any token that opens nothing.
    func household(token: String) async throws -> RSVPHousehold?

    /// Saves `answers` for the household the token opens, as an edit made by the guest `at`.
    /// All or nothing: an outcome other than `.saved` changes nothing.
    func answer(token: String, _ answers: RSVPAnswers, at: Timestamp) async throws -> RSVPAnswerOutcome
}
