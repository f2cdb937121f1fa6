import CNcursesw

/// Turns what `wget_wch` returns into `Key`s.
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

    private static func character(_ value: UInt32) -> Key? {
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
        case KEY_RESIZE: return .resize
        case KEY_MOUSE: return mouse().map { .mouse($0) }
        case cn_key_f(1)...cn_key_f(63): return .function(Int(code - KEY_F0))
        default: return nil
        }
    }
}
