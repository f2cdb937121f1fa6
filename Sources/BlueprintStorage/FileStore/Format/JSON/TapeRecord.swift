import BlueprintDomain
import Foundation
import Glibc

/// A record read straight off the tape, field by field, without a `Decoder`.
///
/// The generic `Decodable` path costs a keyed container, a key look-up and several unspecialised
/// calls per field, which was most of opening a wedding of 10k guests. A type conforming here
/// reads the shape the store writes in one pass over the object's members. Anything else (a
/// field missing, null or of another type, a field twice, a value the generic path would
/// refuse) gives `nil`, and `TapeReader.decode` then takes the `Decodable` path, which decodes
/// it or reports the problem in its own words. So the synthesised `Codable` conformance stays the
/// description of the shape, and tests check that both paths decode every record alike.
protocol TapeRecord: Decodable {
    /// The record held by the object at `object`, or `nil` if it is not in the plain shape.
    init?(tapeObject object: Int32, in reader: TapeReader)
}

/// The fields of a `TapeRecord` (an enum whose case names are the JSON keys, numbered from 0
/// in the order the store's encoder writes them), matched against an object's keys as bytes.
struct TapeFields<Field: RawRepresentable<Int> & CaseIterable> {
    private let names: [[UInt8]]
    private let prefixes: [UInt64]

    init() {
        names = Field.allCases.map { Array(String(describing: $0).utf8) }
        prefixes = names.map { name in name.withUnsafeBytes { JSONTape.prefix(of: $0) } }
        precondition(Field.allCases.map(\.rawValue) == Array(names.indices), "\(Field.self) must be numbered 0, 1, 2, …")
    }

    /// `body`'s result for the values of `object`'s members, or `nil` if `object` is not an
    /// object or names a field twice. Members that are not fields are passed over, as the
    /// synthesised `Decodable` conformances pass them over.
    func read<Result>(_ object: Int32, in reader: TapeReader, _ body: (TapeValues<Field>) -> Result?) -> Result? {
        guard reader.entry(object).kind == .object else { return nil }
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: names.count) { slots -> Result? in
            slots.initialize(repeating: 0)  // a member's value never sits at entry 0
            let end = reader.entry(object).next
            var position = object + 1
            var expected = 0
            while position < end {
                let member = reader.entry(position)
                if let field = field(of: member, in: reader.bytes, expected: expected) {
                    guard slots[field] == 0 else { return nil }
                    slots[field] = position
                    expected = field + 1
                }
                position = member.next
            }
            return body(TapeValues(reader: reader, slots: UnsafeBufferPointer(slots)))
        }
    }

    /// The number of the field that is `member`'s key, trying `expected` first (members come in
    /// the encoder's order), or `nil` for a key that is no field.
    private func field(of member: JSONTape.Entry, in bytes: UnsafeRawBufferPointer, expected: Int) -> Int? {
        func isField(_ field: Int) -> Bool {
            let name = names[field]
            guard prefixes[field] == member.keyPrefix, name.count == Int(member.keyLength) else { return false }
            return name.count <= 8
                || name.withUnsafeBytes { memcmp(bytes.baseAddress! + Int(member.keyOffset), $0.baseAddress!, name.count) == 0 }
        }
        if expected < names.count, isField(expected) { return expected }
        return names.indices.first(where: isField)
    }
}

/// The values of one object's fields, each `nil` when absent or not of the plain kind the store
/// writes (see `TapeRecord`).
struct TapeValues<Field: RawRepresentable<Int>> {
    let reader: TapeReader
    /// The entry of each field's value, 0 for a field not present.
    let slots: UnsafeBufferPointer<Int32>

    private func entry(_ field: Field) -> Int32? {
        let index = slots[field.rawValue]
        return index == 0 ? nil : index
    }

    func string(_ field: Field) -> String? {
        entry(field).flatMap { try? reader.string(at: $0) }
    }

    /// `absent` for a field the object does not have (written before the field existed), `nil`
    /// for a value that is not a string.
    func string(_ field: Field, absent: String) -> String? {
        entry(field) == nil ? absent : string(field)
    }

    func bool(_ field: Field) -> Bool? {
        entry(field).flatMap { try? reader.bool(at: $0) }
    }

    func integer(_ field: Field) -> Int? {
        entry(field).flatMap { try? reader.integer(Int.self, at: $0) }
    }

    /// `.some(nil)` for a field absent or null (as `decodeIfPresent` reads it), `nil` for a
    /// value that is not a whole number.
    func optionalInteger(_ field: Field) -> Int?? {
        guard let index = entry(field), !reader.isNull(index) else { return .some(nil) }
        return (try? reader.integer(Int.self, at: index)).map { $0 }
    }

    func uuid(_ field: Field) -> UUID? {
        entry(field).flatMap { reader.uuid(at: $0) }
    }

    func timestamp(_ field: Field) -> Timestamp? {
        guard let index = entry(field), reader.entry(index).kind == .asciiString else { return nil }
        return Timestamp(isoUTF8: reader.text(of: reader.entry(index)))
    }

    func value<Value: StoredStringEnum>(_ field: Field, as type: Value.Type) -> Value? {
        string(field).flatMap(Value.init(storedText:))
    }

    func record<Value: TapeRecord>(_ field: Field, as type: Value.Type) -> Value? {
        entry(field).flatMap { Value(tapeObject: $0, in: reader) }
    }
}
