import GRDB

/// `users.id, first_name, last_name`: a staff member where a row or a detail names one
/// (assignee, engineer, author).
/*@Projection("users")*/
package struct StaffName: Sendable, Equatable {
    package var id: String
    package var firstName: String
    package var lastName: String
}

extension Store {
    /// The staff `ids` name (duplicates and all), by id; ids that are no user are left out.
    func staffNames(_ db: Database, ids: [String]) throws -> [String: StaffName] {
        guard !ids.isEmpty else { return [:] }
        return try db.rows(Self.staffNamesSQL, [SQLConditions.jsonArray(ids)]) { try StaffName(&$0) }.keyed { $0.id }
    }

    static let staffNamesSQL = "SELECT \(StaffName.selection) FROM users WHERE id IN \(SQLConditions.jsonArrayValues)"
}
