import ArgumentParser
import BlueprintWeb
import Foundation
import Logging

/// `blueprint serve`: the guests' RSVP pages, meant to sit behind a TLS proxy. Stops cleanly on
/// SIGTERM or SIGINT (requests in flight finish first).
///
/// Not registered in `Blueprint`'s subcommands yet: the directory over the repositories is not
/// wired (see `makeRSVPDirectory`).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the guests' RSVP pages (one personal link per household).",
        discussion: "Meant to sit behind a TLS proxy: set --base-url to the address guests open, and --trusted-proxy "
            + "to the proxy's address so its X-Forwarded-For and X-Forwarded-Proto headers count (from anyone else "
            + "they are ignored). GET /healthz answers \"ok\" for the proxy. Stops on SIGTERM or SIGINT after the "
            + "requests in flight."
    )

    @OptionGroup var data: DataDirectoryOptions

    @Option(help: ArgumentHelp("The address and port to listen on.", valueName: "addr:port"))
    var listen = ListenAddress(host: "127.0.0.1", port: 8080)

    @Option(help: ArgumentHelp("The public address guests open, such as https://rsvp.example.com.", valueName: "url"))
    var baseURL: String?

    @Option(help: ArgumentHelp("The proxy whose X-Forwarded-For and X-Forwarded-Proto headers are trusted.", valueName: "addr"))
    var trustedProxy: String?

    func validate() throws {
        if let baseURL, URLComponents(string: baseURL)?.host == nil || !(baseURL.hasPrefix("https://") || baseURL.hasPrefix("http://")) {
            throw ValidationError("--base-url must be an http:// or https:// address, such as https://rsvp.example.com")
        }
    }

    func run() async throws {
        let directory = try await makeRSVPDirectory(data: data)
        let logger = Logger(label: "blueprint.serve")
        let server = try RSVPServer(directory: directory,
                                    configuration: RSVPServerConfiguration(baseURL: baseURL, trustedProxy: trustedProxy),
                                    logger: logger)
        // Runs until SIGTERM or SIGINT, then lets the requests in flight finish.
        try await server.application(host: listen.host, port: listen.port).runService()
    }
}
