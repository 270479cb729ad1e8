import Foundation

/// Why a control call failed. `call` names it as `METHOD target` (`POST /ns/t1/__mock/faults`).
public enum MockControlError: Error, Sendable, CustomStringConvertible {
    /// The mock answered with its error envelope `{"success": false, "error": message, "code"?: code}`
    /// (a 400 for a bad fault, 401 without the control token, 404 for an unknown id…).
    case refused(call: String, status: Int, message: String, code: String?)
    /// No answer: the transport threw (connection refused or dropped, a timeout).
    case transport(call: String, underlying: any Error)
    /// An answer that is not what the endpoint answers: not JSON, no `data`, a missing or mistyped
    /// key, or an error status without the mock's error envelope.
    case undecodable(call: String, status: Int, reason: String, body: String)
    /// A waiting helper gave up: what it waited for, for how long, and what it saw last.
    case timedOut(waitingFor: String, after: Duration, lastSeen: String)
    /// An argument the library refuses before sending anything (a namespace prefix with other
    /// characters than `A-Z a-z 0-9 _ -`).
    case invalidArgument(String)

    /// The HTTP status, for ``refused(call:status:message:code:)`` and ``undecodable(call:status:reason:body:)``.
    public var status: Int? {
        switch self {
        case .refused(_, let status, _, _), .undecodable(_, let status, _, _): status
        default: nil
        }
    }

    /// The mock's `error` text, for ``refused(call:status:message:code:)``.
    public var message: String? {
        if case .refused(_, _, let message, _) = self { return message }
        return nil
    }

    /// The mock's `code` (`CONTROL_TOKEN_REQUIRED`…), for ``refused(call:status:message:code:)`` when it sent one.
    public var code: String? {
        if case .refused(_, _, _, let code) = self { return code }
        return nil
    }

    public var description: String {
        switch self {
        case .refused(let call, let status, let message, let code):
            return "\(call) → \(status) \(message)" + (code.map { " (\($0))" } ?? "")
        case .transport(let call, let underlying):
            return "\(call): no answer: \(underlying)"
        case .undecodable(let call, let status, let reason, let body):
            return "\(call) → \(status): not the answer expected: \(reason); body: \(body)"
        case .timedOut(let what, let after, let lastSeen):
            return "timed out after \(after.secondsText) waiting for \(what); saw \(lastSeen)"
        case .invalidArgument(let text):
            return text
        }
    }
}

extension Duration {
    /// `0.25 s`, `10 s`.
    var secondsText: String {
        let (seconds, attoseconds) = components
        let value = Double(seconds) + Double(attoseconds) / 1e18
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? "\(Int(rounded)) s" : "\(rounded) s"
    }
}
