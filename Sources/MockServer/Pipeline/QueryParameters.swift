import Foundation
import MockHTTP
import MockBasics
import MockRouting
import MockStore

/// `?page=&limit=` of every list (CONTRACT §1): page ≥ 1 (default 1), limit 1…100 (default 20);
/// anything else is a 400 naming the parameter. A page past the end is an empty `data`.
struct ListQuery: Sendable, Equatable {
    static let defaultLimit = 20
    static let maxLimit = 100

    var page: Int
    var limit: Int

    /// A page so far past the end that its offset overflows is still just past the end.
    var pageRequest: PageRequest {
        let (offset, overflow) = (page - 1).multipliedReportingOverflow(by: limit)
        return PageRequest(offset: overflow ? Int.max : offset, limit: limit)
    }

    func pagination(total: Int) -> Pagination { Pagination(page: page, limit: limit, total: total) }
}

/// `?limit=` of the control API's lists (`GET /__mock/outbox`, `/requests`, `/sessions`…): 1…1000,
/// omitted = all; anything else is a 400 naming it. Which items a limit keeps is the list's: the
/// first of a list kept newest first, the newest (still oldest first) of one kept oldest first. The
/// answer says in `X-Total-Count` how many there were before the cut (`JSONBody.list`).
enum ControlListLimit {
    static let maximum = 1000
}

extension RouteContext {
    /// `?limit=` of a control-API list (`ControlListLimit`); nil when omitted.
    func controlListLimit() throws -> Int? {
        try integerQuery("limit", in: 1...ControlListLimit.maximum)
    }

    func listQuery() throws -> ListQuery {
        ListQuery(page: try integerQuery("page", in: 1...Int.max) ?? 1,
                  limit: try integerQuery("limit", in: 1...ListQuery.maxLimit) ?? ListQuery.defaultLimit)
    }

    /// A filter's text, trimmed; nil when absent or empty (an empty filter filters nothing).
    func textQuery(_ name: String) -> String? {
        guard let value = request.queryValue(name) else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// One value of a closed set; a value outside it is a 400 naming the parameter.
    func enumQuery<E: StoredEnum>(_ name: String, _ type: E.Type) throws -> E? {
        guard let text = textQuery(name) else { return nil }
        guard let value = E(rawValue: text) else { throw APIFailure.invalidQuery(name) }
        return value
    }

    /// A comma-separated list of values of a closed set (`status=repairing,repaired_qc`).
    func enumListQuery<E: StoredEnum>(_ name: String, _ type: E.Type) throws -> [E]? {
        guard let text = textQuery(name) else { return nil }
        return try text.split(separator: ",", omittingEmptySubsequences: false).map { part in
            guard let value = E(rawValue: part.trimmingCharacters(in: .whitespaces)) else {
                throw APIFailure.invalidQuery(name)
            }
            return value
        }
    }

    /// `true`/`false` (or `1`/`0`); anything else is a 400 naming the parameter.
    func boolQuery(_ name: String) throws -> Bool? {
        guard let text = textQuery(name) else { return nil }
        switch text {
        case "true", "1": return true
        case "false", "0": return false
        default: throw APIFailure.invalidQuery(name)
        }
    }

    /// `assigned_to`: a user id, or `me` for the caller.
    func userQuery(_ name: String, caller: String) -> String? {
        guard let text = textQuery(name) else { return nil }
        return text == "me" ? caller : text
    }

    private func integerQuery(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = request.queryValue(name) else { return nil }
        guard let value = Int(text), range.contains(value) else { throw APIFailure.invalidQuery(name) }
        return value
    }
}
