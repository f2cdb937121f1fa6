import Glibc

/// A JSON text parsed in one pass into a flat array of values (a "tape"), for `TapeDecoder`.
///
/// Hand-written because Foundation's `JSONDecoder` spent ~18 µs per guest (a dictionary of
/// keys per object): opening a wedding of 10k guests took 180 ms against a 50 ms budget. Here
/// each object's members are indexed once, with the first 8 bytes of each key, so looking a
/// field up is a short scan of integers. Parsing is strict JSON (RFC 8259); the only
/// restriction is that field names may not contain escapes, which blueprint never writes.
///
/// An object's members follow it on the tape, each value's entry carrying its key (offset,
/// length and first 8 bytes); nested containers are stepped over with `next`.
struct JSONTape {
    enum Kind: UInt8 {
        /// `asciiString` has only ASCII bytes; `string` has others too; `escapedString` has escapes.
        case object, array, asciiString, string, escapedString, number, `true`, `false`, null
    }

    struct Entry {
        /// For a member of an object: the first (up to) 8 bytes of its key, little-endian,
        /// zero-padded; `keyLength` and `keyOffset` locate the whole key.
        var keyPrefix: UInt64 = 0
        var keyOffset: Int32 = 0
        var keyLength: Int32 = 0
        /// Byte offset of the value (for strings, just after the opening quote).
        var offset: Int32
        /// Strings and numbers: byte length. Objects and arrays: member or element count.
        var length: Int32
        /// The index of the entry just past this value and everything inside it.
        var next: Int32
        var kind: Kind
        /// How many containers enclose the value (a member of the top-level object has 1).
        var depth: UInt16

        init(kind: Kind, offset: Int, length: Int, next: Int, depth: Int, key: Key) {
            keyPrefix = key.prefix
            keyOffset = key.offset
            keyLength = key.length
            self.kind = kind
            self.offset = Int32(offset)
            self.length = Int32(length)
            self.next = Int32(next)
            self.depth = UInt16(depth)
        }
    }

    /// Where a member's key is, for the entry of its value (all zero for other values).
    struct Key {
        var prefix: UInt64 = 0
        var offset: Int32 = 0
        var length: Int32 = 0
    }

    private(set) var entries: [Entry] = []

    /// Parses `bytes`; throws `JSONReadError` naming the line and column of the first problem.
    init(parsing bytes: UnsafeRawBufferPointer) throws {
        guard bytes.count < Int(Int32.max) else {
            throw JSONReadError(bytes: bytes, offset: 0, message: "the file is larger than 2 GiB")
        }
        var parser = Parser(bytes: bytes)
        entries.reserveCapacity(bytes.count / 24)
        try parser.parseValue(into: &self, depth: 0, key: Key())
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.error("unexpected text after the end of the JSON value") }
    }

    /// The first 8 bytes of `key` as `Entry.keyPrefix` holds them.
    static func prefix(of key: UnsafeRawBufferPointer) -> UInt64 {
        if key.count >= 8 { return UInt64(littleEndian: key.loadUnaligned(as: UInt64.self)) }
        var prefix: UInt64 = 0
        for index in 0..<key.count { prefix |= UInt64(key[index]) << (8 * UInt64(index)) }
        return prefix
    }

    private struct Parser {
        let bytes: UnsafeRawBufferPointer
        var position = 0

        static let maximumDepth = 512

        init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        func error(_ message: String) -> JSONReadError {
            JSONReadError(bytes: bytes, offset: position, message: message)
        }

        mutating func skipWhitespace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x0A, 0x0D, 0x09: position += 1
                default: return
                }
            }
        }

        /// Appends the value at `position` (and everything inside it) to the tape; `key` is its
        /// key when it is a member of an object.
        mutating func parseValue(into tape: inout JSONTape, depth: Int, key: Key) throws {
            skipWhitespace()
            guard position < bytes.count else { throw error("the text ends where a value should be") }
            switch bytes[position] {
            case UInt8(ascii: "{"): try parseObject(into: &tape, depth: depth, key: key)
            case UInt8(ascii: "["): try parseArray(into: &tape, depth: depth, key: key)
            case UInt8(ascii: "\""):
                let start = position + 1
                let kind = try scanString()
                tape.entries.append(Entry(kind: kind, offset: start, length: position - 1 - start,
                                          next: tape.entries.count + 1, depth: depth, key: key))
            case UInt8(ascii: "t"): try literal("true", .true, into: &tape, depth: depth, key: key)
            case UInt8(ascii: "f"): try literal("false", .false, into: &tape, depth: depth, key: key)
            case UInt8(ascii: "n"): try literal("null", .null, into: &tape, depth: depth, key: key)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = position
                try scanNumber()
                tape.entries.append(Entry(kind: .number, offset: start, length: position - start,
                                          next: tape.entries.count + 1, depth: depth, key: key))
            default:
                throw error("unexpected character '\(Unicode.Scalar(bytes[position]))' where a value should be")
            }
        }

        private mutating func parseObject(into tape: inout JSONTape, depth: Int, key: Key) throws {
            guard depth < Parser.maximumDepth else { throw error("nested too deeply") }
            let index = tape.entries.count
            let start = position
            tape.entries.append(Entry(kind: .object, offset: start, length: 0, next: 0, depth: depth, key: key))
            position += 1
            var count = 0
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                position += 1
            } else {
                while true {
                    skipWhitespace()
                    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                        throw error("expected a field name in quotes")
                    }
                    let keyStart = position + 1
                    if try scanString() == .escapedString {
                        throw error("escaped characters in field names are not supported")
                    }
                    let keyLength = position - 1 - keyStart
                    skipWhitespace()
                    guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                        throw error("expected ':' after the field name")
                    }
                    position += 1
                    try parseValue(into: &tape, depth: depth + 1,
                                   key: Key(prefix: keyPrefix(at: keyStart, length: keyLength), offset: Int32(keyStart),
                                            length: Int32(keyLength)))
                    count += 1
                    skipWhitespace()
                    guard position < bytes.count else { throw error("the text ends inside an object") }
                    if bytes[position] == UInt8(ascii: ",") {
                        position += 1
                    } else if bytes[position] == UInt8(ascii: "}") {
                        position += 1
                        break
                    } else {
                        throw error("expected ',' or '}' after a field")
                    }
                }
            }
            tape.entries[index] = Entry(kind: .object, offset: start, length: count, next: tape.entries.count, depth: depth,
                                        key: key)
        }

        private mutating func parseArray(into tape: inout JSONTape, depth: Int, key: Key) throws {
            guard depth < Parser.maximumDepth else { throw error("nested too deeply") }
            let index = tape.entries.count
            let start = position
            tape.entries.append(Entry(kind: .array, offset: start, length: 0, next: 0, depth: depth, key: key))
            position += 1
            var count = 0
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                position += 1
            } else {
                while true {
                    try parseValue(into: &tape, depth: depth + 1, key: Key())
                    count += 1
                    skipWhitespace()
                    guard position < bytes.count else { throw error("the text ends inside an array") }
                    if bytes[position] == UInt8(ascii: ",") {
                        position += 1
                    } else if bytes[position] == UInt8(ascii: "]") {
                        position += 1
                        break
                    } else {
                        throw error("expected ',' or ']' after an element")
                    }
                }
            }
            tape.entries[index] = Entry(kind: .array, offset: start, length: count, next: tape.entries.count, depth: depth,
                                        key: key)
        }

        /// Moves past a string starting at its opening quote; returns which kind of string it is.
        /// Plain runs are skipped 8 bytes at a time (SWAR: a word is tested for a quote, a
        /// backslash or a control byte in a few integer operations).
        private mutating func scanString() throws -> Kind {
            position += 1
            var escaped = false
            var highBits: UInt64 = 0
            while true {
                while position + 8 <= bytes.count {
                    let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
                    let special = Parser.bytesEqual(word, 0x22) | Parser.bytesEqual(word, 0x5C) | Parser.bytesBelow(word, 0x20)
                    if special == 0 {
                        highBits |= word
                        position += 8
                        continue
                    }
                    let plainBytes = special.trailingZeroBitCount / 8
                    highBits |= word & ((1 << (UInt64(plainBytes) * 8)) &- 1)
                    position += plainBytes
                    break
                }
                guard position < bytes.count else { throw error("the text ends inside a string") }
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    position += 1
                    return escaped ? .escapedString : highBits & 0x8080_8080_8080_8080 == 0 ? .asciiString : .string
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                    position += 2
                } else if byte < 0x20 {
                    throw error("a control character inside a string must be escaped")
                } else {
                    highBits |= UInt64(byte)
                    position += 1
                }
            }
        }

        private static let lowBits: UInt64 = 0x0101_0101_0101_0101
        private static let highBitsMask: UInt64 = 0x8080_8080_8080_8080

        /// High bit set in (at least) the lowest byte of `word` equal to `byte`; exact for the
        /// lowest such byte, which is all `scanString` uses.
        private static func bytesEqual(_ word: UInt64, _ byte: UInt8) -> UInt64 {
            let x = word ^ (lowBits &* UInt64(byte))
            return (x &- lowBits) & ~x & highBitsMask
        }

        /// High bit set in (at least) the lowest byte of `word` below `limit` (at most 128).
        private static func bytesBelow(_ word: UInt64, _ limit: UInt8) -> UInt64 {
            (word &- lowBits &* UInt64(limit)) & ~word & highBitsMask
        }

        private mutating func scanNumber() throws {
            if bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("expected a digit") }
            if bytes[position] == UInt8(ascii: "0") {
                position += 1
            } else {
                while position < bytes.count, isDigit(bytes[position]) { position += 1 }
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
                position += 1
                guard position < bytes.count, isDigit(bytes[position]) else { throw error("expected a digit after '.'") }
                while position < bytes.count, isDigit(bytes[position]) { position += 1 }
            }
            if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                    position += 1
                }
                guard position < bytes.count, isDigit(bytes[position]) else { throw error("expected an exponent") }
                while position < bytes.count, isDigit(bytes[position]) { position += 1 }
            }
        }

        private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

        /// `JSONTape.prefix(of:)` for a key in the text, with one 8-byte load when the text
        /// goes on that far (it nearly always does: a value follows every key).
        private func keyPrefix(at start: Int, length: Int) -> UInt64 {
            guard start + 8 <= bytes.count else {
                return JSONTape.prefix(of: UnsafeRawBufferPointer(rebasing: bytes[start..<(start + length)]))
            }
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self))
            return length >= 8 ? word : word & ((1 << (UInt64(length) * 8)) &- 1)
        }

        private mutating func literal(_ word: StaticString, _ kind: Kind, into tape: inout JSONTape, depth: Int,
                                      key: Key) throws {
            let length = word.utf8CodeUnitCount
            guard position + length <= bytes.count,
                  memcmp(bytes.baseAddress! + position, word.utf8Start, length) == 0 else {
                throw error("unexpected text where a value should be")
            }
            tape.entries.append(Entry(kind: kind, offset: position, length: length, next: tape.entries.count + 1,
                                      depth: depth, key: key))
            position += length
        }
    }
}
