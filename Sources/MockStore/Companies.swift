import GRDB

extension Store {
    package func company(id: String) throws -> CompanyRecord? {
        try readDatabase { db in try CompanyRecord.fetchCached(db, id: id) }
    }

    /// Sets the company's status (the control API's quarantine switch) and returns the company as
    /// it now is; nil when there is no such company.
    package func setCompanyStatus(_ id: String, to status: CompanyStatus) throws -> CompanyRecord? {
        try writeDatabase { db in
            try db.cachedStatement(sql: "UPDATE companies SET status = ? WHERE id = ?").execute(arguments: [status, id])
            guard db.changesCount == 1 else { return nil }
            return try CompanyRecord.fetchCached(db, id: id)
        }
    }
}
