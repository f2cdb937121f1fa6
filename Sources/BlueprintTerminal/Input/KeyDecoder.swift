import CNcursesw

/// Turns one `wget_wch` result into a `Key`: a character, or a key ncurses decoded from its
/// terminfo entry. Escape sequences ncurses does not know arrive as characters and are read by
/// `EscapeSequenceDecoder`, which calls this for everything else.
///
/// `wget_wch` gives a status (`OK` for a character, `KEY_CODE_YES` for a function key, `ERR`
/// for nothing) and a value: a `wchar_t` or a `KEY_*` code. Values here are plain integers, so
/// decoding is tested without a terminal.
public enum KeyDecoder {
    /// The key for one `wget_wch` result, or nil for nothing or an input this app does not use.
    /// `mouse` reads the pending mouse event (ncurses' `getmouse`) when the value is `KEY_MOUSE`.
    public static func decode(status: Int32, value: UInt32, mouse: () -> MouseEvent? = { nil }) -> Key? {
        switch status {
        case OK: return character(value)
        case KEY_CODE_YES: return functionKey(Int32(bitPattern: value), mouse: mouse)
        default: return nil
        }
    }

    /// Decodes ncurses' mouse state (`MEVENT.bstate`, and the cell) into a click or wheel step.
    public static func mouse(buttonState: UInt32, row: Int, column: Int) -> MouseEvent? {
        let state = mmask_t(buttonState)
        if state & cn_button4_pressed() != 0 { return MouseEvent(.wheelUp, row: row, column: column) }
        if state & cn_button5_pressed() != 0 { return MouseEvent(.wheelDown, row: row, column: column) }
        if state & (cn_button1_pressed() | cn_button1_clicked()) != 0 { return MouseEvent(.click, row: row, column: column) }
        return nil
    }

    /// The mouse events the app asks ncurses to report.
    static var mouseMask: mmask_t { cn_button1_pressed() | cn_button4_pressed() | cn_button5_pressed() }

    /// The key for a character `wget_wch` read (status `OK`).
    static func character(_ value: UInt32) -> Key? {
        switch value {
        case 0x09: return .tab
        case 0x0A, 0x0D: return .enter
        case 0x08, 0x7F: return .backspace
        case 0x1B: return .escape
        case 0x00: return .control("@")
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(value + 0x60)!))
        case 0x1C...0x1F: return .control(Character(Unicode.Scalar(value + 0x40)!))
        case 0x80...0x9F: return nil
        default: return Unicode.Scalar(value).map { .character(Character($0)) }
        }
    }

    private static func functionKey(_ code: Int32, mouse: () -> MouseEvent?) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME, KEY_A1: return .home
        case KEY_END, KEY_C1: return .end
        case KEY_BTAB: return .backTab
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_IC: return .insert
        case KEY_SHOME: return .modified(.home, .shift)
        case KEY_SEND: return .modified(.end, .shift)
        case KEY_SLEFT: return .modified(.left, .shift)
        case KEY_SRIGHT: return .modified(.right, .shift)
        case KEY_SR: return .modified(.up, .shift)
        case KEY_SF: return .modified(.down, .shift)
        case KEY_SPREVIOUS: return .modified(.pageUp, .shift)
        case KEY_SNEXT: return .modified(.pageDown, .shift)
        case KEY_SDC: return .modified(.delete, .shift)
        case KEY_SIC: return .modified(.insert, .shift)
        case KEY_RESIZE: return .resize
        case KEY_MOUSE: return mouse().map { .mouse($0) }
        case cn_key_f(1)...cn_key_f(63): return .function(Int(code - KEY_F0))
        default: return keyname(code).flatMap { extendedKey(named: String(cString: $0)) }
        }
    }

    /// The key for one of terminfo's extended key names, which ncurses gives codes of their own:
    /// `kUP5` is Ctrl-↑, `kHOM3` Alt-Home, `kDC` (no digit) Shift-Delete. Nil for other names.
    static func extendedKey(named name: String) -> Key? {
        guard let base = extendedKeyNames.first(where: { name.hasPrefix($0.key) && name.count <= $0.key.count + 1 }) else {
            return nil
        }
        let digit = name.dropFirst(base.key.count)
        guard let parameter = digit.isEmpty ? 2 : Int(digit), parameter >= 2, let modifiers = KeyModifiers(parameter: parameter)
        else { return nil }
        return .modified(base.value, modifiers)
    }

    private static let extendedKeyNames: [String: Key] = [
        "kUP": .up, "kDN": .down, "kLFT": .left, "kRIT": .right, "kHOM": .home, "kEND": .end,
        "kPRV": .pageUp, "kNXT": .pageDown, "kDC": .delete, "kIC": .insert,
    ]
}
