import GRDB

extension Store {
    /// The company's locations, its primary one first, then by name.
    package func companyLocations(company: String) throws -> [CompanyLocationRecord] {
        try readDatabase { db in
            try db.records(CompanyLocationRecord.self,
                           "SELECT * FROM company_locations WHERE company_id = ? ORDER BY is_primary DESC, name", [company])
        }
    }

    /// One of the company's locations; nil for another company's (a 404, never its data).
    package func companyLocation(id: String, company: String) throws -> CompanyLocationRecord? {
        try readDatabase { db in
            try db.record(CompanyLocationRecord.self, "SELECT * FROM company_locations WHERE id = ? AND company_id = ?",
                          [id, company])
        }
    }
}
