import GRDB

extension Store {
    /// The pushes the backend would have sent, newest first; only those to `deviceToken` when given.
    package func recordedPushes(deviceToken: String?) throws -> [PushLogRow] {
        try readDatabase { db in
            try db.records(PushLogRow.self, """
                SELECT * FROM push_log WHERE (?1 IS NULL OR device_token = ?1) ORDER BY sent_at DESC, rowid DESC
                """, [deviceToken])
        }
    }
}
