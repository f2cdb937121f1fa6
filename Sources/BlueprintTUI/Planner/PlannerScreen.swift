import BlueprintCache
import BlueprintDomain
import BlueprintStores
import BlueprintTerminal
import Foundation

/// The planner: the header (tabs, wedding, days to go, live marker), the pane on screen, the
/// status line (mode, filter and counts, last message) and any overlays, driven by the stores
/// of the open wedding.
///
/// Nothing polls: each store's `updates()` stream and the wedding's change feed wake the
/// screen, which asks for a frame through `requestRedraw`. Store intents run as tasks; their
/// outcomes land in the status line (or a conflict dialog).
@MainActor
public final class PlannerScreen: Screen, PlannerHost {
    public let model: AppModel
    public let keymap: Keymap
    let services: PlannerServices
    private let requestRedraw: @MainActor () -> Void
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
    private var observers: [Task<Void, Never>] = []
    /// Set by `:q`; the next key's effect is to quit.
    private var quitRequested = false
    /// The question Ctrl-C asked before dropping a form's edits, while it is open.
    private weak var quitQuestion: ConfirmOverlay?
    private var pending: [UUID: Task<Void, Never>] = [:]
    /// How long warming each store of the open wedding took, once all have landed.
    public private(set) var warmUpReport: WarmUpReport?
    private var warmUpLanding: Task<Void, Never>?
    /// The width of the last frame, where the header's tabs are for mouse clicks.
    private var drawnWidth = Int.max

    public init(model: AppModel, services: PlannerServices = PlannerServices(), keymap: Keymap = .standard,
                requestRedraw: @escaping @MainActor () -> Void = {}) {
        self.model = model
        self.services = services
        self.keymap = keymap
        self.requestRedraw = requestRedraw
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
        for observer in observers { observer.cancel() }
        observers = []
        overlays = []
        let session = model.open(wedding)
        await session.readAccess()
        panes = Self.panes(for: session, context: model.context)
        observe(session)
        var shownFirst: StoreDomain? = panes[activePane].store?.domain
        // A preview draws the guests pane's first frame before the guest list is read; the
        // loads then land behind it.
        if shownFirst == .guests, let preview = await model.context.weddings.fetchPreview(wedding) {
            session.show(preview)
            shownFirst = nil
        }
        let warming = await CacheWarmer(monitor: services.monitor).warm(session, first: shownFirst)
        warmUpReport = nil
        let landing = Task { [weak self] in
            let report = await warming.value
            guard let self, self.session === session else { return }
            self.warmUpReport = report
            self.requestRedraw()
        }
        warmUpLanding = landing
        observers.append(landing)
    }

    /// Waits until every store of the open wedding has been warmed, and returns the timings.
    public func warmedUp() async -> WarmUpReport? {
        await warmUpLanding?.value
        return warmUpReport
    }

    /// Shows `text` in the status line (a note from the command line, such as a new demo
    /// wedding, or a problem with the configuration file).
    public func announce(_ text: String, severity: StatusLine.Severity = .info) { report(text, severity: severity) }

    /// Waits until every intent started so far has landed and been reported.
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
        for observer in observers { observer.cancel() }
        observers = []
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

    /// Redraws whenever a store or the header's live marker changes, and says so when another
    /// session changed the wedding.
    private func observe(_ session: WeddingSession) {
        for store in session.stores {
            let updates = store.updates()
            observers.append(Task { [weak self] in
                for await _ in updates { self?.requestRedraw() }
            })
        }
        let activityUpdates = session.activity.updates()
        observers.append(Task { [weak self] in
            for await _ in activityUpdates { self?.requestRedraw() }
        })
        let connectionChanges = session.connectionChanges()
        observers.append(Task { [weak self] in
            for await connection in connectionChanges {
                // The header says "✗ refused"; the status line says why.
                if case let .refused(reason) = connection {
                    self?.report("Read only, from this machine's copy: \(reason)", severity: .error)
                }
                self?.requestRedraw()
            }
        })
        if let presence = session.presence {
            let updates = presence.updates()
            observers.append(Task { [weak self] in
                for await _ in updates { self?.requestRedraw() }
            })
        }
        if let model = session.offlineConflicts {
            model.onChange = { [weak self] conflicts in
                self?.offerOfflineConflict(conflicts, asked: false)
                // Found behind the screen, not after a key: nothing else would draw it.
                self?.requestRedraw()
            }
            // Read before this was listening (the wedding opened with conflicts already kept).
            if !model.conflicts.isEmpty { offerOfflineConflict(model.conflicts, asked: false) }
        }
        session.onExternalChange = { [weak self] change in
            self?.report("Updated from another session: " + Self.nouns(change.kinds)
                         + (change.author.map { " (by \($0))" } ?? ""))
            self?.requestRedraw()
        }
    }

    /// Shows the first edit made offline that conflicts, to settle; while another dialog or
    /// form is open (not `asked`), only says so and leaves it for `:conflicts`.
    private func offerOfflineConflict(_ conflicts: [OfflineConflict], asked: Bool) {
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
        present(ConflictOverlay(offline: first, of: conflicts.count, in: model, now: now, timeZone: timeZone))
    }

    private static func nouns(_ kinds: Set<RecordKind>) -> String {
        let nouns: [(RecordKind, String)] = [(.wedding, "wedding settings"), (.guest, "guests"), (.category, "budget"),
                                             (.expense, "expenses"), (.vendor, "vendors"), (.task, "tasks"),
                                             (.milestone, "milestones"), (.runSheetItem, "run sheet"), (.gift, "gifts"),
                                             (.moneyOwed, "money owed"), (.scenario, "budget scenarios"),
                                             (.seatingTable, "tables"), (.seatingRule, "seating rules"), (.note, "notes"),
                                             (.document, "documents")]
        return nouns.filter { kinds.contains($0.0) }.map(\.1).joined(separator: ", ")
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
    private func showLastMessage() {
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
    func perform(_ work: @escaping @MainActor () async -> Void) {
        let id = UUID()
        var finished = false
        let task = Task.immediate { [weak self] in
            await work()
            finished = true
            self?.pending[id] = nil
            self?.requestRedraw()
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
        switch action {
        case .quit: return .quit
        case .help: present(HelpOverlayHost(keymap: keymap))
        case .showPane(let number): show(pane: number)
        case .nextPane: show(pane: (activePane + 1) % panes.count)
        case .previousPane: show(pane: (activePane + panes.count - 1) % panes.count)
        case .undo: undo(in: pane.store)
        case .redo: redo(in: pane.store)
        case .command: openCommandLine()
        case .diagnostics: run(.diagnostics)
        case .showMessage: showLastMessage()
        case .settings: run(.settings)
        case .search, .nextMatch, .previousMatch: search(action, in: pane)
        case .addNote:
            guard let subject = pane.noteSubject else {
                report("Select a row to write a note on", severity: .warning)
                break
            }
            NoteForms.present(on: subject, host: self)
        case .showDocuments:
            guard let subject = pane.noteSubject, [.vendor, .expense].contains(subject.kind) else {
                report("Select a vendor or an expense to list its documents", severity: .warning)
                break
            }
            showDocuments(of: subject)
        default:
            if !pane.handle(action, host: self) { return hadMessage ? .redraw : .nothing }
        }
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

    private func show(pane index: Int) {
        guard panes.indices.contains(index) else { return }
        activePane = index
        session?.presence?.setPane(HeaderBar.paneTitles[safe: index]?.description)
    }

    /// Takes back the newest change of the pane's store or of the wedding's settings (which
    /// `W`, `:settings` and `:date` change from any pane).
    private func undo(in paneStore: DomainStore?) {
        let newest = [paneStore, session?.wedding].compactMap { $0 }.filter(\.canUndo).max { ($0.undoOrder ?? 0) < ($1.undoOrder ?? 0) }
        guard let store = newest, let title = store.undoTitle else {
            report("Nothing to undo in this pane", severity: .warning)
            return
        }
        run({ await store.undo() }, success: "Undid \(title)", keyHint: keymap.hint(.redo, in: .global, "redoes"), store: store)
    }

    /// Does again what the newest undo of the pane's store or the wedding's settings took back.
    private func redo(in paneStore: DomainStore?) {
        let newest = [paneStore, session?.wedding].compactMap { $0 }.filter(\.canRedo).max { ($0.redoOrder ?? 0) < ($1.redoOrder ?? 0) }
        guard let store = newest, let title = store.redoTitle else {
            report("Nothing to redo in this pane", severity: .warning)
            return
        }
        run({ await store.redo() }, success: "Redid \(title)", store: store)
    }

    private func search(_ action: KeyAction, in pane: any Pane) {
        guard let target = pane.searchTarget else {
            report("Nothing to search here", severity: .warning)
            return
        }
        if action == .search {
            present(SearchLine(target: target))
            return
        }
        let matches = target.searchMatches
        guard !matches.query.isEmpty else {
            let start = keymap.hint(.search, in: pane.keyMode, "starts one")
            report("No search" + (start.map { ": " + $0 } ?? ""), severity: .warning)
            return
        }
        let row = action == .nextMatch ? matches.next(after: target.selectedRow) : matches.previous(before: target.selectedRow)
        guard let row else {
            report("No match for “\(matches.query)”", severity: .warning)
            return
        }
        target.selectRow(row)
        report("Match \(matches.position(of: row) ?? 0) of \(matches.count) for “\(matches.query)”")
    }

    // MARK: Commands

    func openCommandLine() {
        let line = CommandLineOverlay()
        present(line)
        let model = self.model
        perform { [weak line] in
            let names = (try? await model.weddings())?.map(\.name) ?? []
            line?.offer(weddingNames: names)
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
                    self?.report(CountPhrase.of(names.count, "wedding") + ": " + names.joined(separator: ", "))
                } catch {
                    self?.report("Cannot list the weddings: \(error)", severity: .error)
                }
            }
        case .wedding(let name):
            let weddings = model.context.weddings
            perform { [weak self] in
                do {
                    let wedding = try await weddings.findWedding(name)
                    await self?.open(wedding.weddingID)
                    if let note = self?.services.readOnlyNote(wedding.weddingID) {
                        self?.report("Opened \(wedding.name). \(note)", severity: .warning)
                    } else {
                        self?.report("Opened \(wedding.name)")
                    }
                } catch {
                    self?.report("Cannot open \(name): \(error)", severity: .error)
                }
            }
        case .date(let date):
            moveWeddingDay(to: date)
        case .settings:
            guard let session else { return report("Open a wedding first", severity: .error) }
            if let refusal = session.access.refusal { return report(refusal, severity: .warning) }
            SettingsForm.present(for: session, host: self)
        case .attach(let path, let title):
            attach(path, title: title)
        case .documents:
            showDocuments(of: nil)
        case .conflicts:
            offerOfflineConflict(session?.offlineConflicts?.conflicts ?? [], asked: true)
        case .notes(let text):
            reveal(.notes(text))
            if !text.isEmpty { report("Notes containing “\(text)”: \(panes[activePane].searchTarget?.searchMatches.count ?? 0)") }
        case .importFile(let kind, let path, let sheet):
            importFile(kind, path: Self.expanded(path), sheet: sheet, addingMealOptions: false)
        case .exportFile(let kind, let path, let format):
            exportFile(kind, format: format, to: Self.expanded(path))
        }
    }

    /// Imports the file at `path`; guests whose meals the wedding lacks wait for a question:
    /// add those meal options (in the same write) and import, or import nothing.
    private func importFile(_ kind: TransferKind, path: String, sheet: String?, addingMealOptions: Bool) {
        transfer { [weak self] transfer, session in
            do {
                return try await transfer.importFile(kind, path: path, sheet: sheet, addingMealOptions: addingMealOptions,
                                                     into: session)
            } catch let question as MealOptionsToAdd {
                let options = question.options.map { "“\($0)”" }.joined(separator: ", ")
                self?.present(ConfirmOverlay(
                    dialog: ConfirmDialog(title: DisplayText("Add meal options"),
                                          message: DisplayText("\(question.fileName) has guests who chose \(options), which "
                                              + "this wedding does not offer. Add them to the meal options and import?"),
                                          confirmLabel: "Add and import"),
                    onConfirm: { [weak self] in self?.importFile(kind, path: path, sheet: sheet, addingMealOptions: true) },
                    onCancel: { [weak self] in self?.report("Nothing was imported from \(question.fileName)") }))
                return nil
            }
        }
    }

    /// Exports to `path`, asking first whether to replace a file already there.
    private func exportFile(_ kind: TransferKind, format: TransferFormat, to path: String) {
        let export = { [weak self] (replacing: Bool) in
            self?.transfer { transfer, session in
                try await transfer.exportFile(kind, format: format, path: path, replacing: replacing, from: session)
            }
        }
        guard FileManager.default.fileExists(atPath: path) else {
            export(false)
            return
        }
        present(ConfirmOverlay(
            dialog: ConfirmDialog(title: DisplayText("Replace \(URL(fileURLWithPath: path).lastPathComponent)"),
                                  message: DisplayText("\(path) already exists. Replace it with the \(kind.rawValue)?"),
                                  confirmLabel: "Replace"),
            onConfirm: { export(true) },
            onCancel: { [weak self] in self?.report("Not exported: \(path) is kept as it was") }))
    }

    /// Saves the new wedding day (a day already past is allowed, and said), then offers to move
    /// with it the open checklist tasks (each keeps its time before the wedding; tasks moved by
    /// hand stay where they are) and the run-sheet items of the old day. `u` takes back the
    /// move and what followed it as one step.
    private func moveWeddingDay(to date: CalendarDate) {
        guard let session, let previous = session.wedding.wedding.map(\.weddingDate) else {
            report("Open a wedding first", severity: .error)
            return
        }
        guard previous != date else { return report("The wedding is already on \(date)") }
        let moved = "The wedding is now on \(date)" + (date < today ? " (a day already past)" : "")
        perform { [weak self] in
            guard let self else { return }
            guard case .saved = await session.wedding.moveDay(to: date) else {
                return report("The wedding day was not moved", severity: .error)
            }
            guard let previous else { return report(undoable(moved)) }
            let tasks = services.checklist.map { session.tasks.checklistTasks(following: $0, from: previous, to: date) } ?? []
            let items = session.timeline.runSheet.filter { $0.day == previous }.map { item in
                var item = item
                item.day = date
                return item
            }
            guard !tasks.isEmpty || !items.isEmpty else { return report(undoable(moved)) }
            let count = [tasks.isEmpty ? nil : CountPhrase.of(tasks.count, "open checklist task"),
                         items.isEmpty ? nil : CountPhrase.of(items.count, "run-sheet item")]
                .compactMap { $0 }.joined(separator: " and ")
            present(ConfirmOverlay(
                dialog: ConfirmDialog(title: DisplayText("Move the checklist and the run sheet"),
                                      message: DisplayText("\(moved). Move \(count) with it? Tasks keep their time before the "
                                          + "day; tasks you moved by hand stay where they are."),
                                      confirmLabel: "Move"),
                onConfirm: { [weak self] in
                    self?.perform { [weak self] in
                        guard let self else { return }
                        switch await session.wedding.follow(tasks, items, shownBy: [session.tasks, session.timeline]) {
                        case .saved, .merged: report(undoable("Moved \(count) with the wedding day"))
                        case .failed(let error): report("The \(count) did not move: \(error)", severity: .error)
                        case .conflict: report("The \(count) did not move: someone changed them meanwhile", severity: .error)
                        }
                    }
                },
                onCancel: { [weak self] in
                    self?.report("\(moved); the checklist tasks kept their dates, the run sheet its day")
                }))
        }
    }

    /// Runs an import or export and reports its one-line result or its error.
    /// Runs `work` with the file layer and the open wedding, and reports what it returns (nothing
    /// for nil: it asked a question instead) or why it failed.
    private func transfer(_ work: @escaping @MainActor (any DataTransfer, WeddingSession) async throws -> String?) {
        guard let transfer = services.transfer, let session else {
            report("Files cannot be imported or exported here", severity: .error)
            return
        }
        perform { [weak self] in
            do {
                if let report = try await work(transfer, session) { self?.report(report) }
            } catch {
                self?.report(String(describing: error), severity: .error)
            }
        }
    }

    /// `path` with a leading `~` expanded.
    private static func expanded(_ path: String) -> String { (path as NSString).expandingTildeInPath }

    // MARK: Documents

    func showDocuments(of subject: RecordSubject?) {
        guard let documents = session?.documents else { return report("Open a wedding first", severity: .error) }
        present(DocumentsOverlay(store: documents, host: self, subject: subject,
                                 title: subject.map { "Documents of " + DocumentText.name(of: $0, in: session) } ?? "Documents"))
    }

    func open(_ document: Document) {
        guard let documents = session?.documents else { return }
        perform { [weak self] in
            switch await documents.localPath(of: document) {
            case .success(let path): self?.open(document, at: path)
            case .failure(let error): self?.report("Cannot open \(document.title): \(error)", severity: .error)
            }
        }
    }

    /// Opens `document`'s bytes, on this machine at `path`, or says where they are.
    private func open(_ document: Document, at path: String) {
        switch DocumentOpener.choice(for: document, at: path, environment: services.environment) {
        case .overSSH(let path):
            report("Over ssh: the file is at \(path)")
        case .run(let arguments):
            guard let runOutside = services.runOutsideTerminal else {
                return report("Documents cannot be opened here; the file is at \(path)", severity: .warning)
            }
            var outcome: Result<Int32, ChildProcess.Failure> = .success(0)
            runOutside { outcome = ChildProcess.run(arguments) }
            switch outcome {
            case .success(0): report("Opened \(document.title) with \(arguments[0])")
            case .success(let status):
                report("\(arguments[0]) ended with status \(status); the file is at \(path)", severity: .warning)
            case .failure(let failure):
                report("Cannot run \(arguments[0]) (\(failure)); the file is at \(path)", severity: .error)
            }
        }
    }

    /// Attaches the file at `path` to the vendor or expense whose details are open, else the one
    /// selected in the pane, else the wedding, and says what it attached (or why not: then
    /// nothing changed).
    private func attach(_ path: String, title: String?) {
        guard let session else { return report("Open a wedding first", severity: .error) }
        let subject = attachTarget
        let name = DocumentText.name(of: subject, in: session)
        perform { [weak self] in
            switch await session.documents.attach(fileAt: Self.expanded(path), title: title, to: subject) {
            case .success(let document):
                self?.report("Attached \(document.title) (\(Formats.byteCount(document.byteCount))) to \(name)")
            case .failure(let error):
                self?.report("Not attached: \(error)", severity: .error)
            }
        }
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
        var title = "No wedding open", subtitle = ""
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
