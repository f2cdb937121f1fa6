import BlueprintTestProcesses
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `blueprint serve` running in the background for a test.
final class ServeProcess {
    private let process: Process
    private let errors: FileHandle

    private let logFile: URL

    /// Starts `blueprint serve` on 127.0.0.1:`port`, with `arguments` after its own.
    init(_ blueprint: BlueprintProcess, port: Int, arguments: [String] = []) throws {
        logFile = blueprint.stateHome.appendingPathComponent("blueprint/blueprint.log")
        (process, errors) = try blueprint.launch(["serve", "--listen", "127.0.0.1:\(port)", "--base-url", "http://127.0.0.1:\(port)"]
                                                 + arguments)
    }

    /// A port nothing listens on now.
    static func freePort() throws -> Int {
        let (descriptor, port) = try LoopbackSocket.bind(listening: false)
        close(descriptor)
        return port
    }

    /// Whether this serve's log has a health check answered.
    private func servedHealthCheck() -> Bool {
        (try? String(contentsOf: logFile, encoding: .utf8))?.contains("GET /healthz 200") == true
    }

    /// Polls `/healthz` until it answers "ok", looking 600 times, 100 ms apart. (Looks, not
    /// wall-clock time: while the whole run's other end-to-end tests hold the concurrency pool's
    /// threads, no look happens and none is counted.)
    func waitUntilHealthy(baseURL: String) async throws {
        let url = try #require(URL(string: baseURL + "/healthz"))
        var healthy = false
        for _ in 0..<600 where !healthy {
            try #require(process.isRunning, "serve ended before answering /healthz: \(stop().errors)")
            if let (body, _) = try? await URLSession.shared.data(from: url) {
                // Answered by this serve (it logs the request), not another test's on the same port.
                healthy = String(decoding: body, as: UTF8.self) == "ok" && servedHealthCheck()
            }
            if !healthy { try await Task.sleep(for: .milliseconds(100)) }
        }
        try #require(healthy, "serve did not answer /healthz in 600 looks")
    }

    /// Sends SIGTERM (unless it has ended) and waits: the exit status and what it wrote to
    /// standard error.
    @discardableResult
    func stop() -> (status: Int32, errors: String) {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: errors.readDataToEndOfFile(), as: UTF8.self))
    }
}
