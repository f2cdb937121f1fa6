import BlueprintDomain

/// A string enum whose `Codable` form is its raw value, as Swift synthesises it, so the tape
/// decoder can make it from the string without a `Decoder`: the generic raw-value path runs
/// unspecialised (metadata look-ups on every value) and cost as much as the rest of a guest.
///
/// Conform only enums whose `init(from:)` is the synthesised one. A string that is not a raw
/// value falls back to the generic path, which reports it in the same words as before.
protocol StoredStringEnum: RawRepresentable<String>, Decodable {
    /// The case with raw value `storedText`, if any. (A requirement rather than an extension
    /// method, so each enum's witness is specialised.)
    init?(storedText: String)
}

extension StoredStringEnum {
    init?(storedText: String) { self.init(rawValue: storedText) }
}

extension InvitedBy: StoredStringEnum {}
extension RSVPStatus: StoredStringEnum {}
extension PaymentStatus: StoredStringEnum {}
extension VendorCategory: StoredStringEnum {}
extension VendorStatus: StoredStringEnum {}
extension TaskStatus: StoredStringEnum {}
extension TaskPriority: StoredStringEnum {}
extension RecordKind: StoredStringEnum {}
