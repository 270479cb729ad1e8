import GRDB

extension Store {
    /// The pushes the backend would have sent, newest first; only those to `deviceToken` when given,
    /// the newest `limit` when given (`total` counts them all).
    package func recordedPushes(deviceToken: String?, limit: Int? = nil) throws -> PageOf<PushLogRecord> {
        try readDatabase { db in
            let pushes = try db.records(PushLogRecord.self, """
                SELECT * FROM push_log WHERE (?1 IS NULL OR device_token = ?1) ORDER BY sent_at DESC, rowid DESC LIMIT ?2
                """, [deviceToken, limit ?? -1])
            return try PageOf(items: pushes, limit: limit) {
                try db.count("SELECT COUNT(*) FROM push_log WHERE (?1 IS NULL OR device_token = ?1)", [deviceToken])
            }
        }
    }
}
