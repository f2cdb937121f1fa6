/// The kernel's pressure stall information for memory (PSI), as `memory.pressure` and
/// `/proc/pressure/memory` show it:
///
///     some avg10=0.31 avg60=0.12 avg300=0.02 total=1234567
///     full avg10=0.00 avg60=0.00 avg300=0.00 total=89012
///
/// `some` is the share of time at least one task stalled on memory, `full` the share all did.
struct PressureStallInformation: Sendable, Equatable {
    /// Percent of the last 10 seconds some task stalled on memory; `nil` if the line was missing.
    var someAverage10: Double?
    /// Percent of the last 10 seconds every task stalled on memory; `nil` if the line was missing.
    var fullAverage10: Double?

    /// Reads the text of a pressure file. Lines that are not `some`/`full` followed by
    /// `avg10=<number>` are ignored, so an unexpected file gives `nil` figures, never a crash.
    init(parsing text: String) {
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: " ")
            guard let kind = fields.first,
                  let average = fields.dropFirst().first(where: { $0.hasPrefix("avg10=") }),
                  let value = Double(average.dropFirst("avg10=".count)), value.isFinite, value >= 0 else { continue }
            switch kind {
            case "some": someAverage10 = value
            case "full": fullAverage10 = value
            default: continue
            }
        }
    }
}
