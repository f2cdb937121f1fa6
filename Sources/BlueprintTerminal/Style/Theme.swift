/// The look of every `TextStyle` on a terminal of a given capability.
///
/// One design in sixteen colours, with finer shades where 256 are available; without colour
/// (`NO_COLOR`, monochrome terminals) roles stay apart through bold, reverse, underline and dim.
/// Text has the terminal's default background, so the user's own background shows through;
/// only the title tabs and the status bar paint one. Selection adds reverse video to the role's
/// look in every capability.
public struct Theme: Sendable {
    public let capability: ColorCapability

    public init(capability: ColorCapability) {
        self.capability = capability
    }

    /// How `style` is drawn.
    public func cellStyle(for style: TextStyle) -> CellStyle {
        var cell = cellStyle(for: style.role)
        if style.isSelected { cell.attributes.insert(.reverse) }
        return cell
    }

    private func cellStyle(for role: StyleRole) -> CellStyle {
        let look = Self.design(role)
        switch capability {
        case .monochrome: return CellStyle(attributes: look.monochrome)
        case .ansi16: return look.ansi16
        case .indexed256: return look.indexed256
        case .ansi8: return Self.eightColors(look.ansi16)
        }
    }

    /// A sixteen-colour look on an eight-colour terminal: bright colours become their base colour
    /// in bold, and bright black (grey) becomes dim text, since plain black could vanish.
    private static func eightColors(_ cell: CellStyle) -> CellStyle {
        var result = cell
        if case .palette(8) = cell.foreground {
            result.foreground = .terminalDefault
            result.attributes.insert(.dim)
        } else if case .palette(let index) = cell.foreground, index > 8 {
            result.foreground = .palette(index - 8)
            result.attributes.insert(.bold)
        }
        if case .palette(let index) = cell.background, index >= 8 { result.background = .palette(index - 8) }
        return result
    }

    private struct Look {
        let ansi16: CellStyle
        let indexed256: CellStyle
        let monochrome: TextAttributes
    }

    private static func design(_ role: StyleRole) -> Look {
        switch role {
        case .normal:
            return Look(ansi16: .plain, indexed256: .plain, monochrome: [])
        case .header:
            return Look(ansi16: CellStyle(foreground: .blue, attributes: .bold),
                        indexed256: CellStyle(foreground: .palette(33), attributes: .bold),
                        monochrome: .bold)
        case .columnHeader:
            return Look(ansi16: CellStyle(attributes: [.bold, .underline]),
                        indexed256: CellStyle(foreground: .palette(67), attributes: [.bold, .underline]),
                        monochrome: [.bold, .underline])
        case .muted:
            return Look(ansi16: CellStyle(foreground: .brightBlack),
                        indexed256: CellStyle(foreground: .palette(244)),
                        monochrome: .dim)
        case .accent:
            return Look(ansi16: CellStyle(foreground: .cyan, attributes: .bold),
                        indexed256: CellStyle(foreground: .palette(38), attributes: .bold),
                        monochrome: .bold)
        case .warning:
            return Look(ansi16: CellStyle(foreground: .yellow),
                        indexed256: CellStyle(foreground: .palette(214)),
                        monochrome: .underline)
        case .danger:
            return Look(ansi16: CellStyle(foreground: .red, attributes: .bold),
                        indexed256: CellStyle(foreground: .palette(196), attributes: .bold),
                        monochrome: [.bold, .underline])
        case .success:
            return Look(ansi16: CellStyle(foreground: .green),
                        indexed256: CellStyle(foreground: .palette(34)),
                        monochrome: [])
        case .tabActive:
            return Look(ansi16: CellStyle(foreground: .brightWhite, background: .blue, attributes: .bold),
                        indexed256: CellStyle(foreground: .palette(231), background: .palette(25), attributes: .bold),
                        monochrome: [.reverse, .bold])
        case .tabInactive:
            return Look(ansi16: .plain, indexed256: .plain, monochrome: [])
        case .statusBar:
            return Look(ansi16: CellStyle(foreground: .brightWhite, background: .blue),
                        indexed256: CellStyle(foreground: .palette(255), background: .palette(238)),
                        monochrome: .reverse)
        case .border:
            return Look(ansi16: CellStyle(foreground: .cyan),
                        indexed256: CellStyle(foreground: .palette(38)),
                        monochrome: .bold)
        case .button:
            return Look(ansi16: .plain, indexed256: .plain, monochrome: [])
        }
    }
}
