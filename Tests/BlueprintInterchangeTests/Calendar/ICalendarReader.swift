import Foundation

/// A reader of iCalendar files for the tests, written from RFC 5545 and sharing no code with the
/// writer: it checks line ends and nesting, unfolds lines, splits each one into name, parameters
/// and value, and unescapes TEXT.
enum ICalendarReader {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// One content line after unfolding.
    struct Property: Equatable {
        let name: String
        /// `NAME=VALUE`, as written.
        let parameters: [String]
        /// The value as written (TEXT still escaped).
        let value: String
    }

    /// A `BEGIN:NAME` … `END:NAME` block.
    struct Component {
        let name: String
        var properties: [Property] = []
        var children: [Component] = []

        /// The property called `name`; throws unless there is exactly one.
        func property(_ name: String) throws -> Property {
            let found = properties.filter { $0.name == name }
            guard found.count == 1 else { throw Failure(description: "\(found.count) \(name) in \(self.name)") }
            return found[0]
        }

        /// The TEXT property called `name`, unescaped.
        func text(_ name: String) throws -> String {
            try ICalendarReader.unescaped(property(name).value)
        }

        func has(_ name: String) -> Bool { properties.contains { $0.name == name } }
    }

    /// The `VCALENDAR` in `data`; throws if anything is out of place.
    static func calendar(_ data: Data) throws -> Component {
        var open: [Component] = []
        var closed: Component?
        for line in try unfold(physicalLines(data)) {
            guard closed == nil else { throw Failure(description: "content after END:VCALENDAR: \(line)") }
            let property = try property(line)
            switch property.name {
            case "BEGIN":
                guard open.isEmpty == (property.value == "VCALENDAR") else {
                    throw Failure(description: "BEGIN:\(property.value) in the wrong place")
                }
                open.append(Component(name: property.value))
            case "END":
                guard let component = open.popLast(), component.name == property.value else {
                    throw Failure(description: "END:\(property.value) does not close the open component")
                }
                if open.isEmpty {
                    closed = component
                } else {
                    open[open.count - 1].children.append(component)
                }
            default:
                guard !open.isEmpty else { throw Failure(description: "\(property.name) outside VCALENDAR") }
                open[open.count - 1].properties.append(property)
            }
        }
        guard let closed else { throw Failure(description: "VCALENDAR is not closed") }
        return closed
    }

    /// The bytes of each physical line, without its CRLF; throws on a CR or LF not in a CRLF or
    /// a last line without one.
    static func physicalLines(_ data: Data) throws -> [[UInt8]] {
        let bytes = [UInt8](data)
        var lines: [[UInt8]] = []
        var line: [UInt8] = []
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\r"):
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") else {
                    throw Failure(description: "a CR without LF at byte \(index)")
                }
                lines.append(line)
                line = []
                index += 2
            case UInt8(ascii: "\n"):
                throw Failure(description: "an LF without CR at byte \(index)")
            default:
                line.append(bytes[index])
                index += 1
            }
        }
        guard line.isEmpty else { throw Failure(description: "the last line has no CRLF") }
        return lines
    }

    /// The logical lines: each physical line starting with a space or tab joined, without that
    /// character, to the one before it; then decoded as UTF-8.
    static func unfold(_ lines: [[UInt8]]) throws -> [String] {
        var logical: [[UInt8]] = []
        for line in lines {
            if let first = line.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
                guard !logical.isEmpty else { throw Failure(description: "the file starts with a continuation") }
                logical[logical.count - 1] += line.dropFirst()
            } else {
                logical.append(line)
            }
        }
        return try logical.map { bytes in
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw Failure(description: "a line is not UTF-8: \(bytes)")
            }
            return text
        }
    }

    /// `NAME;PARAM=VALUE:value` split at the first `;` or `:` and at the first `:` not inside a
    /// quoted parameter value.
    static func property(_ line: String) throws -> Property {
        let scalars = Array(line.unicodeScalars)
        guard let nameEnd = scalars.firstIndex(where: { $0 == ";" || $0 == ":" }), nameEnd > 0,
              scalars[..<nameEnd].allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
        else { throw Failure(description: "no property name in \(line)") }
        var parameters: [String] = []
        var parameter = String.UnicodeScalarView()
        var quoted = false
        var index = nameEnd
        while scalars[index] != ":" || quoted {
            index += 1
            guard index < scalars.count else { throw Failure(description: "no value in \(line)") }
            switch scalars[index] {
            case "\"":
                quoted.toggle()
                parameter.append("\"")
            case ";" where !quoted, ":" where !quoted:
                parameters.append(String(parameter))
                parameter = String.UnicodeScalarView()
            default:
                parameter.append(scalars[index])
            }
        }
        return Property(name: String(String.UnicodeScalarView(scalars[..<nameEnd])), parameters: parameters,
                        value: String(String.UnicodeScalarView(scalars[(index + 1)...])))
    }

    /// A TEXT value unescaped: `\\`, `\;`, `\,` and `\n` or `\N`; throws on any other backslash
    /// or on a bare `;` or `,`, which TEXT never holds unescaped.
    static func unescaped(_ value: String) throws -> String {
        var text = String.UnicodeScalarView()
        var scalars = value.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "\\":
                switch scalars.next() {
                case "\\": text.append("\\")
                case ";": text.append(";")
                case ",": text.append(",")
                case "n", "N": text.append("\n")
                case let other: throw Failure(description: "\\\(other.map(String.init) ?? "") in \(value)")
                }
            case ";", ",":
                throw Failure(description: "unescaped \(scalar) in \(value)")
            default:
                text.append(scalar)
            }
        }
        return String(text)
    }

    /// A list of TEXT values (such as `CATEGORIES`): split at unescaped commas, each unescaped.
    static func textList(_ value: String) throws -> [String] {
        var items: [String] = []
        var item = String.UnicodeScalarView()
        var scalars = value.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "\\":
                item.append(scalar)
                if let escaped = scalars.next() { item.append(escaped) }
            case ",":
                items.append(try unescaped(String(item)))
                item = String.UnicodeScalarView()
            default:
                item.append(scalar)
            }
        }
        items.append(try unescaped(String(item)))
        return items
    }
}
