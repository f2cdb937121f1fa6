import BlueprintTUI
import BlueprintTerminal

/// The terminal's checks: what the full-screen planner needs of the terminal it runs in.
struct TerminalChecks {
    let probe: TerminalProbe
    let minimumSize: CanvasSize
    /// `NO_COLOR` is set (non-empty): the user asked for no colour.
    let noColor: Bool

    var section: CheckSection {
        CheckSection(title: "Terminal", checks: [streams, terminalType, colors, locale, size].compactMap { $0 })
    }

    private var streams: Check {
        let notTerminals = [(probe.standardInputIsTerminal, "input"), (probe.standardOutputIsTerminal, "output")]
            .filter { !$0.0 }.map(\.1)
        guard !notTerminals.isEmpty else { return .ok("standard input and output are terminals") }
        return .warning("standard \(notTerminals.joined(separator: " and ")) \(notTerminals.count == 1 ? "is" : "are") not a terminal "
                        + "(a pipe, a file or none), where the planner cannot run",
                        fix: "run `blueprint` in an interactive terminal; over ssh, use `ssh -t host blueprint`")
    }

    private var terminalType: Check {
        let type = "TERM=\(probe.terminalType ?? "")"
        switch probe.terminfo {
        case .notSet:
            return .problem("TERM is not set, so the planner cannot know what the terminal can do",
                            fix: "set it to your terminal's type, e.g. `export TERM=xterm-256color`")
        case .unknown(databaseMissing: true):
            return .problem("\(type): no terminfo database was found on this machine",
                            fix: "install the terminal descriptions (`apt-get install ncurses-base ncurses-term`)")
        case .unknown(databaseMissing: false):
            return .problem("\(type) has no terminfo entry here, so the planner cannot start",
                            fix: "set TERM to a type installed here (`export TERM=xterm-256color`), or copy your "
                                + "terminal's entry from your own machine: `infocmp -x | ssh HOST tic -x -`")
        case .known(cursorAddressing: false, _):
            return .problem("\(type) cannot move the cursor, which the full-screen planner needs",
                            fix: "use a terminal (and TERM) such as xterm-256color")
        case .known(cursorAddressing: true, _):
            return .ok("\(type) is known to terminfo and can move the cursor")
        }
    }

    private var colors: Check? {
        guard case .known(cursorAddressing: true, _) = probe.terminfo else { return nil }
        switch probe.colors {
        case .indexed256: return .ok("256 colours")
        case .ansi16: return .ok("16 colours")
        case .ansi8: return .ok("8 colours (bright shades are drawn bold)")
        case .monochrome where noColor:
            return .ok("no colours: NO_COLOR is set, so bold, reverse and underline mark things instead")
        case .monochrome:
            return .warning("\(probe.terminalType ?? "this terminal type") has no colours: bold, reverse and underline mark things instead",
                            fix: "if your terminal shows colours, set TERM to a colour type such as xterm-256color")
        }
    }

    private var locale: Check {
        let locale = probe.locale
        let setting = locale.variable.map { "\($0)=\(locale.requested ?? "")" } ?? "no locale set (LANG, LC_ALL, LC_CTYPE)"
        let utf8Fix = "`export LANG=C.UTF-8` (or your language's UTF-8 locale, e.g. en_US.UTF-8) in your shell's profile"
        guard locale.plannerUsesUTF8 else {
            return .problem("\(setting): characters are \(locale.codeset), not UTF-8, so names in other scripts show as ?",
                            fix: utf8Fix + "; `locale -a` lists the locales installed here")
        }
        if locale.variable != nil, !locale.accepted {
            return .warning("\(setting) is not installed here (the C library refuses it); blueprint uses C.UTF-8 instead",
                            fix: "install it (`locale-gen`, or the locales-all package), or set a locale `locale -a` lists")
        }
        guard locale.isUTF8 else {
            return .warning("\(setting) is not UTF-8 (\(locale.codeset)): blueprint uses C.UTF-8 for itself, "
                            + "but other programs here will mangle names in other scripts",
                            fix: utf8Fix)
        }
        return .ok("\(setting): UTF-8")
    }

    private var size: Check {
        guard let size = probe.size else {
            return .warning("the window size is unknown: no standard stream is a terminal")
        }
        guard size.fits(minimumSize) else {
            return .warning("the window is \(size), smaller than the planner's minimum \(minimumSize): it shows a notice instead",
                            fix: "make the window larger (or the font smaller)")
        }
        return .ok("the window is \(size) (the planner needs at least \(minimumSize))")
    }
}
