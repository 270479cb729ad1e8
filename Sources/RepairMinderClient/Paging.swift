import Foundation

/// One page of a list answer: its items and the server's `pagination`.
public struct Page<Item: Decodable & Sendable>: Sendable {
    public var items: [Item]
    public var pagination: Pagination

    /// Whether a later page exists.
    public var hasMore: Bool { pagination.page < pagination.totalPages }

    public init(items: [Item], pagination: Pagination) {
        self.items = items
        self.pagination = pagination
    }
}

extension Endpoint {
    /// The same request for another page: `page` (and `limit`, if given) replace the query's.
    public func page(_ page: Int, limit: Int? = nil) -> Endpoint {
        var copy = self
        let currentLimit = query.first { $0.name == "limit" }?.value
        copy.query.removeAll { $0.name == "page" || $0.name == "limit" }
        copy.query.insert(QueryItem("page", String(page)), at: 0)
        if let limit = limit.map(String.init) ?? currentLimit {
            copy.query.insert(QueryItem("limit", limit), at: 1)
        }
        return copy
    }

    /// The `page` of the query (1 when absent).
    var pageNumber: Int { query.first { $0.name == "page" }.flatMap { Int($0.value) } ?? 1 }
}

extension APIClient {
    /// Sends a list endpoint and returns the page. An answer without `pagination` (a plain
    /// array, such as the client search) counts as the only page.
    public func page<Item>(_ endpoint: Endpoint<[Item]>) async throws -> Page<Item> {
        let answer = try await response(endpoint)
        let pagination = answer.pagination ?? Pagination(page: endpoint.pageNumber, limit: answer.data.count,
                                                         total: answer.data.count, totalPages: endpoint.pageNumber)
        return Page(items: answer.data, pagination: pagination)
    }

    /// Walks a list from the endpoint's page to the last one and returns every item, in order.
    /// Each page is its own request (so a 401 half-way refreshes and the walk resumes); the walk
    /// stops at `total_pages`, at an empty page, or after `maxPages` requests.
    /// - Parameter limit: the page size to ask for (the server allows 1…100); the endpoint's own if nil.
    public func allPages<Item>(_ endpoint: Endpoint<[Item]>, limit: Int? = 100,
                               maxPages: Int = 1000) async throws -> [Item] {
        var items: [Item] = []
        var number = endpoint.pageNumber
        for _ in 0..<max(1, maxPages) {
            let page = try await page(endpoint.page(number, limit: limit))
            items += page.items
            guard page.hasMore, !page.items.isEmpty else { break }
            number = page.pagination.page + 1
        }
        return items
    }

    /// The pages of a list, one request each, as they arrive. Cancelling the consuming task
    /// stops the walk. Errors are ``RepairMinderError``.
    public func pages<Item>(_ endpoint: Endpoint<[Item]>, limit: Int? = nil) -> AsyncThrowingStream<Page<Item>, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    var number = endpoint.pageNumber
                    while true {
                        try Task.checkCancellation()
                        let page = try await self.page(endpoint.page(number, limit: limit))
                        continuation.yield(page)
                        guard page.hasMore, !page.items.isEmpty else { break }
                        number = page.pagination.page + 1
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: RepairMinderError.wrap(error))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
