import Foundation

/// Writes one JSON object, followed by a newline, to a sink in pieces: byte for byte what
/// `StoreJSONEncoder` writes for it whole, without ever holding the whole text.
///
/// A snapshot file or a journal line can be as large as the wedding (an import of 400,000
/// guests is a 200 MB line); encoded whole, its text and the buffer it grew in doubled the
/// memory of the import. Here each member and each element of an array member is encoded on
/// its own and handed to the sink once about a megabyte is waiting.
///
/// The caller writes the members in the byte order of their keys, which is the order sorted
/// keys give; the stream checks it.
public final class JSONObjectStream {
    /// Receives the document's bytes, in order.
    public typealias Sink = (UnsafeRawBufferPointer) throws -> Void

    private let writer: JSONWriter
    private let sink: Sink
    private let chunkSize: Int
    private var memberCount = 0
    private var lastKey: String?
    /// Bytes handed to the sink so far.
    private(set) var bytesWritten = 0

    public init(style: StoreJSONEncoder.Style, chunkSize: Int = 1 << 20, into sink: @escaping Sink) {
        writer = JSONWriter(pretty: style == .pretty, capacity: chunkSize + chunkSize / 4)
        self.sink = sink
        self.chunkSize = chunkSize
        writer.writeByte(UInt8(ascii: "{"))
    }

    /// Writes `"key": value`.
    public func member<T: Encodable>(_ key: String, _ value: T) throws {
        beginMember(key)
        try encode(value, depth: 1)
        try flushIfFull()
    }

    /// Writes `"key": [elements…]`, handing the text to the sink as it grows.
    public func member<S: Sequence>(_ key: String, elements: S) throws where S.Element: Encodable {
        beginMember(key)
        writer.writeByte(UInt8(ascii: "["))
        var count = 0
        for element in elements {
            if count > 0 { writer.writeByte(UInt8(ascii: ",")) }
            if writer.pretty { writer.newline(depth: 2) }
            try encode(element, depth: 2)
            count += 1
            try flushIfFull()
        }
        if writer.pretty {
            if count == 0 { writer.writeByte(0x0A) }
            writer.newline(depth: 1)
        }
        writer.writeByte(UInt8(ascii: "]"))
    }

    /// Closes the object, ends the line and hands the rest to the sink; returns the document's size.
    public func finish() throws -> Int {
        if writer.pretty {
            if memberCount == 0 { writer.writeByte(0x0A) }
            writer.newline(depth: 0)
        }
        writer.writeByte(UInt8(ascii: "}"))
        writer.writeByte(0x0A)
        try flush()
        return bytesWritten
    }

    private func beginMember(_ key: String) {
        if let lastKey {
            precondition(Array(lastKey.utf8).lexicographicallyPrecedes(Array(key.utf8)),
                         "members are written in the order of their keys")
        }
        if memberCount > 0 { writer.writeByte(UInt8(ascii: ",")) }
        if writer.pretty { writer.newline(depth: 1) }
        writer.writeString(key)
        if writer.pretty { writer.writeByte(0x20) }
        writer.writeByte(UInt8(ascii: ":"))
        if writer.pretty { writer.writeByte(0x20) }
        memberCount += 1
        lastKey = key
    }

    private func encode<T: Encodable>(_ value: T, depth: Int) throws {
        try writer.encodeValue(value, depth: depth)
        if writer.needsFoundation {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription:
                "\(T.self) uses nested containers, which a streamed document cannot write"))
        }
    }

    private func flushIfFull() throws {
        if writer.output.count >= chunkSize { try flush() }
    }

    private func flush() throws {
        bytesWritten += writer.output.count
        try writer.drain(into: sink)
    }
}
