import Foundation
import Glibc

/// Certificates for a test server's TLS, made with `/usr/bin/openssl` when a test asks for
/// them (so no private key is ever committed, and none expires in the repository): a test CA,
/// a server certificate it signed for the name `localhost` only (not `127.0.0.1`, so that a
/// test can connect by a name the certificate lacks), and a second CA that signed nothing.
/// They are valid for two days, in PEM files.
public struct TestCertificates: Sendable {
    /// The CA that signed the server's certificate.
    public let authority: String
    /// Another CA: the server's certificate is not signed by it.
    public let otherAuthority: String
    public let serverCertificate: String
    /// The server's private key, readable by the server alone.
    public let serverKey: String

    /// Makes them in `folder` (created); `owner` (`chown`'s argument), if given, is who runs
    /// the server and must own its key.
    static func make(in folder: String, readableByServer owner: String?) throws -> TestCertificates {
        let openssl = "/usr/bin/openssl"
        guard access(openssl, X_OK) == 0 else {
            throw PostgresTestClusterError(message: "\(openssl) is missing: install it with `apt-get install -y openssl`")
        }
        guard mkdir(folder, 0o755) == 0 else {
            throw PostgresTestClusterError(message: "could not make \(folder): \(String(cString: strerror(errno)))")
        }
        let certificates = TestCertificates(authority: folder + "/ca.crt", otherAuthority: folder + "/other-ca.crt",
                                            serverCertificate: folder + "/server.crt", serverKey: folder + "/server.key")
        let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        for (certificate, name) in [(certificates.authority, "blueprint test CA"),
                                    (certificates.otherAuthority, "blueprint other test CA")] {
            try run(openssl, ["req", "-x509"] + curve + ["-keyout", certificate + ".key", "-out", certificate, "-days", "2",
                                                         "-subj", "/CN=\(name)",
                                                         "-addext", "basicConstraints=critical,CA:TRUE",
                                                         "-addext", "keyUsage=critical,keyCertSign,cRLSign"])
        }
        let request = folder + "/server.csr", extensions = folder + "/server.ext"
        try "subjectAltName=DNS:localhost\n".write(toFile: extensions, atomically: false, encoding: .utf8)
        try run(openssl, ["req"] + curve + ["-keyout", certificates.serverKey, "-out", request, "-subj", "/CN=localhost"])
        try run(openssl, ["x509", "-req", "-in", request, "-CA", certificates.authority, "-CAkey", certificates.authority + ".key",
                          "-CAcreateserial", "-out", certificates.serverCertificate, "-days", "2", "-extfile", extensions])
        // PostgreSQL refuses a key that others may read.
        chmod(certificates.serverKey, 0o600)
        if let owner { try run("/usr/bin/chown", [owner, certificates.serverKey]) }
        return certificates
    }

    private static func run(_ program: String, _ arguments: [String]) throws {
        try PostgresTestCluster.run(program, arguments, asServerAccount: false)
    }
}
