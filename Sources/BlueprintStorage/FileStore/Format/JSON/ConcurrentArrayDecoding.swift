import Dispatch
import Foundation

/// Arrays whose elements can be decoded on several threads at once.
///
/// Decoding a guest list is most of opening a wedding, and its elements are independent, so a
/// large array is split into chunks decoded on every processor; each chunk gets its own `TapeReader`
/// and decodes straight into its part of the result. The elements of a deferred array (see
/// `JSONTape`) are parsed by the chunk's reader, one at a time, just before each is decoded.
protocol ConcurrentlyDecodableArray {
    static func decodeConcurrently(from reader: TapeReader, at index: Int32) throws -> Self
}

/// Arrays shorter than this decode on the calling thread.
let concurrentDecodingThreshold: Int32 = 1024

/// Where a chunk's worker finds the elements.
enum ArrayElements: @unchecked Sendable {
    /// On the tape (shared, read-only), at these indices.
    case parsed(JSONTape, indices: [Int32])
    /// In the text, not parsed yet.
    case deferred(JSONTape.DeferredArray)

    var count: Int {
        switch self {
        case .parsed(_, let indices): return indices.count
        case .deferred(let array): return array.starts.count
        }
    }
}

extension Array: ConcurrentlyDecodableArray where Element: Decodable {
    static func decodeConcurrently(from reader: TapeReader, at index: Int32) throws -> [Element] {
        let elements: ArrayElements
        if let deferred = reader.tape.deferredArrays[index] {
            elements = .deferred(deferred)
        } else {
            var indices: [Int32] = []
            let count = Int(reader.entry(index).length)
            indices.reserveCapacity(count)
            var position = index + 1
            while indices.count < count {
                indices.append(position)
                position = reader.entry(position).next
            }
            elements = .parsed(reader.tape, indices: indices)
        }
        let count = elements.count
        // Several chunks a processor, taken as threads come free: on a busy machine a thread
        // that loses its processor for a while no longer leaves the others waiting at the end.
        let chunkCount = Swift.max(1, Swift.min(ProcessInfo.processInfo.activeProcessorCount * 4, 32, count / 256))
        let chunkSize = (count + chunkCount - 1) / chunkCount
        var failures = [(any Error)?](repeating: nil, count: chunkCount)
        var decodedCounts = [Int](repeating: 0, count: chunkCount)
        return try [Element](unsafeUninitializedCapacity: count) { result, initializedCount in
            failures.withUnsafeMutableBufferPointer { failures in
                decodedCounts.withUnsafeMutableBufferPointer { decodedCounts in
                    // An existential, so the workers' closure captures a value rather than
                    // `Element`'s metatype.
                    let work: any ChunkDecoding = ChunkWork(bytes: reader.bytes, readBehind: reader.readBehind,
                                                            elements: elements, chunkSize: chunkSize,
                                                            result: result, failures: failures,
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

/// What the workers of one `concurrentPerform` share: the read-only text and elements, and the
/// result, failure and count buffers, in which each worker touches only its own chunk's part.
/// `concurrentPerform` returns only after every worker has finished, so nothing outlives the
/// buffers or races on them.
private struct ChunkWork<Element: Decodable>: ChunkDecoding, @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    let readBehind: ReadBehind.Release?
    let elements: ArrayElements
    let chunkSize: Int
    let result: UnsafeMutableBufferPointer<Element>
    let failures: UnsafeMutableBufferPointer<(any Error)?>
    let decodedCounts: UnsafeMutableBufferPointer<Int>

    /// Decodes the chunk's elements in order into `result`; stops at the first failure.
    func decode(chunk: Int) {
        let start = min(chunk * chunkSize, elements.count)
        let range = start..<min(start + chunkSize, elements.count)
        do {
            switch elements {
            case .parsed(let tape, let indices):
                let worker = TapeReader(bytes: bytes, tape: tape)
                for offset in range {
                    (result.baseAddress! + offset).initialize(to: try worker.decode(Element.self, at: indices[offset]))
                    decodedCounts[chunk] += 1
                }
            case .deferred(let array):
                let worker = TapeReader(bytes: bytes, tape: JSONTape())
                var read = ReadBehind(readBehind, from: range.isEmpty ? 0 : Int(array.starts[range.lowerBound]))
                for offset in range {
                    try worker.parseElement(offset, of: array)
                    (result.baseAddress! + offset).initialize(to: try worker.decode(Element.self, at: 0))
                    decodedCounts[chunk] += 1
                    if offset + 1 < array.starts.count { read.passed(Int(array.starts[offset + 1])) }
                }
            }
        } catch {
            failures[chunk] = error
        }
    }
}
