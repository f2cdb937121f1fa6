import Foundation

/// An iCalendar file (RFC 5545): one `VCALENDAR` of events and to-dos, published for a calendar
/// app to subscribe to or import.
///
/// The file is UTF-8 with CRLF line ends, every line folded to at most 75 octets, and every
/// text value escaped, so no text (however hostile) can start a line or a component of its own.
public struct CalendarDocument: Hashable, Sendable {
    /// The `PRODID` written when the caller names no other.
    public static let defaultProductID = "-//I Do Blueprint//blueprint//EN"

    /// `X-WR-CALNAME`, the name calendar apps show for the calendar.
    public var name: String
    /// `PRODID`, the program that wrote the file.
    public var productID: String
    /// The events and to-dos, written in this order.
    public var components: [CalendarComponent]

    public init(name: String, productID: String = CalendarDocument.defaultProductID, components: [CalendarComponent] = []) {
        self.name = name
        self.productID = productID
        self.components = components
    }

    /// The file's bytes.
    public func data() -> Data {
        var bytes: [UInt8] = []
        for line in contentLines { line.write(into: &bytes) }
        return Data(bytes)
    }

    private var contentLines: [ContentLine] {
        [ContentLine(name: "BEGIN", value: "VCALENDAR"),
         .text("PRODID", productID),
         ContentLine(name: "VERSION", value: "2.0"),
         ContentLine(name: "CALSCALE", value: "GREGORIAN"),
         ContentLine(name: "METHOD", value: "PUBLISH"),
         .text("X-WR-CALNAME", name)]
            + components.flatMap(\.contentLines)
            + [ContentLine(name: "END", value: "VCALENDAR")]
    }
}
