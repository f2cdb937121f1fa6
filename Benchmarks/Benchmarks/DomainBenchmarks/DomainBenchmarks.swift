import Benchmark
import BlueprintDomain
import Foundation

let benchmarks: @Sendable () -> Void = {
    Benchmark("Timestamp parse") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Timestamp(iso: "2026-11-21T05:12:39.123Z"))
        }
    }
}
