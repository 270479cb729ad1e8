import GRDB

/// `users.id, first_name, last_name`: a staff member where a row or a detail names one
/// (assignee, engineer, author).
package struct StaffName: Sendable, Equatable, ColumnProjection {
    package var id: String
    package var firstName: String
    package var lastName: String

    static let table = "users"
    static let columnNames = ["id", "first_name", "last_name"]

    init(_ columns: inout StatementCursor) throws {
        id = try columns.next("id")
        firstName = try columns.next("first_name")
        lastName = try columns.next("last_name")
    }
}

extension Store {
    /// The staff `ids` name (duplicates and all), by id; ids that are no user are left out.
    func staffNames(_ db: Database, ids: [String]) throws -> [String: StaffName] {
        guard !ids.isEmpty else { return [:] }
        return try db.rows(Self.staffNamesSQL, [SQLConditions.jsonArray(ids)]) { try StaffName(&$0) }.keyed { $0.id }
    }

    static let staffNamesSQL = "SELECT \(StaffName.selection) FROM users WHERE id IN \(SQLConditions.jsonArrayValues)"
}
