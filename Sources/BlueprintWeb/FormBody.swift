/// The fields of an `application/x-www-form-urlencoded` body, by name (the first value of a
/// name that appears twice).
struct FormBody: Sendable {
    /// The body is not form encoding: bad percent escapes or text that is not UTF-8.
    struct Malformed: Error {}

    private(set) var fields: [String: String] = [:]

    init(decoding bytes: [UInt8]) throws(Malformed) {
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decode(parts[0])
            let value = parts.count > 1 ? try Self.decode(parts[1]) : ""
            if fields[name] == nil { fields[name] = value }
        }
    }

    subscript(name: String) -> String? { fields[name] }

    /// `+` as a space and `%XX` as its byte; the bytes must be UTF-8.
    private static func decode(_ encoded: ArraySlice<UInt8>) throws(Malformed) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.count)
        var index = encoded.startIndex
        while index < encoded.endIndex {
            let byte = encoded[index]
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
                index += 1
            case UInt8(ascii: "%"):
                guard index + 2 < encoded.endIndex, let high = hexValue(encoded[index + 1]), let low = hexValue(encoded[index + 2]) else { throw Malformed() }
                bytes.append(high << 4 | low)
                index += 3
            default:
                bytes.append(byte)
                index += 1
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw Malformed() }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
