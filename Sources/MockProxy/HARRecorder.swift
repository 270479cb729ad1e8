import Foundation
import MockHTTP
import MockRouting
import MockBasics
import MockConcurrency

/// `--record DIR`: each exchange as an HTTP Archive (HAR 1.2) file, `NNNNNN-METHOD-operation.har`,
/// with credentials replaced by `[redacted]` (`Redaction`), so that a drift can be attached to a bug
/// report and replayed in a browser's network panel or any HAR tool.
struct HARRecorder: Sendable {
    let directory: URL
    let upstream: UpstreamClient
    private let sequence = Locked(0)

    init(directory: URL, upstream: UpstreamClient) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.directory = directory
        self.upstream = upstream
    }

    /// Writes one exchange; answers the file's URL. `answer` is nil when the upstream failed (the
    /// app's 502 is recorded instead).
    @discardableResult
    func record(request: HTTPRequest, response: HTTPResponse, operationID: String?, started: Date,
                milliseconds: Double) throws -> URL {
        let number = sequence.withLock { value -> Int in value += 1; return value }
        let name = String(format: "%06d", number) + "-" + request.method + "-" + (operationID ?? "undocumented") + ".har"
        let file = directory.appendingPathComponent(name)
        let archive = HARFile(log: HARLog(entries: [entry(request, response, started: started, milliseconds: milliseconds)]))
        try Data(JSONWriter.bytes(archive)).write(to: file, options: .atomic)
        return file
    }

    func entry(_ request: HTTPRequest, _ response: HTTPResponse, started: Date, milliseconds: Double) -> HAREntry {
        let query = Redaction.redactedQuery(request.query)
        var url = upstream.url(for: request.path)?.absoluteString ?? request.path
        if !query.isEmpty {
            url += "?" + query.map { Self.percentEncoded($0.name) + "=" + Self.percentEncoded($0.value) }.joined(separator: "&")
        }
        let requestType = request.headers["content-type"] ?? "application/octet-stream"
        let responseType = response.headers["content-type"] ?? "application/octet-stream"
        let responseText = Self.text(of: response.body)
        return HAREntry(
            startedDateTime: DriftLedger.timestamp(started), time: milliseconds,
            request: HARRequest(method: request.method, url: url, httpVersion: request.version,
                                headers: Self.headers(request.headers),
                                queryString: query.map { HARPair(name: $0.name, value: $0.value) },
                                postData: request.body.isEmpty ? nil : HARPostData(mimeType: requestType, text: Self.text(of: request.body)),
                                bodySize: request.body.count),
            response: HARResponse(status: response.status, statusText: reasonPhrase(response.status), httpVersion: "HTTP/1.1",
                                  headers: Self.headers(response.headers),
                                  content: HARContent(size: response.body.count, mimeType: responseType, text: responseText),
                                  bodySize: response.body.count),
            timings: HARTimings(wait: milliseconds))
    }

    private static func headers(_ headers: HTTPHeaders) -> [HARPair] {
        headers.map { HARPair(name: $0.name, value: Redaction.isSecretHeader($0.name) ? Redaction.marker : $0.value) }
    }

    /// JSON with its secrets redacted; anything else only by its size.
    private static func text(of body: Data) -> String {
        if body.isEmpty { return "" }
        return Redaction.redactedJSONText(body) ?? "\(Redaction.marker): \(body.count) bytes that are not JSON"
    }

    private static func percentEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

}

// HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), the fields its readers require.

/*@JSONObject*/
struct HARFile {
    let log: HARLog
}

/*@JSONObject*/
struct HARLog {
    let version: String = "1.2"
    let creator: HARCreator = HARCreator()
    let entries: [HAREntry]
}

/*@JSONObject*/
struct HARCreator {
    let name = "repairminder-mock proxy"
    let version: String = ControlAPI.version
}

/*@JSONObject*/
struct HAREntry {
    let startedDateTime: String
    let time: Double
    let request: HARRequest
    let response: HARResponse
    let cache: HAREmpty = HAREmpty()
    let timings: HARTimings
}

/*@JSONObject*/
struct HARRequest {
    let method: String
    let url: String
    let httpVersion: String
    let cookies: [HARPair] = []
    let headers: [HARPair]
    let queryString: [HARPair]
    let postData: HARPostData?
    let headersSize: Int = -1
    let bodySize: Int
}

/*@JSONObject*/
struct HARResponse {
    let status: Int
    let statusText: String
    let httpVersion: String
    let cookies: [HARPair] = []
    let headers: [HARPair]
    let content: HARContent
    let redirectURL: String = ""
    let headersSize: Int = -1
    let bodySize: Int
}

/*@JSONObject*/
struct HARPair {
    let name: String
    let value: String
}

/*@JSONObject*/
struct HARPostData {
    let mimeType: String
    let text: String
}

/*@JSONObject*/
struct HARContent {
    let size: Int
    let mimeType: String
    let text: String
}

/*@JSONObject*/
struct HARTimings {
    let send: Int = 0
    let wait: Double
    let receive: Int = 0
}

/*@JSONObject*/
struct HAREmpty {}
