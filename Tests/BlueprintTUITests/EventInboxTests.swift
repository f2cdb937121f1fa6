@testable import BlueprintTUI
@testable import BlueprintTerminal
import Glibc
import Testing

/// The app's one inbox: events are handled in the order they were posted, and a drained batch
/// is drawn as one frame, however many events it held.
@Suite("Event inbox")
@MainActor
struct EventInboxTests {
    /// An inbox whose drains run when the test says (`runDrains`), recording what it handled and drew.
    @MainActor
    final class Recorder {
        var handled: [AppEvent] = []
        var frames: [FrameNeed] = []
        var drainsAsked: [@MainActor () -> Void] = []
        var needs: [AppEvent: FrameNeed] = [:]
        var onHandle: ((AppEvent) -> Void)?
        lazy var inbox = EventInbox(requestDrain: { [unowned self] in drainsAsked.append($0) },
                                    handle: { [unowned self] event in
                                        handled.append(event)
                                        onHandle?(event)
                                        return needs[event] ?? .frame
                                    },
                                    draw: { [unowned self] in frames.append($0) })

        func runDrains() {
            let drains = drainsAsked
            drainsAsked = []
            for drain in drains { drain() }
        }
    }

    @Test("a burst of events is handled in order and drawn once, asking for one drain")
    func aBurstIsOneFrame() {
        let recorder = Recorder()
        recorder.inbox.post(.redraw)
        recorder.inbox.post(.keys([.character("j")]))
        recorder.inbox.post(.signal(SIGWINCH))
        recorder.inbox.post(.redraw)
        #expect(recorder.drainsAsked.count == 1)
        #expect(recorder.handled.isEmpty && recorder.frames.isEmpty)

        recorder.runDrains()
        #expect(recorder.handled == [.redraw, .keys([.character("j")]), .signal(SIGWINCH), .redraw])
        #expect(recorder.frames == [.frame])
    }

    @Test("the frame drawn is the most any event of the batch needed; a batch that needs none draws none")
    func theBatchNeedDecides() {
        let recorder = Recorder()
        recorder.needs = [.keys([.character("x")]): .none, .signal(SIGCONT): .repaintAll]
        recorder.inbox.post(.keys([.character("x")]))
        recorder.inbox.drain()
        #expect(recorder.frames.isEmpty)

        recorder.inbox.post(.redraw)
        recorder.inbox.post(.signal(SIGCONT))
        recorder.inbox.drain()
        #expect(recorder.frames == [.repaintAll])
    }

    @Test("an event posted while a batch is handled joins it: still one frame")
    func eventsPostedWhileHandlingJoinTheBatch() {
        let recorder = Recorder()
        recorder.onHandle = { event in
            if event == .keys([.character("a")]) { recorder.inbox.post(.redraw) }
        }
        recorder.inbox.post(.keys([.character("a")]))
        recorder.runDrains()
        #expect(recorder.handled == [.keys([.character("a")]), .redraw])
        #expect(recorder.frames == [.frame])
        // The drain asked for by the event posted during the batch finds nothing left to draw.
        recorder.runDrains()
        #expect(recorder.frames == [.frame])
    }

    @Test("a message's change is made in its place among the keys, each message an event of its own")
    func messagesTakeTheirTurn() {
        let recorder = Recorder()
        var log: [String] = []
        recorder.onHandle = { event in
            switch event {
            case .keys(let keys): log.append("keys \(keys.count)")
            case .message(let message): message.handle()
            default: break
            }
        }
        let first = InboxMessage { log.append("change 1") }
        let second = InboxMessage { log.append("change 2") }
        #expect(first != second)
        recorder.inbox.post(.keys([.character("a")]))
        recorder.inbox.post(.message(first))
        recorder.inbox.post(.keys([.character("b"), .character("c")]))
        recorder.inbox.post(.message(second))
        #expect(log.isEmpty)
        recorder.runDrains()
        #expect(log == ["keys 1", "change 1", "keys 2", "change 2"])
        #expect(recorder.frames == [.frame])
    }

    @Test("once stopped, the messages queued still make their changes; the rest is dropped and nothing more is taken or drawn")
    func stopping() {
        let recorder = Recorder()
        var changes: [String] = []
        recorder.inbox.post(.redraw)
        recorder.inbox.post(.message(InboxMessage { changes.append("queued") }))
        recorder.inbox.stop()
        #expect(changes == ["queued"], "a change queued before leaving was lost (whoever awaits it would wait forever)")
        recorder.inbox.post(.keys([.character("q")]))
        recorder.inbox.post(.message(InboxMessage { changes.append("late") }))
        recorder.runDrains()
        recorder.inbox.drain()
        #expect(recorder.handled.isEmpty && recorder.frames.isEmpty)
        #expect(changes == ["queued"])
    }
}
