import BlueprintDomain

/// One line of an iCalendar file, `NAME;PARAMETER=VALUE:value` (RFC 5545 section 3.1).
struct ContentLine {
    /// The longest a physical line may be, in octets, not counting its CRLF.
    static let maximumOctets = 75

    let name: String
    /// `NAME=VALUE` pairs, written after the name, each behind a `;`.
    let parameters: [String]
    /// The value in its written form: escaped text, or a date or time already formatted.
    let value: String

    init(name: String, parameters: [String] = [], value: String) {
        self.name = name
        self.parameters = parameters
        self.value = value
    }

    /// A property of type TEXT, escaped.
    static func text(_ name: String, _ text: String) -> ContentLine {
        ContentLine(name: name, value: CalendarText.escaped(text))
    }

    /// A property of type DATE (`;VALUE=DATE`).
    static func date(_ name: String, _ date: CalendarDate) -> ContentLine {
        ContentLine(name: name, parameters: ["VALUE=DATE"], value: CalendarValue.date(date))
    }

    /// Appends the line to `output`, folded and ended with CRLF.
    ///
    /// A line longer than `maximumOctets` is cut into physical lines of at most that many octets,
    /// each after the first starting with a space; a cut never falls inside a character's UTF-8
    /// bytes.
    func write(into output: inout [UInt8]) {
        let octets = Array((([name] + parameters).joined(separator: ";") + ":" + value).utf8)
        var start = 0
        var room = Self.maximumOctets
        while octets.count - start > room {
            var end = start + room
            while UTF8.isContinuation(octets[end]) { end -= 1 }
            output += octets[start..<end]
            output += [UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: " ")]
            start = end
            room = Self.maximumOctets - 1
        }
        output += octets[start...]
        output += [UInt8(ascii: "\r"), UInt8(ascii: "\n")]
    }
}
