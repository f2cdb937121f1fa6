import ArgumentParser

/// Where `serve` listens: `ADDR:PORT`, an IPv6 address in brackets (`[::1]:8080`).
struct ListenAddress: ExpressibleByArgument, Equatable {
    let host: String
    let port: Int

    init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    init?(argument: String) {
        guard let colon = argument.lastIndex(of: ":"), let port = Int(argument[argument.index(after: colon)...]),
              (1...65_535).contains(port) else { return nil }
        var host = String(argument[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, !host.contains("[") && !host.contains("]") else { return nil }
        self.init(host: host, port: port)
    }

    var defaultValueDescription: String { "\(host):\(port)" }
}
