import Dispatch
import Foundation

/// Arrays whose elements can be decoded on several threads at once.
///
/// Decoding a guest list is most of opening a wedding, and its elements are independent, so a
/// large array is split into one chunk per processor; each chunk gets its own `TapeReader`
/// (they share the read-only tape) and decodes straight into its part of the result.
protocol ConcurrentlyDecodableArray {
    static func decodeConcurrently(from reader: TapeReader, at index: Int32) throws -> Self
}

/// Arrays shorter than this decode on the calling thread.
let concurrentDecodingThreshold: Int32 = 1024

extension Array: ConcurrentlyDecodableArray where Element: Decodable {
    static func decodeConcurrently(from reader: TapeReader, at index: Int32) throws -> [Element] {
        var elements: [Int32] = []
        let count = Int(reader.entry(index).length)
        elements.reserveCapacity(count)
        var position = index + 1
        while elements.count < count {
            elements.append(position)
            position = reader.entry(position).next
        }
        let chunkCount = Swift.max(1, Swift.min(ProcessInfo.processInfo.activeProcessorCount, 8))
        let chunkSize = (count + chunkCount - 1) / chunkCount
        var failures = [(any Error)?](repeating: nil, count: chunkCount)
        var decodedCounts = [Int](repeating: 0, count: chunkCount)
        return try [Element](unsafeUninitializedCapacity: count) { result, initializedCount in
            failures.withUnsafeMutableBufferPointer { failures in
                decodedCounts.withUnsafeMutableBufferPointer { decodedCounts in
                    // An existential, so the workers' closure captures a value rather than
                    // `Element`'s metatype.
                    let work: any ChunkDecoding = ChunkWork(bytes: reader.bytes, tape: reader.tape, elements: elements,
                                                            chunkSize: chunkSize, result: result, failures: failures,
                                                            decodedCounts: decodedCounts)
                    DispatchQueue.concurrentPerform(iterations: chunkCount) { work.decode(chunk: $0) }
                }
            }
            if let failure = failures.lazy.compactMap({ $0 }).first {
                for chunk in 0..<chunkCount where decodedCounts[chunk] > 0 {
                    (result.baseAddress! + chunk * chunkSize).deinitialize(count: decodedCounts[chunk])
                }
                initializedCount = 0
                throw failure
            }
            initializedCount = count
        }
    }
}

private protocol ChunkDecoding: Sendable {
    func decode(chunk: Int)
}

/// What the workers of one `concurrentPerform` share: the read-only text and tape, and the
/// result, failure and count buffers, in which each worker touches only its own chunk's part.
/// `concurrentPerform` returns only after every worker has finished, so nothing outlives the
/// buffers or races on them.
private struct ChunkWork<Element: Decodable>: ChunkDecoding, @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    let tape: JSONTape
    let elements: [Int32]
    let chunkSize: Int
    let result: UnsafeMutableBufferPointer<Element>
    let failures: UnsafeMutableBufferPointer<(any Error)?>
    let decodedCounts: UnsafeMutableBufferPointer<Int>

    /// Decodes the chunk's elements in order into `result`; stops at the first failure.
    func decode(chunk: Int) {
        let worker = TapeReader(bytes: bytes, tape: tape)
        let start = min(chunk * chunkSize, elements.count)
        for offset in start..<min(start + chunkSize, elements.count) {
            do {
                (result.baseAddress! + offset).initialize(to: try worker.decode(Element.self, at: elements[offset]))
                decodedCounts[chunk] += 1
            } catch {
                failures[chunk] = error
                return
            }
        }
    }
}
