import BlueprintDomain
import BlueprintText

/// Writes `blueprint doctor`'s report: a heading per section, one line per check with its mark
/// in front, a `fix:` line under anything not ok, and a closing count.
///
/// Every text passes through the terminal sanitiser (paths and names come from the disk, TERM
/// and LANG from the environment). Marks are words, so the report reads the same without
/// colour; with `colors`, they are also coloured with plain SGR sequences (what every colour
/// terminal understands; starting curses for three words would clear the screen).
struct CheckPrinter {
    let colors: Bool

    func render(_ sections: [CheckSection]) -> String {
        var lines: [String] = []
        for section in sections {
            lines.append(TerminalSanitizer.sanitize(section.title))
            for check in section.checks {
                lines.append("  " + mark(check.status) + "  " + TerminalSanitizer.sanitize(check.summary))
                if let fix = check.fix { lines.append("  " + String(repeating: " ", count: Self.markWidth) + "  fix: " + TerminalSanitizer.sanitize(fix)) }
            }
            lines.append("")
        }
        lines.append(verdict(sections.flatMap(\.checks)))
        return lines.joined(separator: "\n")
    }

    private static let markWidth = Check.Status.allCases.map(\.rawValue.count).max()!

    private func mark(_ status: Check.Status) -> String {
        let word = status.rawValue.padding(toLength: Self.markWidth, withPad: " ", startingAt: 0)
        guard colors else { return word }
        let color = switch status {
        case .ok: "32"
        case .warning: "33"
        case .problem: "1;31"
        }
        return "\u{1B}[\(color)m\(word)\u{1B}[0m"
    }

    private func verdict(_ checks: [Check]) -> String {
        let problems = checks.filter { $0.status == .problem }.count
        let warnings = checks.filter { $0.status == .warning }.count
        switch (problems, warnings) {
        case (0, 0): return "Everything is fine."
        case (0, _): return CountPhrase.of(warnings, "warning") + ", no problems."
        default: return CountPhrase.of(problems, "problem") + ", " + CountPhrase.of(warnings, "warning") + ": see the fix under each problem."
        }
    }
}
