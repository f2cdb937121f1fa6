import CNcursesw
import Glibc

/// The process locale that display widths are measured in.
///
/// ncurses and `wcwidth` both read the C locale, so it must be the user's (`setlocale(LC_ALL, "")`)
/// before anything is measured or drawn. A plain "C"/"POSIX" character type (no `LANG` set) is
/// coerced to C.UTF-8, as Python does (PEP 538): names typed in any script then measure and draw
/// instead of turning into escapes.
public enum TerminalLocale {
    /// Adopts the user's locale once per process; later calls do nothing.
    public static func adopt() { _ = adopted }

    /// Whether characters are measured as UTF-8 (false only when even C.UTF-8 is missing).
    public static let isUTF8: Bool = {
        adopt()
        return isUTF8Now
    }()

    private static let adopted: Void = {
        setlocale(LC_ALL, "")
        if !isUTF8Now, let name = setlocale(LC_CTYPE, nil).map({ String(cString: $0) }), ["C", "POSIX"].contains(name) {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }()

    private static var isUTF8Now: Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).lowercased()
        return name == "utf-8" || name == "utf8"
    }
}
