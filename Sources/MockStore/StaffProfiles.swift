import Foundation
import GRDB
import MockBasics

/// What `PATCH /api/users/me` may change, already checked; nil leaves a field, `.some(nil)` clears
/// `phone` or `job_title`.
package struct StaffProfileChange: Sendable {
    var firstName: String?
    var lastName: String?
    var phone: String??
    var jobTitle: String??

    package init(firstName: String? = nil, lastName: String? = nil, phone: String?? = nil, jobTitle: String?? = nil) {
        self.firstName = firstName
        self.lastName = lastName
        self.phone = phone
        self.jobTitle = jobTitle
    }
}

extension Store {
    /// Applies `change` to the user and returns the account as it now is (nil when the user is gone).
    package func updateProfile(userID: String, change: StaffProfileChange, now: Date) throws -> StaffAccount? {
        try writeDatabase { db in
            try db.execute(sql: """
                UPDATE users SET
                  first_name = COALESCE(?, first_name),
                  last_name = COALESCE(?, last_name),
                  phone = CASE WHEN ? THEN ? ELSE phone END,
                  job_title = CASE WHEN ? THEN ? ELSE job_title END,
                  updated_at = ?
                WHERE id = ?
                """, arguments: [change.firstName, change.lastName, change.phone != nil, change.phone ?? nil,
                                 change.jobTitle != nil, change.jobTitle ?? nil, Timestamp.string(now), userID])
            return try StaffAccount.fetch(db, id: userID)
        }
    }
}
