import BlueprintDomain
import Foundation
import Glibc

/// Encodes values as the store writes them, byte for byte as Foundation's `JSONEncoder` does
/// with `.sortedKeys` and `.withoutEscapingSlashes` (plus `.prettyPrinted` for files).
///
/// Hand-written because `JSONEncoder` took 310 ms to write a 10k-guest list (a dictionary per
/// object, Unicode-aware key sorting): the time to quit after an edit, and a stall during an
/// edit whenever the journal is compacted. Here every member is written once into one buffer;
/// an object's members are then reordered by their keys' bytes (field names are ASCII).
/// A type that uses nested containers or super-encoders is handed to `JSONEncoder` instead.
public struct StoreJSONEncoder {
    public enum Style { case pretty, compact }

    let style: Style

    /// Encodes `value`; `expectedSize` (say, the size of the file being replaced) spares the
    /// buffer its repeated growth.
    func encode<T: Encodable>(_ value: T, expectedSize: Int = 4096) throws -> Data {
        let writer = JSONWriter(pretty: style == .pretty, capacity: expectedSize + expectedSize / 8)
        try writer.encodeValue(value, depth: 0)
        guard !writer.needsFoundation else {
            let encoder = JSONEncoder()
            encoder.outputFormatting = style == .pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                                                        : [.sortedKeys, .withoutEscapingSlashes]
            return try encoder.encode(value)
        }
        return Data(writer.output)
    }
}

/// The output buffer and the containers being written.
///
/// A writer is used by one thread; its buffers skip the dynamic exclusivity checks, which
/// otherwise took 15% of writing a guest list.
final class JSONWriter {
    @exclusivity(unchecked) private(set) var output: [UInt8] = []
    let pretty: Bool
    /// Set when a value used an encoding feature this writer does not support.
    var needsFoundation = false
    @exclusivity(unchecked) private var frames: [Frame] = []
    /// Reused by `finish` to hold an object's members while they are put in order.
    @exclusivity(unchecked) private var scratch: [UInt8] = []

    private struct Frame {
        enum Kind { case unused, object, array, scalar }
        var kind = Kind.unused
        let start: Int
        let depth: Int
        /// Objects: each member's bytes (`"key" : value`) in the order written.
        var members: [Member] = []
        /// Arrays: elements written so far.
        var count = 0
    }

    private struct Member {
        /// Where the member starts (its key's opening quote), its key's bytes, and its end.
        let start: Int
        let keyEnd: Int
        var end: Int
    }

    init(pretty: Bool, capacity: Int = 4096) {
        self.pretty = pretty
        output.reserveCapacity(capacity)
    }

    func encodeValue<T: Encodable>(_ value: T, depth: Int) throws {
        if T.self == String.self { return writeString(value as! String) }
        if T.self == UUID.self { return writeString((value as! UUID).uuidString) }
        if T.self == Timestamp.self { return writeString((value as! Timestamp).description) }
        if T.self == CalendarDate.self { return writeString((value as! CalendarDate).description) }
        let frame = pushFrame(depth: depth)
        try value.encode(to: WriterEncoder(writer: self, frame: frame))
        finish(frame)
        frames.removeLast()
    }

    // MARK: Containers

    /// Starts a value at the end of the output; returns its frame.
    func pushFrame(depth: Int) -> Int {
        frames.append(Frame(start: output.count, depth: depth))
        return frames.count - 1
    }

    func beginObject(_ frame: Int) { frames[frame].kind = .object }

    func beginMember(_ frame: Int, key: String) {
        let start = output.count
        writeString(key)
        frames[frame].members.append(Member(start: start, keyEnd: output.count, end: output.count))
        if pretty { output.append(0x20) }
        output.append(UInt8(ascii: ":"))
        if pretty { output.append(0x20) }
    }

    func endMember(_ frame: Int) {
        frames[frame].members[frames[frame].members.count - 1].end = output.count
    }

    func beginArray(_ frame: Int) {
        guard frames[frame].kind != .array else { return }
        frames[frame].kind = .array
        output.append(UInt8(ascii: "["))
    }

    func beginElement(_ frame: Int) {
        if frames[frame].count > 0 { output.append(UInt8(ascii: ",")) }
        if pretty { newline(depth: frames[frame].depth + 1) }
        frames[frame].count += 1
    }

    func beginScalar(_ frame: Int) { frames[frame].kind = .scalar }

    func depth(of frame: Int) -> Int { frames[frame].depth }

    /// Closes a container: an object's members are put in key order.
    private func finish(_ frame: Int) {
        let finished = frames[frame]
        switch finished.kind {
        case .scalar:
            break
        case .unused:
            output.append(UInt8(ascii: "{"))
            output.append(UInt8(ascii: "}"))
        case .array:
            if pretty {
                if finished.count == 0 { output.append(0x0A) }
                newline(depth: finished.depth)
            }
            output.append(UInt8(ascii: "]"))
        case .object:
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: output[finished.start...])
            output.removeSubrange(finished.start...)
            let base = finished.start
            let sorted = scratch.withUnsafeBufferPointer { written in
                finished.members.sorted { lhs, rhs in
                    let left = lhs.keyEnd - lhs.start, right = rhs.keyEnd - rhs.start
                    let order = memcmp(written.baseAddress! + (lhs.start - base), written.baseAddress! + (rhs.start - base),
                                       min(left, right))
                    return order != 0 ? order < 0 : left < right
                }
            }
            output.append(UInt8(ascii: "{"))
            for (position, member) in sorted.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                if pretty { newline(depth: finished.depth + 1) }
                output.append(contentsOf: scratch[(member.start - base)..<(member.end - base)])
            }
            if pretty {
                if sorted.isEmpty { output.append(0x0A) }
                newline(depth: finished.depth)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// A line break and the indentation of `depth` (pretty style only).
    func newline(depth: Int) {
        output.append(0x0A)
        for _ in 0..<(depth * 2) { output.append(0x20) }
    }

    /// Appends punctuation the caller formats itself (a streamed document's separators).
    func writeByte(_ byte: UInt8) { output.append(byte) }

    /// Hands the bytes written so far to `sink` and forgets them. Only between values: an
    /// object still being written needs its members' bytes to put them in order.
    func drain(into sink: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try output.withUnsafeBytes(sink)
        output.removeAll(keepingCapacity: true)
    }

    // MARK: Scalars

    func writeString(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            output.append(UInt8(ascii: "\""))
            if !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                output.append(contentsOf: bytes)
            } else {
                for byte in bytes { writeEscaped(byte) }
            }
            output.append(UInt8(ascii: "\""))
        }
    }

    /// One byte of a string, escaped as `JSONEncoder` escapes it.
    private func writeEscaped(_ byte: UInt8) {
        let escape: UInt8
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): escape = byte
        case 0x08: escape = UInt8(ascii: "b")
        case 0x0C: escape = UInt8(ascii: "f")
        case 0x0A: escape = UInt8(ascii: "n")
        case 0x0D: escape = UInt8(ascii: "r")
        case 0x09: escape = UInt8(ascii: "t")
        case 0x00..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            output.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            return
        default:
            output.append(byte)
            return
        }
        output.append(0x5C)
        output.append(escape)
    }

    func writeInteger<T: FixedWidthInteger>(_ value: T) { writeASCII(String(value)) }

    func writeBool(_ value: Bool) { writeASCII(value ? "true" : "false") }

    func writeNull() { writeASCII("null") }

    private func writeASCII(_ text: String) {
        var text = text
        text.withUTF8 { output.append(contentsOf: $0) }
    }

    func writeDouble(_ value: Double) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(value) is not a JSON number"))
        }
        var text = "\(value)"
        if text.hasSuffix(".0") { text.removeLast(2) }
        writeASCII(text)
    }
}

/// The `Encoder` a value sees: it writes into the frame `frame` of `writer`.
private struct WriterEncoder: Encoder {
    let writer: JSONWriter
    let frame: Int

    /// An encoder whose output is thrown away (the value is then encoded by `JSONEncoder`).
    static func discarding() -> WriterEncoder {
        let writer = JSONWriter(pretty: false)
        return WriterEncoder(writer: writer, frame: writer.pushFrame(depth: 0))
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        writer.beginObject(frame)
        return KeyedEncodingContainer(WriterKeyedContainer<Key>(writer: writer, frame: frame))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        writer.beginArray(frame)
        return WriterUnkeyedContainer(writer: writer, frame: frame)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        writer.beginScalar(frame)
        return WriterSingleValueContainer(writer: writer, frame: frame)
    }
}

private struct WriterKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: JSONWriter
    let frame: Int

    var codingPath: [any CodingKey] { [] }

    private func member(_ key: Key, _ write: () throws -> Void) rethrows {
        writer.beginMember(frame, key: key.stringValue)
        try write()
        writer.endMember(frame)
    }

    mutating func encodeNil(forKey key: Key) throws { member(key) { writer.writeNull() } }
    mutating func encode(_ value: Bool, forKey key: Key) throws { member(key) { writer.writeBool(value) } }
    mutating func encode(_ value: String, forKey key: Key) throws { member(key) { writer.writeString(value) } }
    mutating func encode(_ value: Double, forKey key: Key) throws { try member(key) { try writer.writeDouble(value) } }
    mutating func encode(_ value: Float, forKey key: Key) throws { try member(key) { try writer.writeDouble(Double(value)) } }
    mutating func encode(_ value: Int, forKey key: Key) throws { member(key) { writer.writeInteger(value) } }
    mutating func encode(_ value: Int8, forKey key: Key) throws { member(key) { writer.writeInteger(value) } }
    mutating func encode(_ value: Int16, forKey key: Key) throws { member(key) { writer.writeInteger(value) } }
    mutating func encode(_ value: Int32, forKey key: Key) throws { member(key) { writer.writeInteger(value) } }
    mutating func encode(_ value: Int64, forKey key: Key) throws { member(key) { writer.writeInteger(value) } }
    mutating func encode(_ value: UInt, forKey key: Key) throws { member(key) { writer.writeInteger(value) } }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { member(key) { writer.writeInteger(value) } }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { member(key) { writer.writeInteger(value) } }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { member(key) { writer.writeInteger(value) } }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { member(key) { writer.writeInteger(value) } }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try member(key) { try writer.encodeValue(value, depth: writer.depth(of: frame) + 1) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        writer.needsFoundation = true
        return WriterEncoder.discarding().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        writer.needsFoundation = true
        return WriterEncoder.discarding().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        writer.needsFoundation = true
        return WriterEncoder.discarding()
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder() }
}

private struct WriterUnkeyedContainer: UnkeyedEncodingContainer {
    let writer: JSONWriter
    let frame: Int
    private(set) var count = 0

    init(writer: JSONWriter, frame: Int) {
        self.writer = writer
        self.frame = frame
    }

    var codingPath: [any CodingKey] { [] }

    /// Starts the next element; the caller then writes it.
    private mutating func next() -> JSONWriter {
        writer.beginElement(frame)
        count += 1
        return writer
    }

    mutating func encodeNil() throws { next().writeNull() }
    mutating func encode(_ value: Bool) throws { next().writeBool(value) }
    mutating func encode(_ value: String) throws { next().writeString(value) }
    mutating func encode(_ value: Double) throws { try next().writeDouble(value) }
    mutating func encode(_ value: Float) throws { try next().writeDouble(Double(value)) }
    mutating func encode(_ value: Int) throws { next().writeInteger(value) }
    mutating func encode(_ value: Int8) throws { next().writeInteger(value) }
    mutating func encode(_ value: Int16) throws { next().writeInteger(value) }
    mutating func encode(_ value: Int32) throws { next().writeInteger(value) }
    mutating func encode(_ value: Int64) throws { next().writeInteger(value) }
    mutating func encode(_ value: UInt) throws { next().writeInteger(value) }
    mutating func encode(_ value: UInt8) throws { next().writeInteger(value) }
    mutating func encode(_ value: UInt16) throws { next().writeInteger(value) }
    mutating func encode(_ value: UInt32) throws { next().writeInteger(value) }
    mutating func encode(_ value: UInt64) throws { next().writeInteger(value) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let depth = writer.depth(of: frame) + 1
        try next().encodeValue(value, depth: depth)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        writer.needsFoundation = true
        return WriterEncoder.discarding().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        writer.needsFoundation = true
        return WriterEncoder.discarding().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        writer.needsFoundation = true
        return WriterEncoder.discarding()
    }
}

private struct WriterSingleValueContainer: SingleValueEncodingContainer {
    let writer: JSONWriter
    let frame: Int

    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { writer.writeNull() }
    mutating func encode(_ value: Bool) throws { writer.writeBool(value) }
    mutating func encode(_ value: String) throws { writer.writeString(value) }
    mutating func encode(_ value: Double) throws { try writer.writeDouble(value) }
    mutating func encode(_ value: Float) throws { try writer.writeDouble(Double(value)) }
    mutating func encode(_ value: Int) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int8) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int16) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int32) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int64) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt8) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt16) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt32) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt64) throws { writer.writeInteger(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try writer.encodeValue(value, depth: writer.depth(of: frame)) }
}
