// The client apple/swift-openapi-generator makes from docs/openapi.yaml, driven one call at a time by
// scripts/check-openapi (--typed-client): each line on standard input names an operation and its
// inputs; the call is made with the generated `Client` over URLSessionTransport against the live mock,
// and one line on standard output says what the client made of the answer (the case it decoded, or
// the error it threw) and what went over the wire both ways, for the checker to judge as it judges its
// own requests. A call with a `replay` is answered with the answer the server gave a request these
// types cannot make, so that answer is decoded too. `Operations.generated.swift` (written by
// scripts/openapi-client/generate-calls.py from the same document) builds each operation's typed
// input: what a team's code would write.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import OpenAPIRuntime
import OpenAPIURLSession

/// One line of standard input.
struct Call: Decodable {
    var op: String
    var server: String
    var token: String?
    var path: [String: String] = [:]
    var query: [String: String] = [:]
    var headers: [String: String] = [:]
    /// The JSON body, as text (decoded into the operation's generated body type).
    var bodyJSON: String?
    /// A body of another media type (the state file's SQLite bytes), base64.
    var bodyBase64: String?
    /// An answer the server gave a request these types cannot make (a malformed body, a foreign
    /// `Origin`): the call is made with these inputs and answered with it, to be decoded as any other.
    var replay: Recorded?
}

/// An HTTP answer as the checker received it.
struct Recorded: Decodable {
    var status: Int
    var headers: [String: String]
    var body: String
}

/// A request the generated types cannot say (a body that does not decode into the operation's body type).
struct Inexpressible: Error, CustomStringConvertible {
    var description: String
}

enum Part: String { case path, query, header }

/// An operation's inputs, read the way the generated initialisers take them.
struct Inputs {
    let call: Call

    private func value(_ part: Part, _ name: String) -> String? {
        switch part {
        case .path: call.path[name]
        case .query: call.query[name]
        case .header: call.headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    private func missing(_ part: Part, _ name: String) -> Inexpressible {
        Inexpressible(description: "the required \(part.rawValue) parameter \(name) is not given")
    }

    func string(_ part: Part, _ name: String) -> String? { value(part, name) }

    func required(_ part: Part, _ name: String) throws -> String {
        guard let value = value(part, name) else { throw missing(part, name) }
        return value
    }

    func int<T: FixedWidthInteger>(_ part: Part, _ name: String) throws -> T? {
        guard let text = value(part, name) else { return nil }
        guard let number = T(text) else { throw Inexpressible(description: "\(name) \(text) is not a \(T.self)") }
        return number
    }

    func requiredInt<T: FixedWidthInteger>(_ part: Part, _ name: String) throws -> T {
        guard let number: T = try int(part, name) else { throw missing(part, name) }
        return number
    }

    func raw<T: RawRepresentable>(_ part: Part, _ name: String) throws -> T? where T.RawValue == String {
        guard let text = value(part, name) else { return nil }
        guard let value = T(rawValue: text) else { throw Inexpressible(description: "\(name) \(text) is none of \(T.self)") }
        return value
    }

    func requiredRaw<T: RawRepresentable>(_ part: Part, _ name: String) throws -> T where T.RawValue == String {
        guard let value: T = try raw(part, name) else { throw missing(part, name) }
        return value
    }

    /// The JSON body decoded into the payload type of `wrap`, the operation's `.json` case.
    func body<Payload: Decodable, Body>(_ wrap: (Payload) -> Body) throws -> Body {
        guard let body = try optionalBody(wrap) else { throw Inexpressible(description: "the required body is not given") }
        return body
    }

    func optionalBody<Payload: Decodable, Body>(_ wrap: (Payload) -> Body) throws -> Body? {
        guard let text = call.bodyJSON else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601   // as the runtime's default ISO8601DateTranscoder
        do {
            return wrap(try decoder.decode(Payload.self, from: Data(text.utf8)))
        } catch {
            throw Inexpressible(description: "the body does not decode into \(Payload.self): \(error)")
        }
    }

    func binary<Body>(_ wrap: (HTTPBody) -> Body) throws -> Body {
        guard let text = call.bodyBase64, let data = Data(base64Encoded: text) else {
            throw Inexpressible(description: "the required body is not given")
        }
        return wrap(HTTPBody(data))
    }
}

/// The case of the generated `Output` the client chose (`ok`, `unauthorized`, `undocumented`…).
func caseName(_ output: Any) -> String {
    Mirror(reflecting: output).children.first?.label ?? String(describing: output)
}

/// Answers each call with the recorded answer it is given (the `replay` of a call).
final class ReplayTransport: ClientTransport, @unchecked Sendable {
    var answer: Recorded?

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let answer, let data = Data(base64Encoded: answer.body) else {
            throw Inexpressible(description: "no recorded answer to replay")
        }
        var fields = HTTPFields()
        for (name, value) in answer.headers {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        return (HTTPResponse(status: .init(code: answer.status), headerFields: fields), HTTPBody(data))
    }
}

/// Refuses redirects: no answer of the document is one, and a followed redirect would hide it.
final class NoRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

/// What went over the wire for one call: the request as the client built it, the answer as it came.
final class Wire: ClientMiddleware, @unchecked Sendable {
    var token: String?
    var sent: (method: String, path: String, headers: [String: String], body: Data?)?
    var received: (status: Int, headers: [String: String], body: Data)?

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if let token { request.headerFields[.authorization] = "Bearer \(token)" }
        var requestData: Data?
        if let body { requestData = try await Data(collecting: body, upTo: 256 << 20) }
        sent = (request.method.rawValue, request.path ?? "", Self.dictionary(request.headerFields), requestData)
        let (response, responseBody) = try await next(request, requestData.map { HTTPBody($0) }, baseURL)
        var data = Data()
        if let responseBody { data = try await Data(collecting: responseBody, upTo: 256 << 20) }
        received = (response.status.code, Self.dictionary(response.headerFields), data)
        return (response, responseBody == nil ? nil : HTTPBody(data))
    }

    /// Lower-cased names; a repeated field's values joined with ", ".
    static func dictionary(_ fields: HTTPFields) -> [String: String] {
        var headers: [String: String] = [:]
        for field in fields {
            let name = field.name.canonicalName
            headers[name] = headers[name].map { "\($0), \(field.value)" } ?? field.value
        }
        return headers
    }
}

/// One line of standard output.
struct Answer: Encodable {
    var outcome: String?
    var error: String?
    var inexpressible: String?
    var status: Int?
    var headers: [String: String]?
    var body: String?
    var sentMethod: String?
    var sentPath: String?
    var sentHeaders: [String: String]?
    var sentBody: String?
}

// No cache, no cookies: each call is the request the checker means, answered by the server.
let configuration = URLSessionConfiguration.ephemeral
configuration.urlCache = nil
configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
configuration.httpCookieStorage = nil
configuration.httpShouldSetCookies = false
let session = URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
let transport = URLSessionTransport(configuration: .init(session: session))
let replay = ReplayTransport()
let wire = Wire()
var clients: [String: Client] = [:]
var replayClients: [String: Client] = [:]
let encoder = JSONEncoder()
encoder.outputFormatting = .sortedKeys

while let line = readLine(strippingNewline: true) {
    var answer = Answer()
    do {
        let call = try JSONDecoder().decode(Call.self, from: Data(line.utf8))
        guard let url = URL(string: call.server) else { throw Inexpressible(description: "no URL \(call.server)") }
        let client: Client
        if let recorded = call.replay {
            replay.answer = recorded
            client = replayClients[call.server] ?? Client(serverURL: url, transport: replay, middlewares: [wire])
            replayClients[call.server] = client
        } else {
            client = clients[call.server] ?? Client(serverURL: url, transport: transport, middlewares: [wire])
            clients[call.server] = client
        }
        wire.token = call.token
        wire.sent = nil
        wire.received = nil
        do {
            answer.outcome = try await perform(Inputs(call: call), with: client)
        } catch let error as Inexpressible {
            answer.inexpressible = error.description
        } catch {
            answer.error = String(describing: error)
        }
    } catch {
        answer.inexpressible = "not a call: \(error)"
    }
    if let sent = wire.sent {
        answer.sentMethod = sent.method
        answer.sentPath = sent.path
        answer.sentHeaders = sent.headers
        answer.sentBody = sent.body?.base64EncodedString()
    }
    if let received = wire.received {
        answer.status = received.status
        answer.headers = received.headers
        answer.body = received.body.base64EncodedString()
    }
    let data = (try? encoder.encode(answer)) ?? Data(#"{"error":"the answer did not encode"}"#.utf8)
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}
