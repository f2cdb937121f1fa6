import BlueprintDomain
import Foundation
import Glibc

/// Decodes `Decodable` values straight from a `JSONTape`, so the domain's synthesised `Codable`
/// conformances stay the single description of each file's shape.
///
/// Errors name the line and column of the offending value (a coding path would cost an
/// allocation per nested value on the fast path; a line number serves a person editing the
/// file better anyway).
public struct StoreJSONDecoder {
    /// Told the parts of the text decoded and not needed again (see `MappedFile`).
    private let readBehind: ReadBehind.Release?
    /// Told the parts of the text the parse has stepped over, which decoding reads again.
    private let parseReadBehind: ReadBehind.Release?

    public init() { (readBehind, parseReadBehind) = (nil, nil) }

    /// A decoder that gives back the memory of `file`'s pages as it decodes them, and, with
    /// `duringTheParse`, as the parse steps over them too. Pages given back during the parse
    /// are read in again by decoding (about 15% more time to open 100,000 guests): worth it
    /// only where holding the whole file would matter.
    init(releasingPagesOf file: MappedFile, duringTheParse: Bool) {
        readBehind = { file.release($0) }
        parseReadBehind = duringTheParse ? readBehind : nil
    }

    /// Decodes `T` from `data`; any failure is a `JSONReadError` locating the problem.
    public func decode<T: Decodable>(_ type: T.Type, from data: some DataProtocol & ContiguousBytes) throws -> T {
        try read(data) { try $0.decode(T.self, at: 0) }
    }

    /// Decodes `data` with `body`, which is given the decoder of the top-level value: for a
    /// document whose shape is known only at run time (which members a snapshot file holds).
    /// Failures are located as `decode(_:from:)` locates them.
    func decode<T>(from data: some DataProtocol & ContiguousBytes, with body: (any Decoder) throws -> T) throws -> T {
        try read(data) { reader in
            do {
                return try body(TapeDecoder(reader: reader, index: 0))
            } catch let DecodingError.dataCorrupted(context) {
                throw reader.error(at: 0, context.debugDescription)
            }
        }
    }

    private func read<T>(_ data: some DataProtocol & ContiguousBytes, _ decode: (TapeReader) throws -> T) throws -> T {
        try data.withUnsafeBytes { bytes in
            let tape = try JSONTape(parsing: bytes, readBehind: parseReadBehind)
            do {
                let reader = TapeReader(bytes: bytes, tape: tape, readBehind: readBehind)
                let value = try decode(reader)
                if reader.decodedDeferredArrays.count < tape.deferredArrays.count {
                    // An array not decoded was never parsed; the text must still be valid JSON.
                    _ = try JSONTape(parsing: bytes, deferringLargeArrays: false)
                }
                return value
            } catch where !tape.deferredArrays.isEmpty {
                // A problem met while decoding a deferred array may come after one in an element
                // not parsed yet; parsing everything first reports the first problem in the text.
                return try decode(TapeReader(bytes: bytes, tape: try JSONTape(parsing: bytes, deferringLargeArrays: false)))
            }
        }
    }
}

/// The parsed text and the bytes it points into; valid only inside `StoreJSONDecoder.decode`.
final class TapeReader {
    let bytes: UnsafeRawBufferPointer
    /// Replaced by each element of a deferred array being decoded (`parseElement`).
    @exclusivity(unchecked) private(set) var tape: JSONTape
    /// Where each key was found last time. (A reader is used by one thread; the dynamic
    /// exclusivity check cost 2% of opening.)
    @exclusivity(unchecked) private var guesses = MemberGuesses()
    /// The deferred arrays decoded, each of which had every element parsed.
    @exclusivity(unchecked) private(set) var decodedDeferredArrays: Set<Int32> = []
    /// Told the parts of a deferred array's text decoded.
    let readBehind: ReadBehind.Release?

    init(bytes: UnsafeRawBufferPointer, tape: JSONTape, readBehind: ReadBehind.Release? = nil) {
        self.bytes = bytes
        self.tape = tape
        self.readBehind = readBehind
    }

    func entry(_ index: Int32) -> JSONTape.Entry { tape.entries[Int(index)] }

    /// Makes element `element` of a deferred array this reader's tape, its value at 0.
    func parseElement(_ element: Int, of array: JSONTape.DeferredArray) throws {
        try tape.parseElement(element, of: array, in: bytes)
    }

    /// The deferred array at `index` parsed in full, as a reader and the index of the array.
    func parsedArray(at index: Int32) throws -> (reader: TapeReader, array: Int32) {
        decodedDeferredArrays.insert(index)
        let value = entry(index)
        var array = JSONTape()
        try array.parseArray(of: bytes, at: value.offset, closingAt: tape.deferredArrays[index]!.end, depth: Int(value.depth))
        return (TapeReader(bytes: bytes, tape: array), 0)
    }

    func error(at index: Int32, _ message: String) -> JSONReadError {
        JSONReadError(bytes: bytes, offset: Int(entry(index).offset), message: message)
    }

    func mismatch(at index: Int32, expected: String) -> JSONReadError {
        let found: String
        switch entry(index).kind {
        case .object: found = "an object"
        case .array, .deferredArray: found = "an array"
        case .asciiString, .string, .escapedString: found = "a string"
        case .number: found = "a number"
        case .true, .false: found = "true or false"
        case .null: found = "null"
        }
        return error(at: index, "expected \(expected), found \(found)")
    }

    /// Decodes the value at `index`; errors thrown by the type itself get the value's location.
    func decode<T: Decodable>(_ type: T.Type, at index: Int32) throws -> T {
        let value = entry(index)
        switch value.kind {
        case .asciiString, .string, .escapedString:
            // Fast paths for the values every record has; anything unusual takes the generic
            // path, which reports the problem in the type's own words.
            if T.self == String.self { return try string(at: index) as! T }
            if T.self == UUID.self, let uuid = uuid(at: index) { return uuid as! T }
            if T.self == Timestamp.self, let timestamp = Timestamp(isoUTF8: text(of: value)) { return timestamp as! T }
            if T.self == CalendarDate.self, let date = CalendarDate(isoUTF8: text(of: value)) { return date as! T }
            if let enumType = T.self as? any StoredStringEnum.Type, let decoded = enumType.init(storedText: try string(at: index)) {
                return decoded as! T
            }
        case .object:
            if let recordType = T.self as? any TapeRecord.Type, let record = recordType.init(tapeObject: index, in: self) {
                return record as! T
            }
        case .array where value.length >= concurrentDecodingThreshold:
            if let arrayType = T.self as? any ConcurrentlyDecodableArray.Type {
                return try arrayType.decodeConcurrently(from: self, at: index) as! T
            }
        case .deferredArray:
            if let arrayType = T.self as? any ConcurrentlyDecodableArray.Type {
                decodedDeferredArrays.insert(index)
                return try arrayType.decodeConcurrently(from: self, at: index) as! T
            }
            let (parsed, array) = try parsedArray(at: index)
            return try parsed.decode(T.self, at: array)
        default:
            break
        }
        do {
            return try T(from: TapeDecoder(reader: self, index: index))
        } catch let located as JSONReadError {
            throw located
        } catch let DecodingError.dataCorrupted(context) {
            throw error(at: index, context.debugDescription)
        } catch {
            throw self.error(at: index, "\(error)")
        }
    }

    /// The bytes of a string or number value, as they are in the text (escapes not undone).
    func text(of value: JSONTape.Entry) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[Int(value.offset)..<Int(value.offset + value.length)])
    }

    func isNull(_ index: Int32) -> Bool { entry(index).kind == .null }

    func bool(at index: Int32) throws -> Bool {
        switch entry(index).kind {
        case .true: return true
        case .false: return false
        default: throw mismatch(at: index, expected: "true or false")
        }
    }

    func string(at index: Int32) throws -> String {
        let value = entry(index)
        let raw = text(of: value)
        switch value.kind {
        case .asciiString:
            return String(decoding: raw, as: UTF8.self)
        case .string:
            // Decoding repairs invalid UTF-8; a repair changes the bytes, and is refused.
            // (`String(validating:as:)` runs unspecialised, which cost more than this check.)
            var text = String(decoding: raw, as: UTF8.self)
            let unchanged = text.withUTF8 { $0.count == raw.count && memcmp($0.baseAddress!, raw.baseAddress!, raw.count) == 0 }
            guard unchanged else { throw error(at: index, "the text is not valid UTF-8") }
            return text
        case .escapedString:
            return try unescape(raw, at: index)
        default:
            throw mismatch(at: index, expected: "a string")
        }
    }

    /// A UUID in its 36-character text form (either case), without going through a `String`;
    /// `nil` for anything else (the generic path then reports the problem).
    func uuid(at index: Int32) -> UUID? {
        let value = entry(index)
        guard value.kind == .asciiString, value.length == 36 else { return nil }
        let text = self.text(of: value)
        // The 16 bytes as two big-endian halves; a dash must stand before bytes 4, 6, 8 and 10.
        var halves: (UInt64, UInt64) = (0, 0)
        var position = 0
        for byteIndex in 0..<16 {
            if byteIndex == 4 || byteIndex == 6 || byteIndex == 8 || byteIndex == 10 {
                guard text[position] == UInt8(ascii: "-") else { return nil }
                position += 1
            }
            let high = Self.hexValue(text[position]), low = Self.hexValue(text[position + 1])
            guard high | low < 16 else { return nil }
            if byteIndex < 8 {
                halves.0 = halves.0 << 8 | UInt64(high << 4 | low)
            } else {
                halves.1 = halves.1 << 8 | UInt64(high << 4 | low)
            }
            position += 2
        }
        halves = (halves.0.bigEndian, halves.1.bigEndian)
        return withUnsafeBytes(of: halves) { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
    }

    /// The value of a hex digit (either case), or 16 or more for any other byte.
    private static func hexValue(_ byte: UInt8) -> UInt8 {
        let digit = byte &- UInt8(ascii: "0")
        if digit < 10 { return digit }
        let letter = (byte | 0x20) &- UInt8(ascii: "a")
        return letter < 6 ? letter + 10 : 0xFF
    }

    func integer<T: FixedWidthInteger>(_ type: T.Type, at index: Int32) throws -> T {
        let value = entry(index)
        guard value.kind == .number else { throw mismatch(at: index, expected: "a whole number") }
        var position = Int(value.offset)
        let end = position + Int(value.length)
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        var result: T = 0
        while position < end {
            let digit = bytes[position] &- UInt8(ascii: "0")
            guard digit < 10 else { throw error(at: index, "expected a whole number") }
            let (shifted, overflow1) = result.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative ? shifted.subtractingReportingOverflow(T(digit))
                                             : shifted.addingReportingOverflow(T(digit))
            guard !overflow1, !overflow2 else { throw error(at: index, "the number does not fit in \(T.self)") }
            result = next
            position += 1
        }
        return result
    }

    func double(at index: Int32) throws -> Double {
        let value = entry(index)
        guard value.kind == .number else { throw mismatch(at: index, expected: "a number") }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[Int(value.offset)..<Int(value.offset + value.length)]),
                          as: UTF8.self)
        guard let number = Double(text) else { throw error(at: index, "not a number") }
        return number
    }

    /// The value of the member of object `index` named `key`, if there is one.
    func member(_ key: String, of index: Int32) -> Int32? {
        var key = key
        return key.withUTF8 { wanted in
            let raw = UnsafeRawBufferPointer(wanted)
            let guess = MemberGuess(key: raw)
            return tape.entries.withUnsafeBufferPointer { entries in
                let object = entries[Int(index)]
                let end = Int(object.next)
                func isWanted(_ member: JSONTape.Entry) -> Bool {
                    guard member.keyPrefix == guess.prefix, Int(member.keyLength) == raw.count else { return false }
                    if raw.count <= 8 { return true }
                    if raw.count <= 16 {
                        // The last 8 bytes (overlapping the prefix) settle keys of up to 16 bytes.
                        return bytes.loadUnaligned(fromByteOffset: Int(member.keyOffset) + raw.count - 8, as: UInt64.self)
                            == guess.tail
                    }
                    return memcmp(bytes.baseAddress! + Int(member.keyOffset), raw.baseAddress!, raw.count) == 0
                }
                let (slot, filed) = guesses.find(guess)
                if let offset = filed {
                    let position = Int(index) + Int(offset)
                    if position < end, entries[position].depth == object.depth + 1, isWanted(entries[position]) {
                        return Int32(position)
                    }
                }
                var position = Int(index) + 1
                while position < end {
                    if isWanted(entries[position]) {
                        guesses.remember(guess, offset: Int32(position) - index, at: slot)
                        return Int32(position)
                    }
                    position = Int(entries[position].next)
                }
                return nil
            }
        }
    }

    private func unescape(_ raw: UnsafeRawBufferPointer, at index: Int32) throws -> String {
        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        var position = 0
        func hex4() throws -> UInt32 {
            guard position + 4 < raw.count else { throw error(at: index, "a \\u escape needs four hex digits") }
            var value: UInt32 = 0
            for offset in 1...4 {
                guard let digit = Character(Unicode.Scalar(raw[position + offset])).hexDigitValue else {
                    throw error(at: index, "a \\u escape needs four hex digits")
                }
                value = value * 16 + UInt32(digit)
            }
            position += 5
            return value
        }
        while position < raw.count {
            let byte = raw[position]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                position += 1
                continue
            }
            guard position + 1 < raw.count else { throw error(at: index, "a string ends with a lone backslash") }
            let escape = raw[position + 1]
            position += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape); position += 1
            case UInt8(ascii: "b"): output.append(0x08); position += 1
            case UInt8(ascii: "f"): output.append(0x0C); position += 1
            case UInt8(ascii: "n"): output.append(0x0A); position += 1
            case UInt8(ascii: "r"): output.append(0x0D); position += 1
            case UInt8(ascii: "t"): output.append(0x09); position += 1
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    guard position + 1 < raw.count, raw[position] == UInt8(ascii: "\\"), raw[position + 1] == UInt8(ascii: "u") else {
                        throw error(at: index, "a \\u escape of a high surrogate must be followed by a low one")
                    }
                    position += 1
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else {
                        throw error(at: index, "a \\u escape of a high surrogate must be followed by a low one")
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let character = Unicode.Scalar(scalar) else { throw error(at: index, "a lone surrogate in a \\u escape") }
                output.append(contentsOf: String(Character(character)).utf8)
            default:
                throw error(at: index, "unknown escape '\\\(Unicode.Scalar(escape))'")
            }
        }
        guard let text = String(validating: output, as: UTF8.self) else { throw error(at: index, "the text is not valid UTF-8") }
        return text
    }
}

struct TapeDecoder: Decoder {
    let reader: TapeReader
    let index: Int32

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard reader.entry(index).kind == .object else { throw reader.mismatch(at: index, expected: "an object") }
        return KeyedDecodingContainer(TapeKeyedContainer<Key>(reader: reader, object: index))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        if reader.entry(index).kind == .deferredArray {
            let (parsed, array) = try reader.parsedArray(at: index)
            return TapeUnkeyedContainer(reader: parsed, array: array)
        }
        guard reader.entry(index).kind == .array else { throw reader.mismatch(at: index, expected: "an array") }
        return TapeUnkeyedContainer(reader: reader, array: index)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        TapeSingleValueContainer(reader: reader, index: index)
    }
}

struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let reader: TapeReader
    let object: Int32

    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] {
        var keys: [Key] = []
        var position = object + 1
        while position < reader.entry(object).next {
            let member = reader.entry(position)
            let raw = UnsafeRawBufferPointer(rebasing: reader.bytes[Int(member.keyOffset)..<Int(member.keyOffset + member.keyLength)])
            if let key = Key(stringValue: String(decoding: raw, as: UTF8.self)) { keys.append(key) }
            position = member.next
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { reader.member(key.stringValue, of: object) != nil }

    private func value(_ key: Key) throws -> Int32 {
        guard let value = reader.member(key.stringValue, of: object) else {
            throw reader.error(at: object, "missing field '\(key.stringValue)'")
        }
        return value
    }

    /// The member's value, or `nil` if it is absent or null.
    private func presentValue(_ key: Key) -> Int32? {
        guard let value = reader.member(key.stringValue, of: object), !reader.isNull(value) else { return nil }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { reader.isNull(try value(key)) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try reader.bool(at: value(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try reader.string(at: value(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try reader.double(at: value(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try reader.double(at: value(key))) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try reader.integer(Int.self, at: value(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try reader.integer(Int8.self, at: value(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try reader.integer(Int16.self, at: value(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try reader.integer(Int32.self, at: value(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try reader.integer(Int64.self, at: value(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try reader.integer(UInt.self, at: value(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try reader.integer(UInt8.self, at: value(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try reader.integer(UInt16.self, at: value(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try reader.integer(UInt32.self, at: value(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try reader.integer(UInt64.self, at: value(key)) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try reader.decode(T.self, at: value(key)) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try presentValue(key).map(reader.bool(at:)) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try presentValue(key).map(reader.string(at:)) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try presentValue(key).map { try reader.integer(Int.self, at: $0) }
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try presentValue(key).map { try reader.decode(T.self, at: $0) }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                                forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try TapeDecoder(reader: reader, index: value(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TapeDecoder(reader: reader, index: value(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { TapeDecoder(reader: reader, index: object) }
    func superDecoder(forKey key: Key) throws -> any Decoder { TapeDecoder(reader: reader, index: try value(key)) }
}

struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
    let reader: TapeReader
    let array: Int32
    private var position: Int32
    private(set) var currentIndex = 0

    init(reader: TapeReader, array: Int32) {
        self.reader = reader
        self.array = array
        position = array + 1
    }

    var codingPath: [any CodingKey] { [] }
    var count: Int? { Int(reader.entry(array).length) }
    var isAtEnd: Bool { currentIndex >= count! }

    /// The next element's entry, moving past it.
    private mutating func next() throws -> Int32 {
        guard !isAtEnd else { throw reader.error(at: array, "the array has fewer elements than expected") }
        let current = position
        position = reader.entry(current).next
        currentIndex += 1
        return current
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, reader.isNull(position) else { return false }
        _ = try next()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try reader.bool(at: next()) }
    mutating func decode(_ type: String.Type) throws -> String { try reader.string(at: next()) }
    mutating func decode(_ type: Double.Type) throws -> Double { try reader.double(at: next()) }
    mutating func decode(_ type: Float.Type) throws -> Float { Float(try reader.double(at: next())) }
    mutating func decode(_ type: Int.Type) throws -> Int { try reader.integer(Int.self, at: next()) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try reader.integer(Int8.self, at: next()) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try reader.integer(Int16.self, at: next()) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try reader.integer(Int32.self, at: next()) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try reader.integer(Int64.self, at: next()) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try reader.integer(UInt.self, at: next()) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try reader.integer(UInt8.self, at: next()) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try reader.integer(UInt16.self, at: next()) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try reader.integer(UInt32.self, at: next()) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try reader.integer(UInt64.self, at: next()) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try reader.decode(T.self, at: next()) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try TapeDecoder(reader: reader, index: next()).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try TapeDecoder(reader: reader, index: next()).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { TapeDecoder(reader: reader, index: try next()) }
}

struct TapeSingleValueContainer: SingleValueDecodingContainer {
    let reader: TapeReader
    let index: Int32

    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { reader.isNull(index) }
    func decode(_ type: Bool.Type) throws -> Bool { try reader.bool(at: index) }
    func decode(_ type: String.Type) throws -> String { try reader.string(at: index) }
    func decode(_ type: Double.Type) throws -> Double { try reader.double(at: index) }
    func decode(_ type: Float.Type) throws -> Float { Float(try reader.double(at: index)) }
    func decode(_ type: Int.Type) throws -> Int { try reader.integer(Int.self, at: index) }
    func decode(_ type: Int8.Type) throws -> Int8 { try reader.integer(Int8.self, at: index) }
    func decode(_ type: Int16.Type) throws -> Int16 { try reader.integer(Int16.self, at: index) }
    func decode(_ type: Int32.Type) throws -> Int32 { try reader.integer(Int32.self, at: index) }
    func decode(_ type: Int64.Type) throws -> Int64 { try reader.integer(Int64.self, at: index) }
    func decode(_ type: UInt.Type) throws -> UInt { try reader.integer(UInt.self, at: index) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try reader.integer(UInt8.self, at: index) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try reader.integer(UInt16.self, at: index) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try reader.integer(UInt32.self, at: index) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try reader.integer(UInt64.self, at: index) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try reader.decode(T.self, at: index) }
}

/// A key being looked up, as `MemberGuesses` files it: its length, first 8 bytes and last 8
/// bytes (overlapping the first for keys of 8 to 16 bytes; zero for shorter keys).
struct MemberGuess: Equatable {
    let prefix: UInt64
    let tail: UInt64
    let length: Int

    init(key: UnsafeRawBufferPointer) {
        prefix = JSONTape.prefix(of: key)
        tail = key.count > 8 ? key.loadUnaligned(fromByteOffset: key.count - 8, as: UInt64.self) : 0
        length = key.count
    }
}

/// Where each key was last found, as an offset from its object's entry: objects of one type
/// have the same shape, so the offset is nearly always right the next time (a caller checks it
/// before using it). A small open-addressed table, so that the keys of one type never evict
/// one another (a table indexed by hash alone made some keys of a guest collide and scan on
/// every guest).
struct MemberGuesses {
    private struct Slot {
        var key: MemberGuess
        /// 0 for an empty slot: a member never sits at its object's own entry.
        var offset: Int32
    }

    private static let slotCount = 512
    private static let probes = 4
    private var slots = [Slot](repeating: Slot(key: MemberGuess(key: UnsafeRawBufferPointer(start: nil, count: 0)), offset: 0),
                               count: slotCount)

    /// The slot that holds `key` and the offset filed there; else an empty slot to file it in,
    /// or the one to overwrite, and `nil`.
    @inline(__always)
    func find(_ key: MemberGuess) -> (slot: Int, offset: Int32?) {
        // Folded with shifts rather than multiplied: the keys of one type differ in their first
        // bytes or their length, and a clash only costs a probe.
        var hash = key.prefix ^ key.tail << 7 ^ UInt64(key.length) << 3
        hash ^= hash >> 32
        hash ^= hash >> 15
        let first = Int(truncatingIfNeeded: hash ^ hash >> 9) & (Self.slotCount - 1)
        return slots.withUnsafeBufferPointer { slots in
            for probe in 0..<Self.probes {
                let slot = (first + probe) & (Self.slotCount - 1)
                if slots[slot].offset == 0 { return (slot, nil) }
                if slots[slot].key == key { return (slot, slots[slot].offset) }
            }
            return (first, nil)
        }
    }

    mutating func remember(_ key: MemberGuess, offset: Int32, at slot: Int) {
        slots[slot] = Slot(key: key, offset: offset)
    }
}
