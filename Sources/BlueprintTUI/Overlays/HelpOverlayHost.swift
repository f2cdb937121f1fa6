import BlueprintTerminal

/// The `?` help over the screen.
@MainActor
final class HelpOverlayHost: Overlay {
    private let help: HelpOverlay

    init(keymap: Keymap) { help = HelpOverlay(keymap: keymap) }

    var keyMode: KeyMode { .help }
    var modeName: String { "HELP" }

    func render(into canvas: any Canvas, keymap: Keymap) { help.render(into: canvas) }

    func handle(_ key: Key, host: any PlannerHost) {
        if help.handle(key) == .close { host.dismiss(self) }
    }
}
