import BlueprintDomain
import Foundation
import Logging

/// This session's presence in the open wedding, and the others': it announces itself when
/// started, renews its entry every `Presence.heartbeat` (a sleeping task, which wakes the
/// process only then), re-reads the others whenever the board says something changed and at
/// each heartbeat, and withdraws on `withdraw()`.
///
/// Never cached, never in the way: a board that fails is logged and the others are shown as
/// last known.
@MainActor
public final class PresenceModel {
    public let sessionID = UUID()
    private let board: any PresenceBoard
    private let wedding: WeddingID
    private let identity: PresenceIdentity
    private let clock: any TimeSource
    private let started: Timestamp
    private let logger = Logger(label: "blueprint.presence")
    private var tasks: [Task<Void, Never>] = []
    private var withdrawn = false
    /// The latest announcement in flight; each waits for the one before, so they land in order.
    private var announcing: Task<Void, Never>?
    /// How many reads of the board have started, and the latest that landed, so an older read
    /// never overwrites a newer one.
    private var reads = 0, landed = 0
    /// The other sessions present, oldest arrival first.
    public private(set) var others: [Presence] = []
    /// The record this session has open in a form or its details.
    public private(set) var editing: PresenceSubject?
    /// The pane this session shows.
    public private(set) var pane: String?

    public init(board: any PresenceBoard, wedding: WeddingID, identity: PresenceIdentity, clock: any TimeSource) {
        self.board = board
        self.wedding = wedding
        self.identity = identity
        self.clock = clock
        started = clock.now()
    }

    /// Announces this session, follows the board's changes and starts the heartbeat.
    public func start() {
        guard tasks.isEmpty, !withdrawn else { return }
        let changes = board.changes(in: wedding)
        tasks.append(Task { [weak self] in
            for await _ in changes { await self?.refresh() }
        })
        tasks.append(Task { [weak self] in
            await self?.beat()
            while !Task.isCancelled {
                try? await Task.sleep(for: Presence.heartbeat)
                guard !Task.isCancelled else { return }
                await self?.beat()
            }
        })
    }

    /// Renews this session's entry and re-reads the others.
    public func beat() async {
        await announcing?.value
        await announce()
        await refresh()
    }

    /// Says which record this session now has open in a form or its details (nil: none).
    public func setEditing(_ subject: PresenceSubject?) {
        guard subject != editing else { return }
        editing = subject
        announceInOrder()
    }

    /// Says which pane this session shows.
    public func setPane(_ name: String?) {
        guard name != pane else { return }
        pane = name
        announceInOrder()
    }

    /// The other sessions that have `subject`'s record open.
    public func othersEditing(_ subject: PresenceSubject) -> [Presence] {
        others.filter { $0.editing?.isSameRecord(as: subject) ?? false }
    }

    /// Reads the other sessions again, and posts what it found to land (see `land(_:)`).
    public func refresh() async {
        guard !withdrawn else { return }
        reads += 1
        let number = reads
        do {
            let others = try await board.others(in: wedding, excluding: sessionID)
            guard !withdrawn else { return }
            let read = PresenceRead(number: number, others: others)
            if let post { post(.presenceRead(read)) } else { land(read) }
        } catch {
            logger.warning("cannot read who else is here", metadata: ["wedding": "\(wedding)", "error": "\(error)"])
        }
    }

    /// Where reads of the board are posted to land, in order with the session's other messages;
    /// without a session, they land at once.
    var post: SessionPost?

    /// Shows the others `read` found, unless a later read landed first.
    func land(_ read: PresenceRead) {
        guard !withdrawn, read.number > landed else { return }
        landed = read.number
        others = read.others
    }

    /// Stops the heartbeat and takes this session's entry down, so the others see it leave at once.
    public func withdraw() async {
        guard leave() else { return }
        await takeEntryDown()
    }

    /// Stops the heartbeat and following the board, and forgets the others; false if this
    /// session had left already. `takeEntryDown()` then tells the board.
    func leave() -> Bool {
        guard !withdrawn else { return false }
        withdrawn = true
        for task in tasks { task.cancel() }
        tasks = []
        others = []
        return true
    }

    /// Takes this session's entry off the board (after the announcements in flight).
    func takeEntryDown() async {
        await announcing?.value
        do {
            try await board.withdraw(sessionID, from: wedding)
        } catch {
            logger.warning("cannot withdraw this session's presence", metadata: ["wedding": "\(wedding)", "error": "\(error)"])
        }
    }

    private func announceInOrder() {
        let previous = announcing
        announcing = Task { [weak self] in
            await previous?.value
            await self?.announce()
        }
    }

    private func announce() async {
        guard !withdrawn else { return }
        let now = clock.now()
        let presence = Presence(sessionID: sessionID, identity: identity, started: started, lastHeartbeat: now,
                                pane: pane, editing: editing)
        do {
            try await board.announce(presence, in: wedding)
        } catch {
            logger.warning("cannot announce this session's presence", metadata: ["wedding": "\(wedding)", "error": "\(error)"])
        }
    }
}
