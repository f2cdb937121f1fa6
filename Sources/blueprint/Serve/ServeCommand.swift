import ArgumentParser
import BlueprintCache
import BlueprintConfiguration
import BlueprintWeb
import Foundation
import Logging

/// `blueprint serve`: the guests' RSVP pages, meant to sit behind a TLS proxy. Stops cleanly on
/// SIGTERM or SIGINT (requests in flight finish first), then lets go of the weddings.
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

    @Option(help: ArgumentHelp("The address and port to listen on (default: the configuration's [serve] listen, else 127.0.0.1:8080).",
                               valueName: "addr:port"))
    var listen: ListenAddress?

    @Option(help: ArgumentHelp("The public address guests open, such as https://rsvp.example.com (default: [serve] base-url).",
                               valueName: "url"))
    var baseURL: String?

    @Option(help: ArgumentHelp("The proxy whose X-Forwarded-For and X-Forwarded-Proto headers are trusted (default: [serve] trusted-proxy).",
                               valueName: "addr"))
    var trustedProxy: String?

    @Option(help: ArgumentHelp("How many requests a minute one client address may make to the pages.", valueName: "n"))
    var requestsPerMinute = RateLimitRule.defaultAddressRequestsPerMinute

    @Option(help: ArgumentHelp("How many requests a minute one household's link may get.", valueName: "n"))
    var linkRequestsPerMinute = RateLimitRule.defaultLinkRequestsPerMinute

    func validate() throws {
        for (name, value) in [("--requests-per-minute", requestsPerMinute), ("--link-requests-per-minute", linkRequestsPerMinute)]
        where value < 1 {
            throw ValidationError("\(name) must be at least 1")
        }
        if let baseURL, !ServeSettingsCheck.isWebAddress(baseURL) {
            throw ValidationError("--base-url must be an http:// or https:// address, such as https://rsvp.example.com")
        }
    }

    func run() async throws {
        let file = ConfigurationFile.load(path: nil, environment: ProcessInfo.processInfo.environment).configuration
        let settings = file.serve
        let listen: ListenAddress
        if let chosen = self.listen {
            listen = chosen
        } else if let written = settings.listen {
            guard let parsed = ListenAddress(argument: written) else {
                throw CommandFailure("the configuration file's [serve] listen \"\(written)\" is not ADDR:PORT, such as 127.0.0.1:8080")
            }
            listen = parsed
        } else {
            listen = ListenAddress(host: "127.0.0.1", port: 8080)
        }
        let baseURL = self.baseURL ?? settings.baseURL
        if let baseURL, !ServeSettingsCheck.isWebAddress(baseURL) {
            throw CommandFailure("the configuration file's [serve] base-url \"\(baseURL)\" is not an http:// or https:// address")
        }
        let configuration = RSVPServerConfiguration(baseURL: baseURL, trustedProxy: trustedProxy ?? settings.trustedProxy,
                                                    addressLimit: .perMinute(requestsPerMinute),
                                                    linkLimit: .perMinute(linkRequestsPerMinute))
        let weddings = try await data.open(configuration: file, cache: RepositoryCache())
        do {
            let server = try RSVPServer(directory: makeRSVPDirectory(data: weddings), configuration: configuration,
                                        logger: Logger(label: "blueprint.serve"))
            // Runs until SIGTERM or SIGINT, then lets the requests in flight finish.
            try await server.application(host: listen.host, port: listen.port).runService()
        } catch {
            await weddings.close()
            throw error
        }
        await weddings.close()
    }
}
