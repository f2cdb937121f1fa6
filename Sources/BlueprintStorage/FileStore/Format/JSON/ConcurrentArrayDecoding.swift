import Dispatch
import Foundation

/// Arrays whose elements can be decoded on several threads at once.
///
/// Decoding a guest list is most of opening a wedding, and its elements are independent, so a
/// large array is split into one chunk per processor; each chunk gets its own `TapeReader`
/// (they share the read-only tape).
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
        var chunks = [Result<[Element], any Error>?](repeating: nil, count: chunkCount)
        chunks.withUnsafeMutableBufferPointer { output in
            // An existential, so the workers' closure captures a value rather than `Element`'s
            // metatype.
            let shared: any ChunkDecoding = ChunkWork(bytes: reader.bytes, tape: reader.tape, elements: elements,
                                                      output: output)
            DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
                shared.decode(chunk: chunk, size: chunkSize)
            }
        }
        var decoded: [Element] = []
        decoded.reserveCapacity(count)
        for chunk in chunks { decoded.append(contentsOf: try chunk!.get()) }
        return decoded
    }
}

private protocol ChunkDecoding: Sendable {
    func decode(chunk: Int, size: Int)
}

/// What the workers of one `concurrentPerform` share: the read-only text and tape, and the
/// results buffer, in which each worker writes only its own slot. `concurrentPerform` returns
/// only after every worker has finished, so nothing outlives the buffer or races on it.
private struct ChunkWork<Element: Decodable>: ChunkDecoding, @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    let tape: JSONTape
    let elements: [Int32]
    let output: UnsafeMutableBufferPointer<Result<[Element], any Error>?>

    /// Decodes elements `chunk * size ..< (chunk + 1) * size` into `output[chunk]`.
    func decode(chunk: Int, size: Int) {
        let worker = TapeReader(bytes: bytes, tape: tape)
        let range = min(chunk * size, elements.count)..<min((chunk + 1) * size, elements.count)
        output[chunk] = Result { try elements[range].map { try worker.decode(Element.self, at: $0) } }
    }
}
