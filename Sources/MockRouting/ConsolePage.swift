import Crypto
import Foundation
import MockHTTP

/// The console's page (`GET /__mock/`, docs/console.md), the mock's and the proxy's:
/// `Resources/console.html`, bundled as a resource of MockRouting (Package.swift), read once.
package struct ConsolePage: Sendable {
    let html: Data
    /// `script-src` names the page's one inline script by its hash, so that markup which ever
    /// slipped into the page unescaped could still not run a script of its own.
    let contentSecurityPolicy: String

    package static let bundled: Result<ConsolePage, ConsolePageError> = {
        guard let url = MockRoutingResources.bundle?.url(forResource: "console", withExtension: "html"),
              let data = try? Data(contentsOf: url) else {
            return .failure(ConsolePageError(message: "console.html is missing from the MockRouting resources" + MockRoutingResources.whyMissing))
        }
        return Result { try ConsolePage(html: data) }.mapError { $0 as? ConsolePageError ?? ConsolePageError(message: "\($0)") }
    }()

    init(html: Data) throws {
        let text = String(decoding: html, as: UTF8.self)
        guard let open = text.range(of: "<script>"), let close = text.range(of: "</script>", range: open.upperBound..<text.endIndex),
              text.range(of: "<script", range: close.upperBound..<text.endIndex) == nil else {
            throw ConsolePageError(message: "console.html must hold exactly one inline <script>")
        }
        let script = Data(text[open.upperBound..<close.lowerBound].utf8)
        let hash = Data(SHA256.hash(data: script)).base64EncodedString()
        self.html = html
        contentSecurityPolicy = [
            "default-src 'none'", "script-src 'sha256-\(hash)'", "style-src 'unsafe-inline'", "connect-src 'self'",
            "img-src data:", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    package func response() -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add("Content-Type", "text/html; charset=utf-8")
        headers.add("Cache-Control", "no-store")
        headers.add("Content-Security-Policy", contentSecurityPolicy)
        headers.add("X-Content-Type-Options", "nosniff")
        headers.add("Referrer-Policy", "no-referrer")
        return HTTPResponse(status: 200, headers: headers, body: html)
    }
}

/// Why the console page cannot be served: missing from the bundle, or not one inline script.
package struct ConsolePageError: Error, Sendable, CustomStringConvertible {
    let message: String
    package var description: String { message }
}
