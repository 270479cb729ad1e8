import Foundation
import GRDB
import Testing
@testable import MockBasics
@testable import MockStore
import RepairMinderMockControlCore

/// A seed file's row is its table's record (Seeds/README.md, "Format"): every column is a key, read
/// by the record's declaration; what the file's shape says (a parent's id, a derived value) wins
/// over a row's own key; a wrong value names its path.
@Suite struct SeedFormTests {
    /// The default seed, changed by `change`, read and checked.
    func seed(_ change: (inout [String: Any]) -> Void) throws -> Seed {
        var json = try StoreSeedErrorTests().defaultJSON()
        change(&json)
        return try Seed.decode(try JSONSerialization.data(withJSONObject: json), sourceName: "default.json")
    }

    func message(_ change: (inout [String: Any]) -> Void) throws -> String? {
        var json = try StoreSeedErrorTests().defaultJSON()
        change(&json)
        return StoreSeedErrorTests().message(json)
    }

    /// `json[key][index]` changed by `change`.
    func edit(_ json: inout [String: Any], _ key: String, _ index: Int, _ change: (inout [String: Any]) -> Void) {
        StoreSeedErrorTests().edit(&json, key, index, change)
    }

    @Test func aColumnTheOldFormDidNotNameIsAKeyBecauseTheRecordDeclaresIt() throws {
        // `totp_last_step` is runtime state no seed wrote before; its property makes it a key.
        let seed = try seed { json in edit(&json, "users", 2) { $0["totp_last_step"] = 59_012_345 } }
        let user = try #require(seed.users.first { $0.row.record.email == "totp@acme.test" })
        #expect(user.row.record.totpLastStep == 59_012_345)

        // And it is written: the pristine database holds it.
        let snapshot = try SeedSnapshot(seed: seed, hashPassword: storeFakeHash)
        let stored = try snapshot.pristine.read { db in try UserRecord.fetchOne(db, key: user.row.record.id) }
        #expect(stored?.totpLastStep == 59_012_345)
        #expect(stored?.passwordHash == "test$password123", "password_hash comes from password")
    }

    @Test func whatTheFilesShapeSaysWinsOverARowsOwnKey() throws {
        let seed = try seed { json in
            edit(&json, "companies", 0) { company in
                var locations = company["locations"] as! [[String: Any]]
                locations[0]["company_id"] = MockSeed.Company.beta   // nested in Acme: Acme's
                company["locations"] = locations
            }
            edit(&json, "orders", 0) { $0["status"] = "collected" }  // the devices' status wins
            edit(&json, "users", 0) { $0["password_hash"] = "plain-text-is-not-a-hash" }
        }
        #expect(seed.companies[0].locations[0].record.companyID == MockSeed.Company.acme)
        let order = seed.orders[0]
        #expect(order.row.record.status == OrderStatus(devices: order.devices.map { $0.row.record.status }))
        #expect(order.row.record.status != .collected)
        #expect(seed.users[0].row.record.passwordHash == nil, "written from `password` at insert, never read")
    }

    @Test func defaultsComeFromTheParentOrTheRowsOtherKeys() throws {
        let seed = try seed { json in
            edit(&json, "orders", 0) { order in
                order["updated_at"] = nil
                var payments = order["payments"] as! [[String: Any]]
                payments[0]["created_at"] = nil
                order["payments"] = payments
            }
        }
        let order = seed.orders[0].row.record
        #expect(order.updatedAt == order.createdAt)
        let payment = try #require(seed.orders[0].payments.first?.record)
        #expect(payment.createdAt == payment.paymentDate)
        let location = seed.companies[0].locations[1].record
        #expect(location.isPrimary == 0 && location.country == "GB" && location.createdAt == seed.companies[0].row.record.createdAt)
    }

    @Test func aWrongValueNamesItsPathAndWhatTheColumnTakes() throws {
        #expect(try message { json in edit(&json, "users", 0) { $0["is_active"] = "yes" } }
                == "default.json: users[0].is_active: expected an integer")
        #expect(try message { json in edit(&json, "companies", 0) { $0["name"] = NSNull() } }
                == "default.json: companies[0].name: expected a string, found null")
        #expect(try message { json in edit(&json, "orders", 1) { $0["devices"] = [1] } }
                == "default.json: orders[1].devices[0]: expected an object")
        #expect(try message { json in edit(&json, "orders", 1) { $0["items"] = "none" } }
                == "default.json: orders[1].items: expected an array")
        #expect(try message { json in json["users"] = nil } == "default.json: users: missing")
        #expect(try message { json in edit(&json, "users", 0) { $0["recovery_codes"] = [7] } }
                == "default.json: users[0].recovery_codes[0]: expected a string")
        #expect(try message { json in edit(&json, "users", 0) { $0["note"] = 7 } }
                == "default.json: users[0].note: expected a string")
        // A time column is checked by its name, whichever table it is in.
        #expect(try message { json in
            edit(&json, "orders", 0) { order in
                var devices = order["devices"] as! [[String: Any]]
                devices[0]["qc_completed_at"] = "yesterday"
                order["devices"] = devices
            }
        } == "default.json: orders[0].devices[0].qc_completed_at: \"yesterday\" is not a timestamp like 2026-11-21T10:15:00Z")
    }
}
