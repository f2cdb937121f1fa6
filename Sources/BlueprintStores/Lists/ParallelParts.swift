import Dispatch
import Foundation

/// Runs work over a long list in parts on every processor at once: sorting 10k guests for the
/// first frame otherwise left the second processor idle while the first did it all. There are
/// several parts a processor, taken as threads come free, so that on a busy machine a thread
/// that loses its processor for a while does not leave the others waiting for it at the end.
enum ParallelParts {
    /// Below this many items, handing parts to other threads costs more than it saves.
    static let minimumCount = 4096

    /// How many parts `run` splits `count` items into.
    static func partCount(_ count: Int) -> Int {
        count < minimumCount ? 1 : min(count / 1024, System.processorCount * 4, 32)
    }

    /// Calls `body` with each part of `0..<count` (part `i` of `partCount(count)`, in order),
    /// concurrently when there are several. Returns when every part is done.
    static func run(_ count: Int, _ body: @Sendable (_ part: Int, _ range: Range<Int>) -> Void) {
        let parts = partCount(count)
        guard parts > 1 else { return body(0, 0..<count) }
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            body(part, count * part / parts ..< count * (part + 1) / parts)
        }
    }

    /// Memory the parts write their results into, each only its own positions. `run` returns
    /// only once every part is done, so the writes never race and end before it is read.
    struct Output<Element>: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Element>

        func initialize(_ position: Int, to element: Element) {
            (buffer.baseAddress! + position).initialize(to: element)
        }
    }
}

private enum System {
    static let processorCount = ProcessInfo.processInfo.activeProcessorCount
}
