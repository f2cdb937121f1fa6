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
///
/// A large array near the top (the records of a snapshot file) is not parsed with the rest: the
/// parse only finds where its elements start and where it ends (`DeferredArray`), and decoding
/// parses each element just before decoding it, on several threads (`decodeConcurrently`). That
/// spreads the parse over the processors, keeps each element's entries in cache while it is
/// decoded, and never builds a tape of the whole file. Either way the same text is accepted
/// and the same values decoded; `StoreJSONDecoder` reports any problem as parsing everything
/// first does.
struct JSONTape {
    enum Kind: UInt8 {
        /// `asciiString` has only ASCII bytes; `string` has others too; `escapedString` has escapes.
        /// `deferredArray` is an array whose elements are not on the tape (see `DeferredArray`).
        case object, array, deferredArray, asciiString, string, escapedString, number, `true`, `false`, null
    }

    /// Where the elements of a deferred array are said to be in the text: element `i` starts
    /// at `starts[i]`, and the `]` is at `end`. That is checked as the elements are parsed
    /// (`parseElement`): each must be followed by whitespace and a `,`, then whitespace up to
    /// the next element's start, the last by whitespace up to the `]`.
    struct DeferredArray {
        var starts: [Int32] = []
        var end: Int32 = 0
        /// How deep the elements are (one more than the array).
        var depth: Int = 0
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

        /// (The parse refuses texts of 2 GiB or more and nesting of `maximumDepth` or more, so
        /// the numbers always fit.)
        init(kind: Kind, offset: Int, length: Int, next: Int, depth: Int, key: Key) {
            keyPrefix = key.prefix
            keyOffset = key.offset
            keyLength = key.length
            self.kind = kind
            self.offset = Int32(truncatingIfNeeded: offset)
            self.length = Int32(truncatingIfNeeded: length)
            self.next = Int32(truncatingIfNeeded: next)
            self.depth = UInt16(truncatingIfNeeded: depth)
        }
    }

    /// Where a member's key is, for the entry of its value (all zero for other values).
    struct Key {
        var prefix: UInt64 = 0
        var offset: Int32 = 0
        var length: Int32 = 0
    }

    private(set) var entries: [Entry] = []
    /// The deferred arrays, by the index of their entry.
    private(set) var deferredArrays: [Int32: DeferredArray] = [:]

    /// An empty tape, to parse elements of a deferred array into (`parseElement`).
    init() {}

    /// Parses `bytes`; throws `JSONReadError` naming the line and column of the first problem.
    /// With `deferringLargeArrays`, the arrays at the top two levels that the text leaves room
    /// for `concurrentDecodingThreshold` elements in are deferred (see the type's documentation).
    /// `readBehind` is told the parts of a deferred array's text the parse has stepped over.
    init(parsing bytes: UnsafeRawBufferPointer, deferringLargeArrays: Bool = true, readBehind: ReadBehind.Release? = nil) throws {
        guard bytes.count < Int(Int32.max) else {
            throw JSONReadError(bytes: bytes, offset: 0, message: "the file is larger than 2 GiB")
        }
        do {
            var parser = Parser(bytes: bytes, defersLargeArrays: deferringLargeArrays, readBehind: readBehind)
            if !deferringLargeArrays { entries.reserveCapacity(bytes.count / 24) }
            try parser.parseValue(into: &self, depth: 0, key: Key())
            parser.skipWhitespace()
            guard parser.position == bytes.count else { throw parser.error("unexpected text after the end of the JSON value") }
        } catch where !deferredArrays.isEmpty {
            // The first problem in the text may lie in an array skipped over.
            self = try JSONTape(parsing: bytes, deferringLargeArrays: false)
        }
    }

    /// Replaces the entries with element `element` of `array` (a deferred array) and checks
    /// what lies between it and the next element or the `]` (see `DeferredArray`).
    mutating func parseElement(_ element: Int, of array: DeferredArray, in bytes: UnsafeRawBufferPointer) throws {
        entries.removeAll(keepingCapacity: true)
        var parser = Parser(bytes: bytes, defersLargeArrays: false)
        parser.position = Int(array.starts[element])
        try parser.parseValue(into: &self, depth: array.depth, key: Key())
        parser.skipWhitespace()
        if element + 1 < array.starts.count {
            guard parser.position < bytes.count, bytes[parser.position] == UInt8(ascii: ",") else {
                throw parser.error("expected ',' or ']' after an element")
            }
            parser.position += 1
            parser.skipWhitespace()
            guard parser.position == Int(array.starts[element + 1]) else { throw parser.error("unexpected text where a value should be") }
        } else {
            guard parser.position == Int(array.end) else { throw parser.error("expected ',' or ']' after an element") }
        }
    }

    /// Replaces the entries with the whole of a deferred array, from its `[` at `offset` to
    /// its `]` at `closing`, its elements parsed.
    mutating func parseArray(of bytes: UnsafeRawBufferPointer, at offset: Int32, closingAt closing: Int32, depth: Int) throws {
        entries.removeAll(keepingCapacity: true)
        var parser = Parser(bytes: bytes, defersLargeArrays: false)
        parser.position = Int(offset)
        try parser.parseValue(into: &self, depth: depth, key: Key())
        guard parser.position == Int(closing) + 1 else { throw parser.error("unexpected text where a value should be") }
    }

    /// The first 8 bytes of `key` as `Entry.keyPrefix` holds them.
    @inline(__always)
    static func prefix(of key: UnsafeRawBufferPointer) -> UInt64 {
        switch key.count {
        case 8...:
            return UInt64(littleEndian: key.loadUnaligned(as: UInt64.self))
        case 4...7:
            // Two loads of 4 bytes, overlapping when the key is shorter than 8.
            let low = UInt64(UInt32(littleEndian: key.loadUnaligned(as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: key.loadUnaligned(fromByteOffset: key.count - 4, as: UInt32.self)))
            return low | high << (8 * UInt64(key.count - 4))
        default:
            var prefix: UInt64 = 0
            for index in 0..<key.count { prefix |= UInt64(key[index]) << (8 * UInt64(index)) }
            return prefix
        }
    }

    private struct Parser {
        let bytes: UnsafeRawBufferPointer
        let defersLargeArrays: Bool
        let readBehind: ReadBehind.Release?
        var position = 0

        static let maximumDepth = 512

        init(bytes: UnsafeRawBufferPointer, defersLargeArrays: Bool, readBehind: ReadBehind.Release? = nil) {
            self.bytes = bytes
            self.defersLargeArrays = defersLargeArrays
            self.readBehind = readBehind
        }

        func error(_ message: String) -> JSONReadError {
            JSONReadError(bytes: bytes, offset: position, message: message)
        }

        /// Moves past whitespace; a run of spaces (indentation) 8 bytes at a time.
        @inline(__always)
        mutating func skipWhitespace() {
            while position < bytes.count, bytes[position] <= 0x20 {
                switch bytes[position] {
                case 0x20 where position + 8 <= bytes.count:
                    let others = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
                        ^ Parser.lowBits &* 0x20
                    position += others == 0 ? 8 : others.trailingZeroBitCount / 8
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
                                   key: Key(prefix: keyPrefix(at: keyStart, length: keyLength), offset: Int32(truncatingIfNeeded: keyStart),
                                            length: Int32(truncatingIfNeeded: keyLength)))
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
            // Only an array of some length is worth the scan (a large one takes at least two bytes an
            // element). Once scanned, it is deferred whatever its count: parsing it here as well read
            // a table of fewer elements twice, which was most of opening a wedding of 1,000 guests.
            if defersLargeArrays, depth <= 1, bytes.count - position >= 2 * Int(concurrentDecodingThreshold),
               var elements = elements(ofArrayAt: start), !elements.starts.isEmpty {
                elements.depth = depth + 1
                tape.entries.append(Entry(kind: .deferredArray, offset: start, length: elements.starts.count, next: index + 1,
                                          depth: depth, key: key))
                tape.deferredArrays[Int32(index)] = elements
                position = Int(elements.end) + 1
                return
            }
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

        /// Where the elements of the array opening at `start` begin and where it ends, found
        /// without parsing them (`linedElements`, else `matchedElements`); `nil` when the text
        /// is not well-formed enough to tell (the array is then parsed as usual, which reports
        /// the problem).
        private func elements(ofArrayAt start: Int) -> DeferredArray? {
            linedElements(ofArrayAt: start) ?? matchedElements(ofArrayAt: start)
        }

        /// The elements of a pretty-printed array of objects, as the store writes its records:
        /// each opens with a `{` alone at the start of a line and closes with a `}` at the start
        /// of a line, both at one indentation, and the `]` comes on the next line indented less.
        /// Looking only for those braces (`elementEnd`), this is several times faster than
        /// `matchedElements`; `nil` for any other layout. (A string cannot hold a line break, so
        /// a brace with only spaces before it on its line is outside strings. Should an element
        /// not be what this finds, parsing it says so, and the whole text is parsed instead.)
        private func linedElements(ofArrayAt start: Int) -> DeferredArray? {
            var elements = DeferredArray()
            var read = ReadBehind(readBehind, from: start)
            guard start + 1 < bytes.count, bytes[start + 1] == 0x0A else { return nil }
            let indentation = leadingSpaces(at: start + 2)
            var element = start + 2 + indentation
            guard element < bytes.count, bytes[element] == UInt8(ascii: "{") else { return nil }
            while true {
                elements.starts.append(Int32(element))
                read.passed(element)
                guard var position = elementEnd(after: element, indentation: indentation) else { return nil }
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: ",") { position += 1 }
                guard position < bytes.count, bytes[position] == 0x0A else { return nil }
                let line = position + 1, spaces = leadingSpaces(at: line)
                position = line + spaces
                guard position < bytes.count else { return nil }
                switch (spaces, bytes[position]) {
                case (indentation, UInt8(ascii: "{")):
                    element = position
                case (..<indentation, UInt8(ascii: "]")):
                    elements.end = Int32(position)
                    return elements
                default:
                    return nil
                }
            }
        }

        /// The `}` closing the element that opens at `start`: the first after it with exactly
        /// `indentation` spaces before it on its line.
        private func elementEnd(after start: Int, indentation: Int) -> Int? {
            let base = bytes.baseAddress!
            var position = start + 1
            while position < bytes.count {
                guard let found = memchr(base + position, Int32(UInt8(ascii: "}")), bytes.count - position) else { return nil }
                let brace = base.distance(to: UnsafeRawPointer(found))
                let line = brace - indentation
                if line > 0, bytes[line - 1] == 0x0A, leadingSpaces(at: line) >= indentation { return brace }
                position = brace + 1
            }
            return nil
        }

        /// How many spaces start at `position`.
        private func leadingSpaces(at start: Int) -> Int {
            var position = start
            while position + 8 <= bytes.count {
                let others = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
                    ^ Parser.lowBits &* 0x20
                if others != 0 { return position - start + others.trailingZeroBitCount / 8 }
                position += 8
            }
            while position < bytes.count, bytes[position] == 0x20 { position += 1 }
            return position - start
        }

        /// The elements of any array, found by stepping over strings (escapes included) and
        /// matching brackets, 8 bytes at a time between them.
        private func matchedElements(ofArrayAt start: Int) -> DeferredArray? {
            var elements = DeferredArray()
            var read = ReadBehind(readBehind, from: start)
            var nesting: [UInt8] = []
            var position = start + 1
            func nextNonWhitespace(_ from: Int) -> Int {
                var position = from
                while position < bytes.count {
                    switch bytes[position] {
                    case 0x20, 0x0A, 0x0D, 0x09: position += 1
                    default: return position
                    }
                }
                return position
            }
            position = nextNonWhitespace(position)
            guard position < bytes.count else { return nil }
            if bytes[position] == UInt8(ascii: "]") {
                elements.end = Int32(position)
                return elements
            }
            elements.starts.append(Int32(position))
            while true {
                // Step to the next quote, comma or bracket.
                while position + 8 <= bytes.count {
                    let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
                    let brackets = word | Parser.lowBits &* 0x20
                    let special = Parser.bytesEqual(word, 0x22) | Parser.bytesEqual(word, 0x2C)
                        | Parser.bytesEqual(brackets, 0x7B) | Parser.bytesEqual(brackets, 0x7D)
                    if special != 0 {
                        position += special.trailingZeroBitCount / 8
                        break
                    }
                    position += 8
                }
                guard position < bytes.count else { return nil }
                switch bytes[position] {
                case UInt8(ascii: "\""):
                    guard let end = endOfString(openingAt: position) else { return nil }
                    position = end
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    nesting.append(bytes[position])
                    position += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    let close = bytes[position]
                    guard let open = nesting.popLast() else {
                        guard close == UInt8(ascii: "]") else { return nil }
                        elements.end = Int32(position)
                        return elements
                    }
                    guard open == close - 2 else { return nil }  // `[` is `]` - 2, `{` is `}` - 2
                    position += 1
                case UInt8(ascii: ","):
                    if nesting.isEmpty {
                        position = nextNonWhitespace(position + 1)
                        guard position < bytes.count else { return nil }
                        elements.starts.append(Int32(position))
                        read.passed(position)
                    } else {
                        position += 1
                    }
                default:
                    position += 1
                }
            }
        }

        /// Just past the closing quote of the string opening at `start`, without checking its
        /// contents; `nil` if the text ends first.
        private func endOfString(openingAt start: Int) -> Int? {
            var position = start + 1
            while true {
                while position + 8 <= bytes.count {
                    let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
                    let special = Parser.bytesEqual(word, 0x22) | Parser.bytesEqual(word, 0x5C)
                    if special != 0 {
                        position += special.trailingZeroBitCount / 8
                        break
                    }
                    position += 8
                }
                guard position < bytes.count else { return nil }
                if bytes[position] == UInt8(ascii: "\"") { return position + 1 }
                position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
            }
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
