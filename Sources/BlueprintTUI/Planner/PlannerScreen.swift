import BlueprintCache
import BlueprintDomain
import BlueprintStores
import BlueprintTerminal
import Foundation

/// The planner: the header (tabs, wedding, days to go, live marker), the pane on screen, the
/// status line (mode, filter and counts, last message) and any overlays, driven by the stores
/// of the open wedding.
///
/// Nothing polls, and nothing changes what it shows but a turn of the app's inbox: a key, or
/// a message (a load landed, a change committed elsewhere, who else is here), after each of
/// which the app draws a frame. Store intents run as tasks; what they show (the status line,
/// a conflict dialog) lands as a message too.
@MainActor
public final class PlannerScreen: Screen, PlannerHost {
    public let model: AppModel
    public let keymap: Keymap
    let services: PlannerServices
    /// Runs a message's state change or a landing in the app's inbox, in order with the keys (see `init`).
    private let post: @MainActor (@escaping @MainActor () -> Void) -> Void
    private(set) var panes: [any Pane] = []
    /// Index into `panes` of the pane on screen, which is also its number key (0 the dashboard,
    /// 1 the guests, …, 5 the timeline, 6 the gifts, 7 the notes). The planner opens on the guests, whose first frame a
    /// wedding's preview draws before anything else is read.
    public private(set) var activePane = PlannerScreen.guestsPane
    /// The guests' place among the panes (and their key).
    static let guestsPane = 1
    private(set) var overlays: [any Overlay] = []
    private var message: (text: String, severity: StatusLine.Severity)?
    /// The last message reported, kept after the status line clears it, for `showMessage`.
    private var lastMessage: (text: String, severity: StatusLine.Severity)?
    /// What opening the wedding left running (`startOpening`'s reads, landing the warm-up's
    /// timings); cancelled when another opens or it closes.
    private var openingReads: Task<Task<WarmUpReport, Never>?, Never>?
    private var warmUpLanding: Task<WarmUpReport?, Never>?
    /// Set by `:q`; the next key's effect is to quit.
    private var quitRequested = false
    /// The question Ctrl-C asked before dropping a form's edits, while it is open.
    private weak var quitQuestion: ConfirmOverlay?
    private var pending: [UUID: Task<Void, Never>] = [:]
    /// How long warming each store of the open wedding took, once all have landed.
    public private(set) var warmUpReport: WarmUpReport?
    /// The width of the last frame, where the header's tabs are for mouse clicks.
    private var drawnWidth = Int.max

    /// - Parameter post: runs the given state change (a message from the open wedding, or what
    ///   background work shows: its `ScreenLanding`) in the app's inbox, in order with the keys,
    ///   and draws a frame after it (`TerminalApp.post`); by default at once.
    public init(model: AppModel, services: PlannerServices = PlannerServices(), keymap: Keymap = .standard,
                post: @escaping @MainActor (@escaping @MainActor () -> Void) -> Void = { $0() }) {
        self.model = model
        self.services = services
        self.keymap = keymap
        self.post = post
    }

    /// The open wedding's stores, if one is open.
    public var session: WeddingSession? { model.session }

    public var today: CalendarDate { model.context.today }

    /// Now, by the stores' clock.
    var now: Timestamp { model.context.clock.now() }

    /// The time zone the wedding's days are taken in.
    var timeZone: TimeZone { model.context.timeZone }

    // MARK: Opening weddings

    /// Opens `wedding` (closing the one open), starts warming every store, and returns once the
    /// pane on screen can be drawn: its store has loaded, or (the guests pane) the wedding's
    /// preview is shown; the loads go on behind it.
    public func open(_ wedding: WeddingID) async {
        let session = openSession(wedding)
        let warming = await readFirst(session)
        landWarmUp(of: session) { await warming.value }
    }

    /// Opens `wedding` in this turn, as `open` does, leaving what it reads to land behind (a
    /// wedding opened from a key or the welcome screen). The task returned ends once the pane
    /// on screen can be drawn.
    @discardableResult
    func startOpening(_ wedding: WeddingID) -> Task<Task<WarmUpReport, Never>?, Never> {
        let session = openSession(wedding)
        let reading = Task { [weak self] in await self?.readFirst(session) }
        openingReads = reading
        landWarmUp(of: session) { await reading.value?.value }
        return reading
    }

    /// Closes the wedding open and opens `wedding`: its stores, the panes, and an edit made
    /// offline to settle. Nothing is read yet.
    private func openSession(_ wedding: WeddingID) -> WeddingSession {
        cancelOpening()
        overlays = []
        let session = model.open(wedding) { [weak self] session, message in
            // With the planner gone, handled at once: a load or an intent awaited goes on.
            guard let self else {
                session.handle(message)
                return
            }
            self.post { [weak self] in
                if let self { self.receive(message, in: session) } else { session.handle(message) }
            }
        }
        panes = Self.panes(for: session, context: model.context)
        if let conflicts = session.offlineConflicts?.conflicts, !conflicts.isEmpty { offerOfflineConflict(conflicts, asked: false) }
        return session
    }

    /// Reads what `session`'s pane on screen needs first: the access this process has, then the
    /// preview the guests are drawn from, or the shown pane's store; all of it lands as messages.
    /// Returns once that is posted, with the warming of every store going on.
    private func readFirst(_ session: WeddingSession) async -> Task<WarmUpReport, Never> {
        let shownFirst = panes[activePane].store?.domain
        let warmer = CacheWarmer(monitor: services.monitor)
        await session.readAccess()
        // A preview draws the guests pane's first frame before the guest list is read; the
        // loads then land behind it.
        if shownFirst == .guests, let preview = await model.context.weddings.fetchPreview(session.weddingID) {
            post { [weak self] in
                guard self?.session === session else { return }
                session.show(preview)
            }
            return await warmer.warm(session, first: nil)
        }
        return await warmer.warm(session, first: shownFirst)
    }

    /// Lands the timings of warming `session`'s stores, once `report` has them.
    private func landWarmUp(of session: WeddingSession, _ report: @escaping @MainActor () async -> WarmUpReport?) {
        warmUpReport = nil
        warmUpLanding = Task { [weak self] in
            guard let report = await report() else { return nil }
            self?.post { [weak self] in
                guard let self, self.session === session else { return }
                self.warmUpReport = report
            }
            return report
        }
    }

    private func cancelOpening() {
        openingReads?.cancel()
        warmUpLanding?.cancel()
        openingReads = nil
        warmUpLanding = nil
    }

    /// Waits until every store of the open wedding has been warmed, and returns the timings
    /// (`warmUpReport` has them once their landing has had its turn in the inbox).
    public func warmedUp() async -> WarmUpReport? {
        await warmUpLanding?.value
    }

    /// Shows `text` in the status line (a note from the command line, such as a new demo
    /// wedding, or a problem with the configuration file).
    public func announce(_ text: String, severity: StatusLine.Severity = .info) { report(text, severity: severity) }

    /// Waits until every intent started so far has landed: its work is done and what it shows
    /// (its `ScreenLanding`) is posted. With `post` running messages at once, as by default,
    /// that has been shown too; while the app's inbox holds it, it shows in the inbox's turn.
    public func settle() async {
        while let (id, task) = pending.first {
            await task.value
            pending[id] = nil
        }
    }

    /// Waits for the work in flight, then closes the open wedding's stores.
    public func close() async {
        await settle()
        await session?.presence?.withdraw()
        cancelOpening()
        model.closeSession()
    }

    /// The panes in the order of the header's tabs and number keys.
    private static func panes(for session: WeddingSession, context: StoreContext) -> [any Pane] {
        [DashboardPane(dashboard: session.dashboard, budget: session.budget, wedding: session.wedding),
         GuestsPane(guests: session.guests, gifts: session.gifts, wedding: session.wedding, seating: session.seating),
         BudgetPane(budget: session.budget, vendors: session.vendors, tasks: session.tasks),
         VendorsPane(vendors: session.vendors, budget: session.budget),
         TasksPane(tasks: session.tasks, vendors: session.vendors, budget: session.budget),
         TimelinePane(timeline: session.timeline, vendors: session.vendors, wedding: session.wedding),
         GiftsPane(gifts: session.gifts, guests: session.guests, wedding: session.wedding),
         NotesPane(session: session, context: context),
         ActivityPane(feed: session.activity, context: context)]
    }

    /// Shows the first edit made offline that conflicts, to settle; while another dialog or
    /// form is open (not `asked`), only says so and leaves it for `:conflicts`.
    func offerOfflineConflict(_ conflicts: [OfflineConflict], asked: Bool) {
        guard let model = session?.offlineConflicts, let first = conflicts.first else {
            if asked { report("No edit made offline conflicts: everything typed offline has reached the database") }
            return
        }
        guard asked || overlays.isEmpty else {
            let count = CountPhrase.of(conflicts.count, "edit")
            report("\(count) made offline \(conflicts.count == 1 ? "conflicts" : "conflict") with changes made since: "
                   + ":conflicts settles \(conflicts.count == 1 ? "it" : "them")", severity: .warning)
            return
        }
        present(OfflineConflictOverlay(first, of: conflicts.count, in: model, now: now, timeZone: timeZone))
    }

    // MARK: PlannerHost

    func present(_ overlay: any Overlay) {
        overlays.append(overlay)
        announceEditing()
    }

    func dismiss(_ overlay: any Overlay) {
        guard let index = overlays.firstIndex(where: { $0 === overlay }) else { return }
        overlays.removeSubrange(index...)
        announceEditing()
    }

    /// Tells the others which record this session has open: the one of the topmost form or details on a record.
    private func announceEditing() {
        session?.presence?.setEditing(overlays.reversed().lazy.compactMap { ($0 as? RecordOverlay)?.subject }.first)
    }

    func report(_ text: String, severity: StatusLine.Severity) {
        message = (text, severity)
        lastMessage = message
    }

    /// A control key's name as terminals and nano write it ("^G" for "Ctrl-G"); any other as it is.
    private static func caretNotation(_ name: String) -> String {
        name.hasPrefix("Ctrl-") && name.count == 6 ? "^" + name.suffix(1) : name
    }

    /// The text of the last message reported, whole.
    var lastMessageText: String { lastMessage?.text ?? "" }

    /// The last message whole, a line each, in a window of its own.
    func showLastMessage() {
        guard let lastMessage else { return report("No message yet") }
        let lines = lastMessage.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            DetailOverlay.Line(label: "", value: String(line), style: index == 0 && lastMessage.severity == .error ? .danger : .normal)
        }
        present(DetailOverlay.report(lastMessage.severity == .info ? "Message" : "Problem", lines: lines))
    }

    func reveal(_ destination: Destination) {
        guard let index = panes.firstIndex(where: { $0.reveal(destination, host: self) }) else {
            report("That is no longer there", severity: .warning)
            return
        }
        activePane = index
    }

    /// Starts `work` at once, on the main actor, rather than after this key is done: a store
    /// intent shows its change synchronously, so the frame drawn right after the key shows it.
    /// What the work returns is posted to the app's inbox, which runs it in its turn and draws.
    func perform(_ work: @escaping @MainActor () async -> ScreenLanding) {
        let id = UUID()
        var finished = false
        let task = Task.immediate { [weak self] in
            let landing = await work()
            finished = true
            guard let self else { return }
            pending[id] = nil
            post(landing)
        }
        if !finished { pending[id] = task }
    }

    // MARK: Screen

    public func render(into canvas: any Canvas) {
        let size = canvas.size
        drawnWidth = size.columns
        header.render(into: canvas)
        let body = CanvasRect(row: 1, column: 0, rows: size.rows - 2, columns: size.columns)
        if let pane = panes[safe: activePane] {
            pane.render(into: canvas, rect: body, keymap: keymap)
        } else {
            canvas.draw("No wedding is open.", row: 2, column: 1, style: .muted)
        }
        statusLine.render(into: canvas, row: size.rows - 1)
        for overlay in overlays {
            if let overlay = overlay as? RecordOverlay {
                overlay.notice = overlay.subject.map { subject in
                    PresenceText.editing(session?.presence?.othersEditing(subject) ?? [], subject.kind)
                } ?? .empty
            }
            overlay.render(into: canvas, keymap: keymap)
        }
    }

    public func handle(_ key: Key) -> Effect {
        if key == .resize { return .redraw }
        if case .mouse(let mouse) = key { return handle(mouse) }
        let hadMessage = message != nil
        message = nil
        if let overlay = overlays.last {
            // F1 opens help over forms and dialogs too, where `?` is typed text or a choice.
            if keymap.resolve(key, in: overlay.keyMode) == .action(.help) {
                present(HelpOverlayHost(keymap: keymap))
                return .redraw
            }
            overlay.handle(key, host: self)
            return quitRequested ? .quit : .redraw
        }
        guard let pane = panes[safe: activePane] else {
            return keymap.resolve(key, in: .global) == .action(.quit) ? .quit : .redraw
        }
        guard case .action(let action) = keymap.resolve(key, in: pane.keyMode) else { return .redraw }
        if action.changesData, let refusal = session?.access.refusal {
            report(refusal, severity: .warning)
            return .redraw
        }
        if action == .quit { return .quit }
        if Self.keyCommands.perform(action, in: pane.keyMode, on: self, host: self) { return .redraw }
        if !pane.handle(action, host: self) { return hadMessage ? .redraw : .nothing }
        return .redraw
    }

    /// Ctrl-C: quits at once, unless a form has edits that quitting would drop; then it asks,
    /// and a second Ctrl-C (or confirming) quits.
    public func interrupt() -> Effect {
        if let quitQuestion, overlays.last === quitQuestion { return .quit }
        guard overlays.contains(where: { $0.hasUnsavedEdits }) else { return .quit }
        let question = ConfirmOverlay(dialog: .quitDroppingEdits(keymap: keymap),
                                      onConfirm: { [weak self] in self?.quitRequested = true })
        present(question)
        quitQuestion = question
        return .redraw
    }

    /// Mouse input (opt-in): a click on a header tab shows that pane; clicks and wheel steps
    /// over the pane go to it. Overlays take keys only.
    private func handle(_ mouse: MouseEvent) -> Effect {
        guard overlays.isEmpty else { return .nothing }
        if mouse.position.row == 0 {
            guard mouse.kind == .click, let tab = header.tab(atColumn: mouse.position.column, width: drawnWidth) else {
                return .nothing
            }
            show(pane: tab)
            return .redraw
        }
        guard let pane = panes[safe: activePane], pane.handle(mouse) else { return .nothing }
        return .redraw
    }

    func show(pane index: Int) {
        guard panes.indices.contains(index) else { return }
        activePane = index
        session?.presence?.setPane(HeaderBar.paneTitles[safe: index]?.description)
    }

    // MARK: Commands

    func openCommandLine() {
        let line = CommandLineOverlay()
        present(line)
        let model = self.model
        perform { [weak line] in
            let names = (try? await model.weddings())?.map(\.name) ?? []
            return { [weak line] in line?.offer(weddingNames: names) }
        }
    }

    func run(_ command: PlannerCommand) {
        switch command {
        case .quit: quitRequested = true
        case .help: present(HelpOverlayHost(keymap: keymap))
        case .diagnostics: present(DiagnosticsOverlay(services: services) { [weak self] in self?.warmUpReport })
        case .weddings:
            let model = self.model
            perform { [weak self] in
                do {
                    let names = try await model.weddings().map(\.name)
                    let list = CountPhrase.of(names.count, "wedding") + ": " + names.joined(separator: ", ")
                    return { [weak self] in self?.report(list) }
                } catch {
                    return { [weak self] in self?.report("Cannot list the weddings: \(error)", severity: .error) }
                }
            }
        case .wedding(let name):
            let weddings = model.context.weddings
            perform { [weak self] in
                do {
                    let wedding = try await weddings.findWedding(name)
                    return { [weak self] in self?.switchTo(wedding) }
                } catch {
                    return { [weak self] in self?.report("Cannot open \(name): \(error)", severity: .error) }
                }
            }
        case .date(let date):
            WeddingDayMove.start(to: date, checklist: services.checklist, host: self)
        case .settings:
            guard let session else { return report("Open a wedding first", severity: .error) }
            if let refusal = session.access.refusal { return report(refusal, severity: .warning) }
            SettingsForm.present(for: session, host: self)
        case .attach(let path, let title):
            DocumentCommands(services: services, host: self).attach(path, title: title, to: attachTarget)
        case .documents:
            showDocuments(of: nil)
        case .conflicts:
            offerOfflineConflict(session?.offlineConflicts?.conflicts ?? [], asked: true)
        case .notes(let text):
            reveal(.notes(text))
            if !text.isEmpty { report("Notes containing “\(text)”: \(panes[activePane].searchTarget?.searchMatches.count ?? 0)") }
        case .importFile(let kind, let path, let sheet):
            FileTransferCommands(transfer: services.transfer, host: self).importFile(kind, path: path, sheet: sheet)
        case .exportFile(let kind, let path, let format):
            FileTransferCommands(transfer: services.transfer, host: self).exportFile(kind, format: format, to: path)
        }
    }

    // MARK: Documents

    func showDocuments(of subject: RecordSubject?) {
        guard let documents = session?.documents else { return report("Open a wedding first", severity: .error) }
        present(DocumentsOverlay(store: documents, host: self, subject: subject,
                                 title: subject.map { "Documents of " + DocumentText.name(of: $0, in: session) } ?? "Documents"))
    }

    /// Opens `wedding` in this turn (`:wedding NAME`), and says so once the pane on screen can be drawn.
    private func switchTo(_ wedding: Wedding) {
        let opening = startOpening(wedding.weddingID)
        report("Opening \(wedding.name)…")
        perform { [weak self] in
            _ = await opening.value
            return { [weak self] in
                guard let self, session?.weddingID == wedding.weddingID else { return }
                if let note = services.readOnlyNote(wedding.weddingID) {
                    report("Opened \(wedding.name). \(note)", severity: .warning)
                } else {
                    report("Opened \(wedding.name)")
                }
            }
        }
    }

    func open(_ document: Document) {
        DocumentCommands(services: services, host: self).open(document)
    }

    /// What `:attach` attaches to: the vendor or expense of the topmost details open, else the
    /// one selected in the pane on screen, else the wedding.
    private var attachTarget: RecordSubject {
        let attachable: Set<RecordKind> = [.vendor, .expense]
        if let shown = overlays.reversed().lazy.compactMap({ ($0 as? DetailOverlay)?.subject }).first,
           attachable.contains(shown.kind) {
            return .record(shown.kind, shown.id)
        }
        if let selected = panes[safe: activePane]?.noteSubject, attachable.contains(selected.kind) { return selected }
        return .wedding
    }

    // MARK: Header and status line

    private var header: HeaderBar {
        // Between opening a wedding and its record landing, it is being opened.
        var title = [.idle, .loading].contains(session?.wedding.loadState) ? "Opening…" : "No wedding open", subtitle = ""
        if let store = session?.wedding, let wedding = store.wedding {
            title = wedding.name
            if let days = store.daysUntilWedding { subtitle = " · " + Formats.daysToGo(days) }
            if session?.access.mayChange == false { subtitle += " · view only" }
        }
        let connection = session?.connection ?? .live
        return HeaderBar(title: DisplayText(title), subtitle: DisplayText(subtitle), keys: HeaderBar.keys(keymap),
                         activeTab: activePane,
                         marker: session == nil ? .empty : DisplayText(Formats.marker(connection, now: now, timeZone: timeZone)),
                         markerStyle: connection == .live ? .success : .warning,
                         people: PresenceText.header(session?.presence?.others ?? []))
    }

    private var statusLine: StatusLine {
        let pane = panes[safe: activePane]
        let mode = overlays.last?.modeName ?? pane?.modeName ?? ""
        return StatusLine(DisplayText(message?.text ?? ""), severity: message?.severity ?? .info,
                          hints: StatusLine.hints(keymap, in: overlays.last?.keyMode ?? pane?.keyMode ?? .global),
                          mode: DisplayText(mode), context: DisplayText(pane?.statusSummary ?? ""),
                          more: keymap.keyName(for: .showMessage, in: .global).map { DisplayText(Self.caretNotation($0)) } ?? .empty)
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
