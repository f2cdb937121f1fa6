import BlueprintDomain
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

/// A parsed array shorter than this decodes on the calling thread (a deferred one of any length
/// is shared out as `decodeConcurrently` says).
let concurrentDecodingThreshold: Int32 = 1024

/// How many shares to split decoding into, given at most `parts` to share: several a processor,
/// taken as threads come free (on a busy machine a thread that loses its processor for a while
/// no longer leaves the others waiting at the end), at most 32.
func concurrentShareCount(of parts: Int) -> Int {
    max(1, min(ProcessInfo.processInfo.activeProcessorCount * 4, 32, parts))
}

/// Where a chunk's worker finds the elements.
enum ArrayElements: @unchecked Sendable {
    /// On the tape (shared, read-only), at these indices.
    case parsed(JSONTape, indices: [Int32])
    /// In the text, not parsed yet.
    case deferred(JSONTape.DeferredArray)

    /// The elements of the array at `index` of `reader`'s tape.
    init(of reader: TapeReader, at index: Int32) {
        if let deferred = reader.tape.deferredArrays[index] {
            self = .deferred(deferred)
            return
        }
        var indices: [Int32] = []
        let count = Int(reader.entry(index).length)
        indices.reserveCapacity(count)
        var position = index + 1
        while indices.count < count {
            indices.append(position)
            position = reader.entry(position).next
        }
        self = .parsed(reader.tape, indices: indices)
    }

    var count: Int {
        switch self {
        case .parsed(_, let indices): return indices.count
        case .deferred(let array): return array.starts.count
        }
    }
}

/// One worker's reader of an array's elements, for elements taken in order from `first` on;
/// tells `readBehind` the text it has decoded.
struct ElementReader {
    private let worker: TapeReader
    private let elements: ArrayElements
    private var read: ReadBehind

    init(bytes: UnsafeRawBufferPointer, readBehind: ReadBehind.Release?, elements: ArrayElements, first: Int) {
        self.elements = elements
        switch elements {
        case .parsed(let tape, _):
            worker = TapeReader(bytes: bytes, tape: tape)
            read = ReadBehind(nil, from: 0)
        case .deferred(let array):
            worker = TapeReader(bytes: bytes, tape: JSONTape())
            read = ReadBehind(readBehind, from: first < array.starts.count ? Int(array.starts[first]) : 0)
        }
    }

    /// Element `offset` of the array.
    mutating func decode<Element: Decodable>(_ offset: Int, as type: Element.Type) throws -> Element {
        switch elements {
        case .parsed(_, let indices):
            return try worker.decode(Element.self, at: indices[offset])
        case .deferred(let array):
            try worker.parseElement(offset, of: array)
            let element = try worker.decode(Element.self, at: 0)
            if offset + 1 < array.starts.count { read.passed(Int(array.starts[offset + 1])) }
            return element
        }
    }
}

extension Array: ConcurrentlyDecodableArray where Element: Decodable {
    static func decodeConcurrently(from reader: TapeReader, at index: Int32) throws -> [Element] {
        let elements = ArrayElements(of: reader, at: index)
        let count = elements.count
        let chunkCount = concurrentShareCount(of: count / 256)
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
            var reader = ElementReader(bytes: bytes, readBehind: readBehind, elements: elements, first: range.lowerBound)
            for offset in range {
                (result.baseAddress! + offset).initialize(to: try reader.decode(offset, as: Element.self))
                decodedCounts[chunk] += 1
            }
        } catch {
            failures[chunk] = error
        }
    }
}

extension RecordTable: ConcurrentlyDecodableArray {
    /// Decodes the records straight into the table's chunks, each worker its own run of chunks:
    /// decoded into one array first, a large table was held twice while it was built (42 MB
    /// more at 100,000 guests).
    static func decodeConcurrently(from reader: TapeReader, at index: Int32) throws -> RecordTable<R> {
        let elements = ArrayElements(of: reader, at: index)
        let chunkCount = (elements.count + Self.chunkCapacity - 1) / Self.chunkCapacity
        let runCount = concurrentShareCount(of: chunkCount)
        let chunksPerRun = (chunkCount + runCount - 1) / runCount
        var runs = [Result<TableRun<R>, any Error>](repeating: .success(TableRun()), count: runCount)
        runs.withUnsafeMutableBufferPointer { runs in
            let work = TableRunWork<R>(bytes: reader.bytes, readBehind: reader.readBehind, elements: elements,
                                       chunkCount: chunkCount, chunksPerRun: chunksPerRun, runs: runs)
            DispatchQueue.concurrentPerform(iterations: runCount) { work.decode(run: $0) }
        }
        let decoded = try runs.map { try $0.get() }
        return RecordTable(chunks: decoded.flatMap(\.chunks), ids: decoded.flatMap(\.ids))
    }
}

/// The chunks of records one run decoded, and each record's id in the same places (taken as
/// each record is decoded, in parallel, so building the table's index reads no record).
private struct TableRun<R: Record> {
    var chunks: [[R]] = []
    var ids: [[UUID]] = []
}

/// What the runs of `RecordTable.decodeConcurrently` share: the read-only text and elements, and
/// the results, of which each run writes only its own (`concurrentPerform` returns only after
/// every run has finished, so nothing outlives the buffer or races on it).
private struct TableRunWork<R: Record>: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    let readBehind: ReadBehind.Release?
    let elements: ArrayElements
    let chunkCount: Int
    let chunksPerRun: Int
    let runs: UnsafeMutableBufferPointer<Result<TableRun<R>, any Error>>

    /// Decodes the chunks of run `run` in order, each into an array of its own.
    func decode(run: Int) {
        let count = elements.count, chunkCapacity = RecordTable<R>.chunkCapacity
        let first = min(run * chunksPerRun, chunkCount), end = min(first + chunksPerRun, chunkCount)
        runs[run] = Result {
            var reader = ElementReader(bytes: bytes, readBehind: readBehind, elements: elements, first: first * chunkCapacity)
            var decoded = TableRun<R>()
            for chunk in first..<end {
                let offsets = chunk * chunkCapacity..<min((chunk + 1) * chunkCapacity, count)
                var records: [R] = [], ids: [UUID] = []
                records.reserveCapacity(offsets.count)
                ids.reserveCapacity(offsets.count)
                for offset in offsets {
                    let record = try reader.decode(offset, as: R.self)
                    ids.append(record.id)
                    records.append(record)
                }
                decoded.chunks.append(records)
                decoded.ids.append(ids)
            }
            return decoded
        }
    }
}
