import BlueprintConfiguration
import Foundation
import Logging
import PostgresNIO

/// How blueprint connects to a database URL, as libpq would, built here and nowhere else: the
/// endpoint and credentials, and TLS as the URL's `sslmode` says (see `DatabaseURL.SSLMode`).
///
/// `prefer` and `require` encrypt without checking the server's certificate (`require` checks
/// it as `verify-ca` does when the root certificate file exists); `verify-ca` checks that a CA
/// in the root certificate file signed it; `verify-full` also that it names the host. `allow`
/// connects without TLS, and with it only if the server refuses that.
struct ConnectionConfiguration {
    /// How a server's certificate is checked.
    enum Verification {
        /// Not at all: the connection is encrypted, but to whoever answers.
        case none
        /// Signed by a CA in `rootCertificates`, for any host name.
        case chain(rootCertificates: String)
        /// Signed by a CA in `rootCertificates`, and naming the host connected to.
        case chainAndHostName(rootCertificates: String)
    }

    /// One way of connecting.
    enum Attempt {
        case withoutTLS
        /// With TLS if the server has it, else without.
        case tlsIfOffered(Verification)
        case tlsOnly(Verification)

        /// The file of CA certificates the server's certificate is checked against, if it is.
        var rootCertificates: String? {
            switch self {
            case .tlsIfOffered(.chain(let roots)), .tlsIfOffered(.chainAndHostName(let roots)),
                 .tlsOnly(.chain(let roots)), .tlsOnly(.chainAndHostName(let roots)): roots
            default: nil
            }
        }
    }

    let url: DatabaseURL
    /// The ways to connect, in order: the next is tried only when the server refuses the one
    /// before (`allow`'s second try, with TLS).
    let attempts: [Attempt]

    /// How to connect to `url`. Throws a `DatabaseRefusal` when `verify-ca` or
    /// `verify-full` has no root certificate file to check against.
    init(_ url: DatabaseURL) throws(DatabaseRefusal) {
        self.url = url
        guard case .tcp = url.endpoint else {
            attempts = [.withoutTLS]
            return
        }
        let roots = url.rootCertificateFile.flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
        switch url.sslMode {
        case .disable: attempts = [.withoutTLS]
        case .allow: attempts = [.withoutTLS, .tlsIfOffered(.none)]
        case .prefer: attempts = [.tlsIfOffered(.none)]
        case .require: attempts = [.tlsOnly(roots.map { .chain(rootCertificates: $0) } ?? .none)]
        case .verifyCA, .verifyFull:
            guard let roots else {
                let file = url.rootCertificateFile.map { "the root certificate file \($0) does not exist" }
                    ?? "no root certificate file is given"
                throw DatabaseRefusal(description: "TLS: \(file), and sslmode=\(url.sslMode.rawValue) checks the certificate of "
                                                + "\(Self.server(of: url)) against it: give the CA's certificate with "
                                                + "sslrootcert=/path/ca.crt")
            }
            attempts = [.tlsOnly(url.sslMode == .verifyCA ? .chain(rootCertificates: roots)
                                                          : .chainAndHostName(rootCertificates: roots))]
        }
    }

    /// PostgresNIO's configuration for `attempt`.
    func configuration(_ attempt: Attempt) throws(DatabaseRefusal) -> PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        switch url.endpoint {
        case .socket:
            configuration = .init(unixSocketPath: url.socketPath!, username: url.user, password: url.password,
                                  database: url.database)
        case let .tcp(host, port):
            let tls: PostgresConnection.Configuration.TLS
            switch attempt {
            case .withoutTLS: tls = .disable
            case let .tlsIfOffered(verification): tls = .prefer(try context(verification))
            case let .tlsOnly(verification): tls = .require(try context(verification))
            }
            configuration = .init(host: host, port: port, username: url.user, password: url.password, database: url.database,
                                  tls: tls)
        }
        configuration.options.connectTimeout = .seconds(5)
        return configuration
    }

    private func context(_ verification: Verification) throws(DatabaseRefusal) -> NIOSSLContext {
        var tls = TLSConfiguration.makeClientConfiguration()
        switch verification {
        case .none:
            tls.certificateVerification = .none
        case let .chain(roots):
            tls.certificateVerification = .noHostnameVerification
            tls.trustRoots = .file(roots)
        case let .chainAndHostName(roots):
            tls.certificateVerification = .fullVerification
            tls.trustRoots = .file(roots)
        }
        do {
            return try NIOSSLContext(configuration: tls)
        } catch {
            throw DatabaseRefusal(description: "TLS: the root certificate file \(url.rootCertificateFile ?? "") cannot be used "
                                            + "(\(error)): it must hold the CA's certificates in PEM")
        }
    }

    /// The server of `url`, as the messages name it.
    private static func server(of url: DatabaseURL) -> String {
        switch url.endpoint {
        case let .socket(directory, port): "the server on the socket in \(directory) (port \(port))"
        case let .tcp(host, port): "the server at \(host):\(port)"
        }
    }

    /// What `error`, from connecting by `attempt`, means when it is a refusal that trying again
    /// will not change (TLS as the sslmode asks cannot be had, no password to give); nil for
    /// any other error.
    func refusal(_ error: PSQLError, connecting attempt: Attempt) -> DatabaseRefusal? {
        switch error.code {
        case .sslUnsupported:
            return DatabaseRefusal(description: "TLS: \(Self.server(of: url)) does not offer TLS, and sslmode=\(url.sslMode.rawValue) "
                                             + "asks for it")
        case .authMechanismRequiresPassword:
            let asked = "authentication: \(Self.server(of: url)) asks \(url.user) for a password, and none was given "
                + "(in the URL, PGPASSWORD or a password file such as ~/.pgpass)"
            return DatabaseRefusal(description: ([asked] + url.warnings).joined(separator: "; "))
        case .connectionError, .failedToAddSSLHandler:
            guard let underlying = error.underlying, underlying is NIOSSLError || underlying is NIOSSLExtraError else {
                return nil
            }
            return DatabaseRefusal(description: "TLS with \(Self.server(of: url)) failed: " + tlsProblem(underlying, attempt: attempt))
        default:
            return nil
        }
    }

    /// A TLS failure in words: the certificate's fault when it was checked, else NIOSSL's.
    private func tlsProblem(_ error: any Error, attempt: Attempt) -> String {
        if error as? NIOSSLExtraError == .failedToValidateHostname, case let .tcp(host, _) = url.endpoint {
            return "its certificate does not name \(host) (sslmode=verify-full checks the host name)"
        }
        if case .handshakeFailed = error as? NIOSSLError, "\(error)".contains("CERTIFICATE_VERIFY_FAILED"),
           let roots = attempt.rootCertificates {
            return "its certificate is not signed by a CA in \(roots) (sslmode=\(url.sslMode.rawValue))"
        }
        return "\(error)"
    }
}

extension PostgresConnection {
    /// A new connection to `url`, made as `ConnectionConfiguration` says. Throws a
    /// `DatabaseRefusal` for a refusal that trying again will not change (TLS, no
    /// password), else what PostgresNIO threw.
    static func connect(to url: DatabaseURL, logger: Logger) async throws -> PostgresConnection {
        let plan = try ConnectionConfiguration(url)
        func connecting(_ attempt: ConnectionConfiguration.Attempt) async throws -> PostgresConnection {
            do {
                return try await connect(configuration: try plan.configuration(attempt), id: 1, logger: logger)
            } catch let error as PSQLError {
                if let refusal = plan.refusal(error, connecting: attempt) { throw refusal }
                throw error
            }
        }
        // `allow`: a server that refused a connection without TLS is asked again with it.
        for attempt in plan.attempts.dropLast() {
            do {
                return try await connecting(attempt)
            } catch let error as PSQLError where error.code == .server {
                continue
            }
        }
        return try await connecting(plan.attempts[plan.attempts.count - 1])
    }
}
