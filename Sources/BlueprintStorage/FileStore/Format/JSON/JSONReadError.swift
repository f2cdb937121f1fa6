/// Why a JSON text did not decode, and where: 1-based line and column (in bytes).
public struct JSONReadError: Error, CustomStringConvertible {
    let line: Int
    let column: Int
    let message: String

    init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// Locates byte `offset` of `bytes`.
    init(bytes: UnsafeRawBufferPointer, offset: Int, message: String) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        self.init(line: line, column: offset - lineStart + 1, message: message)
    }

    public var description: String { "line \(line), column \(column): \(message)" }
}
