import BlueprintDemo
import BlueprintDomain
import BlueprintStores
import BlueprintTerminal

/// What the planner shows when the data directory holds no wedding yet: a welcome, and two
/// ways on, to create a wedding (a short form) or to open a demo wedding to try things out.
/// `q` quits without creating anything.
///
/// Once a wedding exists, the planner opens on it and this screen hands every frame and key
/// over to the planner, so the app keeps one root screen throughout.
@MainActor
public final class FirstRunScreen: Screen {
    /// The ways on from the welcome, in the order shown.
    enum Choice: CaseIterable {
        case create, demo

        var action: KeyAction { self == .create ? .add : .openDemo }

        var label: String {
            switch self {
            case .create: "Create a wedding"
            case .demo: "Open a demo wedding"
            }
        }

        var detail: String {
            switch self {
            case .create: "names, date, currency and budget"
            case .demo: "a made-up wedding to try things out"
            }
        }
    }

    private let planner: PlannerScreen
    private let defaultCurrency: Currency
    private let dataDirectory: String?
    /// Runs a landing in the app's inbox, in order with the keys, and draws a frame after it.
    private let post: @MainActor (@escaping ScreenLanding) -> Void
    private let opened: @MainActor (Wedding) -> Void
    private var keymap: Keymap { planner.keymap }
    /// The highlighted choice of the welcome.
    private(set) var selection = Choice.create
    /// The new-wedding form, kept when closed so that reopening it shows what was typed.
    private(set) var form: Form
    private(set) var isFormOpen = false
    private var help: HelpOverlay?
    /// Ctrl-C's question before it drops what the form holds, while it is open.
    private var quitQuestion: ConfirmDialog?
    private var message: (text: String, severity: StatusLine.Severity)?
    private var pending: Task<Void, Never>?
    /// The wedding the planner opened on, once one was created; from then on the planner has the screen.
    public private(set) var openedWedding: Wedding?

    /// - Parameters:
    ///   - planner: opened on the new wedding, then shown instead of this screen.
    ///   - defaultCurrency: what the form's currency field starts with.
    ///   - dataDirectory: where the weddings will be kept, for the welcome text.
    ///   - post: runs what creating a wedding shows once it has finished (the planner on it, or
    ///     why not) in the app's inbox, in order with the keys, and draws a frame after it
    ///   (`TerminalApp.post`); by default at once.
    ///   - opened: told about the wedding the planner opened on.
    public init(planner: PlannerScreen, defaultCurrency: Currency, dataDirectory: String? = nil,
                post: @escaping @MainActor (@escaping @MainActor () -> Void) -> Void = { $0() },
                opened: @escaping @MainActor (Wedding) -> Void = { _ in }) {
        self.planner = planner
        self.defaultCurrency = defaultCurrency
        self.dataDirectory = dataDirectory
        self.post = post
        self.opened = opened
        form = NewWeddingForm.form(defaultCurrency: defaultCurrency, offersChecklist: planner.services.checklist != nil)
    }

    /// Shows `text` in the status line (a note from the command line).
    public func announce(_ text: String) { message = (text, .info) }

    /// Waits until the wedding being created (if any) exists, the planner has opened on it and
    /// what shows it is posted (with `post` at once, as by default, shown: this screen hands over
    /// to the planner; while the app's inbox holds it, in the inbox's turn).
    public func settle() async {
        // A landing may start more work (opening the planner on the new wedding); one still
        // held in the inbox leaves its task in `pending`.
        while let task = pending {
            await task.value
            if pending == task { break }
        }
        await planner.settle()
    }

    // MARK: Keys

    public func handle(_ key: Key) -> Effect {
        if openedWedding != nil { return planner.handle(key) }
        if key == .resize { return .redraw }
        if case .mouse = key { return .nothing }
        if let help {
            if help.handle(key) == .close { self.help = nil }
            return .redraw
        }
        if var question = quitQuestion {
            let outcome = question.handle(key, keymap: keymap)
            quitQuestion = outcome == nil ? question : nil
            return outcome == .confirmed ? .quit : .redraw
        }
        // While a wedding is being written, keys are ignored (Ctrl-C still quits: the app handles it).
        if pending != nil { return .nothing }
        if isFormOpen {
            // F1 opens help over the form, where `?` is typed text.
            if keymap.resolve(key, in: form.keyMode) == .action(.help) {
                help = HelpOverlay(keymap: keymap)
            } else {
                handleForm(key)
            }
            return .redraw
        }
        message = nil
        guard case .action(let action) = keymap.resolve(key, in: .firstRun),
              let perform = Self.keyCommands.handler(for: action, in: .firstRun) else { return .nothing }
        return perform(self)
    }

    private func take(_ choice: Choice) {
        switch choice {
        case .create: isFormOpen = true
        case .demo: openDemo()
        }
    }

    /// Highlights `choice` and takes it.
    private nonisolated static func choosing(_ choice: Choice) -> @MainActor @Sendable (FirstRunScreen) -> Effect {
        { screen in
            screen.selection = choice
            screen.take(choice)
            return .redraw
        }
    }

    /// Highlights the choice `offset` away, round the ends.
    private nonisolated static func moving(by offset: Int) -> @MainActor @Sendable (FirstRunScreen) -> Effect {
        { screen in
            let choices = Choice.allCases
            let index = choices.firstIndex(of: screen.selection)! + offset
            screen.selection = choices[(index + choices.count) % choices.count]
            return .redraw
        }
    }

    /// Ctrl-C: quits at once, unless the form holds what the user typed; then it asks, and a
    /// second Ctrl-C (or confirming) quits.
    public func interrupt() -> Effect {
        if openedWedding != nil { return planner.interrupt() }
        guard quitQuestion == nil, isFormOpen, form.isDirty else { return .quit }
        quitQuestion = .quitDroppingEdits(keymap: keymap)
        return .redraw
    }

    private func handleForm(_ key: Key) {
        guard let event = form.handle(key, keymap: keymap) else { return }
        switch event {
        case .submit:
            create(NewWeddingForm.draft(from: form), checklist: NewWeddingForm.wantsChecklist(form) ? planner.services.checklist : nil)
        case .cancel:
            isFormOpen = false
            message = nil
        }
    }

    // MARK: Creating

    private func create(_ draft: WeddingDraft, checklist: ChecklistTemplate?) {
        let weddings = planner.model.context.weddings
        let now = planner.model.context.clock.now()
        let today = planner.today
        message = ("Creating \(draft.name)…", .info)
        run { [weak self] in
            do {
                let dataset = try draft.dataset(among: try await weddings.fetchWeddings(), checklist: checklist, today: today,
                                                createdAt: now)
                let created = try await weddings.createWedding(from: dataset)
                guard let self else { return {} }
                let next = [keymap.hint(.add, in: .guests, "adds a guest"), keymap.hint(.help, in: .global, "lists every key")]
                // A day already past is allowed, and said.
                let past = draft.warnings(today: today).map { ($0.field == "date" ? "note: the date " : "note: the RSVP deadline ") + $0.message }
                let note = KeyHints.sentence((["Created \(created.name)"] + past).joined(separator: "; "), next, lead: "; ")
                return handingOver(to: created, note: note)
            } catch RepositoryError.invalid(_, let issues) {
                return { [weak self] in
                    self?.form.show(issues)
                    self?.message = ("Not created: check the fields marked in red", .warning)
                }
            } catch {
                return { [weak self] in self?.message = ("Not created: \(error)", .error) }
            }
        }
    }

    private func openDemo() {
        let weddings = planner.model.context.weddings
        let documents = planner.model.context.documents
        let today = planner.today
        message = ("Making a demo wedding…", .info)
        run { [weak self] in
            do {
                let created = try await weddings.createDemoWedding(DemoWeddingOptions(today: today), documents: documents)
                guard let self else { return {} }
                return handingOver(to: created, note: "A demo wedding to try things out; `blueprint wedding delete` removes it.")
            } catch {
                return { [weak self] in self?.message = ("Could not make the demo wedding: \(error)", .error) }
            }
        }
    }

    /// Runs `work` (one at a time) in the background and posts what it returns, which lands
    /// with the keys taken again.
    private func run(_ work: @escaping @MainActor () async -> ScreenLanding) {
        pending = Task { [weak self] in
            let landing = await work()
            self?.post { [weak self] in
                self?.pending = nil
                landing()
            }
        }
    }

    /// What opens the planner on `wedding` (its stores start loading) and, once the pane on
    /// screen can be drawn, hands the screen over to it, saying `note`; the keys wait till then.
    private func handingOver(to wedding: Wedding, note: String) -> ScreenLanding {
        { [weak self] in
            guard let self else { return }
            let opening = planner.startOpening(wedding.weddingID)
            run {
                _ = await opening.value
                return { [weak self] in
                    guard let self else { return }
                    planner.announce(note)
                    openedWedding = wedding
                    opened(wedding)
                }
            }
        }
    }

    // MARK: Drawing

    public func render(into canvas: any Canvas) {
        if openedWedding != nil { return planner.render(into: canvas) }
        let size = canvas.size
        renderWelcome(into: canvas, body: CanvasRect(row: 0, column: 0, rows: size.rows - 1, columns: size.columns))
        if isFormOpen {
            let footer = pending == nil ? FormView.keyHints(keymap, submit: "creates", cancel: "goes back") : "Creating…"
            FormView.render(form, into: canvas, footer: footer)
        }
        quitQuestion?.render(into: canvas)
        let mode: DisplayText = help != nil ? "HELP" : quitQuestion != nil ? "CONFIRM" : isFormOpen ? "NEW WEDDING" : "WELCOME"
        let keyMode: KeyMode = help != nil ? .help : quitQuestion != nil ? .confirm : isFormOpen ? form.keyMode : .firstRun
        StatusLine(DisplayText(message?.text ?? ""), severity: message?.severity ?? .info,
                   hints: StatusLine.hints(keymap, in: keyMode), mode: mode)
            .render(into: canvas, row: size.rows - 1)
        help?.render(into: canvas)
    }

    private func renderWelcome(into canvas: any Canvas, body: CanvasRect) {
        let width = min(body.columns - 4, 76)
        let inner = width - 4
        var lines: [(DisplayText, TextStyle)] = []
        func paragraph(_ text: String, _ style: TextStyle = .normal) {
            lines += DisplayText(text).wrapped(toWidth: inner).map { ($0, style) }
        }
        paragraph("Plan a wedding in the terminal: its guests, budget, vendors and tasks, kept as plain files"
                  + (dataDirectory == nil ? "." : " in"))
        if let dataDirectory { paragraph(dataDirectory, .muted) }
        lines.append((.empty, .normal))
        paragraph("There is no wedding here yet. How would you like to start?")
        lines.append((.empty, .normal))
        let choicesRow = lines.count
        lines += Choice.allCases.map { _ in (.empty, .normal) }
        lines.append((.empty, .normal))
        paragraph(KeyHints.sentence("More weddings can be added later (blueprint wedding create NAME)",
                                    [keymap.command("wedding NAME")], lead: " and opened with "), .muted)

        let box = body.centered(rows: min(body.rows, lines.count + 4), columns: width)
        BoxFrame.render(into: canvas, rect: box, title: "Welcome to blueprint", footer: welcomeHints)
        let x = box.column + 2
        for (offset, (line, style)) in lines.prefix(max(0, box.rows - 4)).enumerated() where !line.isEmpty {
            canvas.draw(line, row: box.row + 2 + offset, column: x, style: style)
        }
        for (index, choice) in Choice.allCases.enumerated() where choicesRow + index < box.rows - 4 {
            renderChoice(choice, into: canvas, row: box.row + 2 + choicesRow + index, column: x, width: inner)
        }
    }

    /// "↑↓ choose · Enter takes it", with the keys in force ("K/J choose" where they are letters).
    private var welcomeHints: DisplayText {
        let moves = [(KeyAction.moveUp, Key.up), (.moveDown, .down)].compactMap {
            keymap.keyName(for: $0, in: .firstRun, preferring: $1)
        }
        let arrows = moves.allSatisfy { $0 == Key.up.displayName || $0 == Key.down.displayName }
        let choose = moves.isEmpty ? nil : moves.joined(separator: arrows ? "" : "/") + " choose"
        let take = keymap.hint(.activate, in: .firstRun, "takes it")
        return DisplayText([choose, take].compactMap(\.self).joined(separator: " · "))
    }

    /// `▸ c  Create a wedding    its name, date, …`, highlighted when selected.
    private func renderChoice(_ choice: Choice, into canvas: any Canvas, row: Int, column: Int, width: Int) {
        let selected = choice == selection
        let marker: DisplayText = selected ? (TerminalLocale.isUTF8 ? "▸ " : "> ") : "  "
        let keyName = keymap.keyName(for: choice.action, in: .firstRun) ?? ""
        let labelWidth = Choice.allCases.map { DisplayText($0.label).width }.max() ?? 0
        canvas.draw(.spaces(width), row: row, column: column, style: TextStyle.normal.selected(selected))
        canvas.draw(marker, row: row, column: column, style: TextStyle.accent.selected(selected))
        canvas.draw(DisplayText(keyName), row: row, column: column + 2, width: 3, style: TextStyle.accent.selected(selected))
        canvas.draw(DisplayText(choice.label), row: row, column: column + 5, width: labelWidth,
                    style: TextStyle.normal.selected(selected))
        let detailX = column + 5 + labelWidth + 2
        canvas.draw(DisplayText(choice.detail), row: row, column: detailX, width: max(0, column + width - detailX),
                    style: TextStyle.muted.selected(selected))
    }
}

extension FirstRunScreen {
    /// The welcome screen's keys.
    nonisolated static let keyCommands: [HandledKeyCommand<@MainActor @Sendable (FirstRunScreen) -> Effect>] = [
        HandledKeyCommand(.firstRun, [.character("c")], .add, "Create a wedding", changesData: true, perform: choosing(.create)),
        HandledKeyCommand(.firstRun, [.character("d")], .openDemo, "Open a demo wedding to try things out", perform: choosing(.demo)),
        HandledKeyCommand(.firstRun, [.character("k"), .up], .moveUp, "Previous choice", perform: moving(by: -1)),
        HandledKeyCommand(.firstRun, [.character("j"), .down], .moveDown, "Next choice", perform: moving(by: 1)),
        HandledKeyCommand(.firstRun, [.enter], .activate, "Take the highlighted choice") { screen in
            screen.take(screen.selection)
            return .redraw
        },
        HandledKeyCommand(.firstRun, [.character("?")], .help, "Show this help") { screen in
            screen.help = HelpOverlay(keymap: screen.keymap)
            return .redraw
        },
        HandledKeyCommand(.firstRun, [.character("q")], .quit, "Quit without creating anything") { _ in .quit },
    ]
}
