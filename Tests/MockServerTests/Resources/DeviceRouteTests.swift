import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import RepairMinderMockControl
import MockStore
import MockTestSupport

/// Staff devices (CONTRACT §6): `GET /api/devices` (filters), `my-queue`, `my-active-work`, the
/// detail, the scanner lookup and the non-status fields of `PATCH /api/devices/:id`.
/// (Status moves and pushes: DeviceWorkflowTests, PushTests. Shapes and helpers: OrderRouteTests.)
@Suite struct DeviceRouteTests {
    /// 2030-01-01T00:00:00Z: a clock after every seeded timestamp, so a write's `updated_at` is new.
    static let future = Date(timeIntervalSince1970: 1_893_456_000)

    private func list(_ mock: MockHarness, _ query: String, _ token: String,
                      route: String = "/api/devices") async throws -> [JSONValue] {
        let reply = try await mock.get("\(route)?\(query)\(query.isEmpty ? "" : "&")limit=100", bearer: token)
        #expect(reply.status == 200, "\(route)?\(query): \(reply.error ?? "")")
        let items = reply.data.array ?? []
        #expect(reply.json["pagination"]?["total"]?.intValue == Int64(items.count), "\(route)?\(query): one page holds all")
        return items
    }

    private func statuses(_ items: [JSONValue]) -> Set<String> { Set(items.compactMap { $0["status"]?.string }) }
    private func idsOf(_ items: [JSONValue]) -> [String] { items.compactMap { $0["id"]?.string } }

    // MARK: - List

    @Test func listItemsHaveExactKeysAndTypesAndAcmeHas35() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            let first = try await mock.get("/api/devices", bearer: token)
            #expect(first.status == 200)
            #expect(first.json.keys == ["success", "data", "pagination"])
            #expect(first.json["pagination"] == ["page": 1, "limit": 20, "total": 35, "total_pages": 2])
            #expect(first.data.array?.count == 20)

            let all = try await mock.get("/api/devices?limit=100", bearer: token)
            let items = all.data.array ?? []
            #expect(items.count == 35)
            #expect(Set(idsOf(items)) == Set((1...35).map { SeedIDs.device($0) }))
            #expect(WireShape.array(WireShape.deviceListItem).problems(all.data) == [])
            #expect(first.data.array == Array(items.prefix(20)))
            // Both forms of every nullable field occur, so each shape was checked both ways.
            for key in ["imei", "assigned_engineer"] {
                #expect(items.contains { $0[key] == .null }, "\(key) null somewhere")
                #expect(items.contains { $0[key] != .null }, "\(key) set somewhere")
            }
            let sams = items.first { $0["id"]?.string == SeedIDs.device(3) }
            #expect(sams?["order_id"]?.string == SeedIDs.order(3))
            #expect(sams?["order_number"] == 10003)
            #expect(sams?["client"] == ["id": .string(MockSeed.Customer.sam.id), "name": "Sam Smith"])
            #expect(sams?["status_label"] == "Repairing")
        }
    }

    @Test func statusFilterTakesOneOrSeveralStatuses() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            let repairing = try await list(mock, "status=repairing", token)
            let diagnosing = try await list(mock, "status=diagnosing", token)
            let both = try await list(mock, "status=repairing,diagnosing", token)
            #expect(!repairing.isEmpty && !diagnosing.isEmpty)
            #expect(statuses(repairing) == ["repairing"])
            #expect(statuses(diagnosing) == ["diagnosing"])
            #expect(statuses(both) == ["repairing", "diagnosing"])
            #expect(both.count == repairing.count + diagnosing.count)
            #expect(Set(idsOf(both)) == Set(idsOf(repairing) + idsOf(diagnosing)))

            for query in ["status=repairing,bogus", "status=bogus", "status=repairing,"] {
                let reply = try await mock.get("/api/devices?\(query)", bearer: token)
                #expect(reply.status == 400, "\(query)")
                #expect(reply.error == "Invalid query parameter: status", "\(query)")
            }
        }
    }

    @Test func theTwentyStatusFiltersPartitionAll35Devices() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            #expect(DeviceStatus.allCases.count == 20)
            var seen: [String] = []
            for status in DeviceStatus.allCases {
                let items = try await list(mock, "status=\(status.rawValue)", token)
                #expect(!items.isEmpty, "the seed covers \(status.rawValue)")
                #expect(statuses(items).isSubset(of: [status.rawValue]), "\(status.rawValue)")
                seen += idsOf(items)
            }
            #expect(seen.count == 35)
            #expect(Set(seen).count == 35)
        }
    }

    @Test func workflowTypeFilterListsOnlyThatWorkflow() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            let buyback = try await list(mock, "workflow_type=buyback", token)
            let repair = try await list(mock, "workflow_type=repair", token)
            #expect(!buyback.isEmpty)
            #expect(buyback.allSatisfy { $0["workflow_type"] == "buyback" })
            #expect(repair.allSatisfy { $0["workflow_type"] == "repair" })
            #expect(buyback.count + repair.count == 35)
            let bad = try await mock.get("/api/devices?workflow_type=x", bearer: token)
            #expect(bad.status == 400)
            #expect(bad.error == "Invalid query parameter: workflow_type")
        }
    }

    @Test func assignedToMeListsTheCallersDevices() async throws {
        try await withSignedInMock { mock, admin in
            let mine = try await list(mock, "assigned_to=me", admin.token)
            #expect(!mine.isEmpty && mine.count < 35)
            #expect(mine.allSatisfy { $0["assigned_engineer"]?["id"]?.string == MockSeed.Staff.admin.id })
            #expect(try await list(mock, "assigned_to=\(admin.userID)", admin.token) == mine)
            let engineers = try await list(mock, "assigned_to=\(MockSeed.Staff.engineer.id)", admin.token)
            #expect(!engineers.isEmpty)
            #expect(Set(idsOf(engineers)).isDisjoint(with: idsOf(mine)))
        }
    }

    @Test func searchFindsSerialImeiBrandAndModelAndOrderNumber() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            for (search, device) in [("SNA0207336", 3), ("sna0207336", 3), ("0207336", 3), ("350000000023757", 4)] {
                let items = try await list(mock, "search=\(search)", token)
                #expect(idsOf(items) == [SeedIDs.device(device)], "\(search)")
            }

            let iPhone14 = try await list(mock, "search=iPhone%2014", token)
            #expect(iPhone14.count >= 2)
            #expect(iPhone14.allSatisfy { $0["display_name"]?.string?.contains("iPhone 14") == true })
            #expect(idsOf(iPhone14).contains(SeedIDs.device(1)))
            let ignoringCase = try await list(mock, "search=IPHONE%2014", token)
            #expect(idsOf(ignoringCase) == idsOf(iPhone14))

            let order = try await list(mock, "search=%2310011", token)
            #expect(Set(idsOf(order)) == [SeedIDs.device(11), SeedIDs.device(12)])
            #expect(order.allSatisfy { $0["order_number"] == 10011 })

            #expect(try await list(mock, "search=%25", token).isEmpty)
            #expect(try await list(mock, "search=_", token).isEmpty)
        }
    }

    // MARK: - Queues

    @Test(arguments: ["admin", "engineer"])
    func queuesHoldOnlyTheCallersDevicesInTheirStatusSets(who: String) async throws {
        try await withMock { mock in
            let token: String
            let userID: String
            if who == "admin" {
                token = try await mock.signInStaff("admin@acme.test").token
                userID = MockSeed.Staff.admin.id
            } else {
                token = try await mock.signInStaffByMagicLink("engineer@acme.test")
                userID = MockSeed.Staff.engineer.id
            }
            let queueStatuses = Set(DeviceStatus.queueStatuses.map(\.rawValue))
            let activeStatuses = Set(DeviceStatus.activeWorkStatuses.map(\.rawValue))

            let queue = try await list(mock, "", token, route: "/api/devices/my-queue")
            let active = try await list(mock, "", token, route: "/api/devices/my-active-work")
            #expect(!queue.isEmpty)
            #expect(!active.isEmpty)
            #expect(queue.allSatisfy { $0["assigned_engineer"]?["id"]?.string == userID })
            #expect(active.allSatisfy { $0["assigned_engineer"]?["id"]?.string == userID })
            #expect(statuses(queue).isSubset(of: queueStatuses))
            #expect(statuses(active).isSubset(of: activeStatuses))
            #expect(Set(idsOf(active)).isSubset(of: idsOf(queue)))
            #expect(WireShape.array(WireShape.deviceListItem).problems(.array(queue)) == [])

            // The same as filtering the list by hand.
            let byHand = try await list(mock, "assigned_to=me&status="
                                        + DeviceStatus.queueStatuses.map(\.rawValue).joined(separator: ","), token)
            #expect(Set(idsOf(queue)) == Set(idsOf(byHand)))
            #expect(idsOf(queue).count == idsOf(byHand).count)
            let activeByHand = try await list(mock, "assigned_to=me&status="
                                              + DeviceStatus.activeWorkStatuses.map(\.rawValue).joined(separator: ","), token)
            #expect(Set(idsOf(active)) == Set(idsOf(activeByHand)))
            #expect(idsOf(active).count == idsOf(activeByHand).count)

            // Paginated like every list.
            let small = try await mock.get("/api/devices/my-queue?limit=1", bearer: token)
            #expect(small.data.array?.count == 1)
            #expect(small.json["pagination"] == ["page": 1, "limit": 1, "total": .int(Int64(queue.count)),
                                                 "total_pages": .int(Int64(queue.count))])
            let bad = try await mock.get("/api/devices/my-active-work?page=0", bearer: token)
            #expect(bad.status == 400)
            #expect(bad.error == "Invalid query parameter: page")
        }
    }

    // MARK: - Detail

    @Test func samsDeviceDetailHasEverySectionWithExactKeysAndTypes() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            let reply = try await mock.get("/api/devices/\(SeedIDs.device(3))", bearer: token)
            #expect(reply.status == 200)
            let device = reply.data
            #expect(WireShape.deviceDetail.problems(device) == [])
            #expect(device["id"]?.string == SeedIDs.device(3))
            #expect(device["order_id"]?.string == SeedIDs.order(3))
            #expect(device["status"] == "repairing")

            for key in ["images", "accessories", "parts", "line_items", "device_notes"] {
                #expect(device[key]?.array?.isEmpty == false, "\(key) is filled")
            }
            #expect(device["brand"]?.objectValue != nil)
            #expect(device["model"]?.objectValue != nil)
            #expect(device["assigned_engineer"]?["id"]?.string == MockSeed.Staff.admin.id)
            #expect(device["sub_location"]?["id"]?.string == SeedIDs.subLocation(3))
            #expect(device["sub_location"]?["code"] == "BENCH-1")
            #expect(device["authorization"]?["status"] == "approved")
            #expect(device["device_notes"]?.array?.allSatisfy { $0["created_by"]?.objectValue != nil } == true)
            #expect(device["timestamps"]?.keys.count == 12)
            #expect(device["timestamps"]?["repair_started_at"]?.string != nil)

            let checklist = device["checklist"]?["items"]?.array ?? []
            #expect(!checklist.isEmpty)
            let done = checklist.filter { $0["is_completed"] == 1 }
            #expect(done.allSatisfy { $0["completed_at"]?.string != nil && $0["completed_by"]?.objectValue != nil })
            #expect(checklist.filter { $0["is_completed"] == 0 }.allSatisfy { $0["completed_at"] == .null && $0["completed_by"] == .null })
            guard case .int(let percentage)? = device["checklist"]?["completion_percentage"] else {
                Issue.record("completion_percentage is not an integer: \(device["checklist"]?.jsonString ?? "missing")")
                return
            }
            #expect(percentage > 0 && percentage < 100)
            #expect(percentage == Int64(done.count * 100 / checklist.count))

            #expect(device["available_transitions"] == [["status": "repaired_qc", "label": "Repaired - QC"],
                                                        ["status": "awaiting_revised_quote", "label": "Awaiting Revised Quote"]])
        }
    }

    @Test func anAuthorisationSignatureHasItsOwnKeys() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            // Device a003 was approved in store without a signature; a014's quote was signed.
            let reply = try await mock.get("/api/devices/\(SeedIDs.device(14))", bearer: token)
            #expect(WireShape.deviceDetail.problems(reply.data) == [])
            let authorization = reply.data["authorization"]
            #expect(authorization?["status"] == "approved")
            #expect(authorization?["signature"]?.keys == ["signature_type", "typed_name", "terms_agreed", "captured_at"])
            #expect(authorization?["signature"]?["signature_type"] == "authorisation")
            #expect(authorization?["signature"]?["terms_agreed"] == 1)
        }
    }

    @Test func aDeviceWithNoDetailDataHasEmptySectionsAndNulls() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            let device = try await mock.get("/api/devices/\(SeedIDs.device(4))", bearer: token).data
            #expect(WireShape.deviceDetail.problems(device) == [])
            for key in ["images", "accessories", "parts", "line_items", "device_notes"] {
                #expect(device[key] == .array([]), "\(key)")
            }
            #expect(device["sub_location"] == .null)
            #expect(device["assigned_engineer"] == .null)
            #expect(device["checklist"] == ["items": [], "completion_percentage": 0])
            #expect(device["authorization"] == ["status": .null, "method": .null, "authorized_at": .null, "signature": .null])
            #expect(device["available_transitions"] == [["status": "diagnosing", "label": "Diagnosing"]])
        }
    }

    @Test func catalogueDevicesHaveEntriesAndCustomOnesHaveCustomNames() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            let onePlus = try await mock.get("/api/devices/\(SeedIDs.device(10))", bearer: token).data
            #expect(onePlus["brand"] == .null)
            #expect(onePlus["model"] == .null)
            #expect(onePlus["custom_brand"] == "OnePlus")
            #expect(onePlus["custom_model"] == "12")
            #expect(onePlus["display_name"] == "OnePlus 12")

            let apple = try await mock.get("/api/devices/\(SeedIDs.device(3))", bearer: token).data
            #expect(apple["brand"] == ["id": "00000016-0000-4000-8000-000000000001", "name": "Apple"])
            #expect(apple["model"]?["name"] == "MacBook Air M2")
            #expect(apple["model"]?["id"]?.string?.hasPrefix("00000017-") == true)
            #expect(apple["custom_brand"] == .null)
            #expect(apple["custom_model"] == .null)
        }
    }

    // MARK: - Lookup

    @Test func lookupFindsByIdSerialImeiAndTheNumberOfAOneDeviceOrder() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            let sams: JSONValue = ["device_id": .string(SeedIDs.device(3)), "order_id": .string(SeedIDs.order(3))]
            let found: [(String, JSONValue)] = [
                (SeedIDs.device(3), sams), ("SNA0207336", sams), ("sna0207336", sams), ("10003", sams), ("%2310003", sams),
                ("350000000023757", ["device_id": .string(SeedIDs.device(4)), "order_id": .string(SeedIDs.order(4))]),
            ]
            for (code, expected) in found {
                let reply = try await mock.get("/api/devices/lookup?code=\(code)", bearer: token)
                #expect(reply.status == 200, "\(code)")
                #expect(reply.data == expected, "\(code)")
            }
            // Two devices on #10011, nothing called "nope", Beta's serial and order number.
            for code in ["%2310011", "10011", "nope", "SNB0007310", "20001"] {
                let reply = try await mock.get("/api/devices/lookup?code=\(code)", bearer: token)
                #expect(reply.status == 404, "\(code)")
                #expect(reply.error == "Not found", "\(code)")
            }
            // 128 characters are counted as the schema's maxLength counts them, by code point: 128 `é`
            // (256 bytes of UTF-8) are a code that matches nothing, one more is too long.
            let accented = String(repeating: "%C3%A9", count: 128)
            #expect(try await mock.get("/api/devices/lookup?code=\(accented)", bearer: token).status == 404)
            for query in ["", "?code=", "?code=%20%20", "?code=\(accented)e"] {
                let reply = try await mock.get("/api/devices/lookup\(query)", bearer: token)
                #expect(reply.status == 400, "\(query)")
                #expect(reply.error == "Invalid query parameter: code", "\(query)")
            }
        }
    }

    // MARK: - PATCH

    @Test func priorityTakesEachLevelAndRejectsOthers() async throws {
        try await withSignedInMock({ $0.freezeClock(at: Self.future) }) { mock, admin in
            let token = admin.token
            let path = "/api/devices/\(SeedIDs.device(4))"
            for priority in ["low", "normal", "high", "urgent"] {
                let reply = try await mock.patch(path, ["priority": .string(priority)], bearer: token)
                #expect(reply.status == 200, "\(priority)")
                #expect(reply.data["priority"]?.string == priority)
                #expect(reply.data["updated_at"]?.string?.hasPrefix("2030-01-01T00:") == true)
                #expect(try await mock.get(path, bearer: token).data == reply.data)
                let row = try await list(mock, "search=SNA0307349", token)
                #expect(row.first?["priority"]?.string == priority)
            }
            let before = try mock.dump()
            for body in [#"{"priority":"critical"}"#, #"{"priority":null}"#, #"{"priority":3}"#] {
                let reply = try await mock.send("PATCH", path, body: body, bearer: token)
                #expect(reply.status == 400, "\(body)")
                #expect(reply.error == "Invalid or missing field: priority", "\(body)")
            }
            #expect(try mock.dump() == before)
        }
    }

    @Test func notesFieldsAreSetAndClearedWithNull() async throws {
        try await withSignedInMock({ $0.freezeClock(at: Self.future) }) { mock, admin in
            let token = admin.token
            let path = "/api/devices/\(SeedIDs.device(3))"
            let seeded = try await mock.get(path, bearer: token).data
            var previous = seeded
            let fields = ["diagnosis_notes", "repair_notes", "technician_notes", "technician_found_issues"]
            for field in fields {
                let text = "New \(field) text"
                let set = try await mock.patch(path, [field: .string(text)], bearer: token)
                #expect(set.status == 200, "\(field): \(set.error ?? "")")
                #expect(set.data[field]?.string == text)
                #expect(try await mock.get(path, bearer: token).data[field]?.string == text)
                // The other fields are untouched.
                #expect(set.data.droppingKeys([field, "updated_at"]) == previous.droppingKeys([field, "updated_at"]), "\(field)")

                let cleared = try await mock.patch(path, [field: .null], bearer: token)
                #expect(cleared.status == 200, "\(field)")
                #expect(cleared.data.keys.contains(field))
                #expect(cleared.data[field] == .null, "\(field)")
                #expect(try await mock.get(path, bearer: token).data[field] == .null, "\(field)")
                #expect(cleared.data.droppingKeys([field, "updated_at"]) == previous.droppingKeys([field, "updated_at"]), "\(field)")
                previous = cleared.data
            }
            let last = try await mock.get(path, bearer: token).data
            #expect(last["updated_at"]?.string?.hasPrefix("2030-01-01T00:") == true)
            #expect(last["updated_at"] != seeded["updated_at"])
        }
    }

    @Test func assignedEngineerIsSetToAnActiveColleagueOrCleared() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            let path = "/api/devices/\(SeedIDs.device(4))"
            let assigned = try await mock.patch(path, ["assigned_engineer_id": .string(MockSeed.Staff.engineer.id)], bearer: token)
            #expect(assigned.status == 200)
            #expect(assigned.data["assigned_engineer"] == ["id": .string(MockSeed.Staff.engineer.id), "first_name": "Eddie",
                                                           "last_name": "Engineer", "name": "Eddie Engineer"])
            #expect(try await mock.get(path, bearer: token).data["assigned_engineer"] == assigned.data["assigned_engineer"])
            let engineers = try await list(mock, "assigned_to=\(MockSeed.Staff.engineer.id)", token)
            #expect(idsOf(engineers).contains(SeedIDs.device(4)))

            let cleared = try await mock.patch(path, ["assigned_engineer_id": .null], bearer: token)
            #expect(cleared.status == 200)
            #expect(cleared.data["assigned_engineer"] == .null)
            #expect(try await mock.get(path, bearer: token).data["assigned_engineer"] == .null)

            let before = try mock.dump()
            for user in [MockSeed.Staff.betaAdmin.id, MockSeed.Staff.inactive.id, MockSeed.Staff.archived.id, "00000003-0000-4000-8000-00000000a999"] {
                let reply = try await mock.patch(path, ["assigned_engineer_id": .string(user)], bearer: token)
                #expect(reply.status == 400, "\(user)")
                #expect(reply.error == "Invalid or missing field: assigned_engineer_id", "\(user)")
            }
            #expect(try mock.dump() == before)
        }
    }

    @Test func subLocationIsSetToOneOfThisCompanysOrCleared() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            let path = "/api/devices/\(SeedIDs.device(4))"
            let placed = try await mock.patch(path, ["sub_location_id": .string(SeedIDs.subLocation(1))], bearer: token)
            #expect(placed.status == 200)
            #expect(placed.data["sub_location"]?["id"]?.string == SeedIDs.subLocation(1))
            #expect(placed.data["sub_location"]?["code"] == "A1")
            #expect(placed.data["sub_location"]?.keys == ["id", "code", "description", "type"])
            #expect(try await mock.get(path, bearer: token).data["sub_location"] == placed.data["sub_location"])

            let cleared = try await mock.patch(path, ["sub_location_id": .null], bearer: token)
            #expect(cleared.status == 200)
            #expect(cleared.data["sub_location"] == .null)
            #expect(try await mock.get(path, bearer: token).data["sub_location"] == .null)

            let before = try mock.dump()
            for sub in [SeedIDs.subLocation(1, "b"), "00000015-0000-4000-8000-00000000a999", ""] {
                let reply = try await mock.patch(path, ["sub_location_id": .string(sub)], bearer: token)
                #expect(reply.status == 400, "\(sub)")
                #expect(reply.error == "Invalid or missing field: sub_location_id", "\(sub)")
            }
            #expect(try mock.dump() == before)
        }
    }

    @Test func badDevicePatchBodiesAre400AndWriteNothing() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            let path = "/api/devices/\(SeedIDs.device(3))"
            let before = try mock.dump()
            let detail = try await mock.get(path, bearer: token).data
            let cases: [(body: String, message: String)] = [
                (#"{"brand":"x"}"#, "Invalid or missing field: brand"),
                (#"{"priority":"low","brand":"x"}"#, "Invalid or missing field: brand"),
                (#"{"priority":"critical"}"#, "Invalid or missing field: priority"),
                (#"{"diagnosis_notes":5}"#, "Invalid or missing field: diagnosis_notes"),
                (#"{"repair_notes":"ok","assigned_engineer_id":"\#(MockSeed.Staff.betaAdmin.id)"}"#, "Invalid or missing field: assigned_engineer_id"),
                (#"{"technician_notes":"ok","sub_location_id":"\#(SeedIDs.subLocation(2, "b"))"}"#, "Invalid or missing field: sub_location_id"),
                ("{}", "No fields to update"),
                ("[]", "Invalid JSON body"),
                ("not json", "Invalid JSON body"),
            ]
            for (body, message) in cases {
                let reply = try await mock.send("PATCH", path, body: body, bearer: token)
                #expect(reply.status == 400, "\(body)")
                #expect(reply.json == ["success": false, "error": .string(message)], "\(body)")
            }
            #expect(try mock.dump() == before)
            #expect(try await mock.get(path, bearer: token).data == detail)
            // Control: a good body does write, so the equal dumps above mean something.
            #expect(try await mock.patch(path, ["priority": "low"], bearer: token).status == 200)
            #expect(try mock.dump() != before)
        }
    }

    // MARK: - Tenancy and auth

    @Test func betaSeesExactlyItsOwnFourDevices() async throws {
        try await withMock { mock in
            let token = try await mock.signInStaff("admin@beta.test").token
            let items = try await list(mock, "", token)
            #expect(items.count == 4)
            #expect(Set(idsOf(items)) == Set((1...4).map { SeedIDs.device($0, "b") }))
            #expect(items.allSatisfy { ($0["order_number"]?.intValue ?? 0) >= 20001 })
            // Beta's own devices are reachable.
            let own = try await mock.get("/api/devices/lookup?code=SNB0007310", bearer: token)
            #expect(own.data == ["device_id": .string(SeedIDs.device(1, "b")), "order_id": .string(SeedIDs.order(1, "b"))])
        }
    }

    @Test func anotherCompanysDeviceIsNotFoundOnEveryRouteAndChangesNothing() async throws {
        try await withSignedInMock { mock, admin in
            let beta = try await mock.signInStaff("admin@beta.test").token
            let acme = admin.token
            let before = try mock.dump()
            let device = SeedIDs.device(3)
            let replies: [(String, MockHarness.Reply)] = [
                ("detail", try await mock.get("/api/devices/\(device)", bearer: beta)),
                ("order device", try await mock.get("/api/orders/\(SeedIDs.order(3))/devices/\(device)", bearer: beta)),
                ("PATCH", try await mock.patch("/api/devices/\(device)", ["priority": "low"], bearer: beta)),
                ("PATCH bad body", try await mock.send("PATCH", "/api/devices/\(device)", body: "{}", bearer: beta)),
                ("PATCH assign Beta", try await mock.patch("/api/devices/\(device)",
                                                           ["assigned_engineer_id": .string(MockSeed.Staff.betaAdmin.id)], bearer: beta)),
                ("lookup serial", try await mock.get("/api/devices/lookup?code=SNA0207336", bearer: beta)),
                ("lookup id", try await mock.get("/api/devices/lookup?code=\(device)", bearer: beta)),
                ("lookup order", try await mock.get("/api/devices/lookup?code=10003", bearer: beta)),
                ("acme on Beta detail", try await mock.get("/api/devices/\(SeedIDs.device(1, "b"))", bearer: acme)),
                ("acme PATCH Beta", try await mock.patch("/api/devices/\(SeedIDs.device(1, "b"))", ["priority": "low"], bearer: acme)),
                ("unknown", try await mock.get("/api/devices/00000006-0000-4000-8000-00000000a999", bearer: acme)),
            ]
            for (label, reply) in replies {
                #expect(reply.status == 404, "\(label)")
                #expect(reply.json == ["success": false, "error": "Not found"], "\(label)")
            }
            #expect(try await list(mock, "search=SNA0207336", beta).isEmpty)
            #expect(try mock.dump() == before)
        }
    }

    @Test func deviceRoutesNeedAStaffToken() async throws {
        try await withMock { mock in
            let customer = try await mock.signInCustomer("sam@customer.test", companyID: MockSeed.Company.acme)
            let before = try mock.dump()
            for bearer in [customer, nil] as [String?] {
                for path in ["/api/devices", "/api/devices/my-queue", "/api/devices/my-active-work",
                             "/api/devices/lookup?code=SNA0207336", "/api/devices/\(SeedIDs.device(3))"] {
                    let reply = try await mock.get(path, bearer: bearer)
                    #expect(reply.status == 401, "\(path) \(bearer == nil ? "no token" : "customer")")
                    #expect(reply.error == "Unauthorized")
                }
                let patch = try await mock.patch("/api/devices/\(SeedIDs.device(3))", ["priority": "low"], bearer: bearer)
                #expect(patch.status == 401)
            }
            #expect(try mock.dump() == before)
        }
    }
}

// MARK: - Shapes of the device payloads

extension WireShape {
    static let deviceListItem: WireShape = .object([
        "id": .string, "order_id": .string, "order_number": .int, "display_name": .string, "brand": .string,
        "model": .string, "serial_number": .nullable(.string), "imei": .nullable(.string),
        "status": .enumeration(DeviceStatus.self), "status_label": .string, "workflow_type": .enumeration(WorkflowType.self),
        "priority": .enumeration(DevicePriority.self), "assigned_engineer": .nullable(userRef),
        "client": .object(["id": .string, "name": .string]), "created_at": .timestamp, "updated_at": .timestamp,
    ])

    static let deviceDetail: WireShape = {
        let text: WireShape = .nullable(.string)
        let when: WireShape = .nullable(.timestamp)
        let catalogue: WireShape = .nullable(.object(["id": .string, "name": .string]))
        let timestamps = ["received_at", "diagnosis_started_at", "quote_sent_at", "authorised_at", "rejected_at",
                          "parts_ordered_at", "parts_received_at", "repair_started_at", "repair_completed_at",
                          "qc_completed_at", "ready_at", "collected_at"]
        return .object([
            "id": .string, "order_id": .string, "order_number": .int, "display_name": .string,
            "status": .enumeration(DeviceStatus.self), "status_label": .string,
            "workflow_type": .enumeration(WorkflowType.self), "priority": .enumeration(DevicePriority.self),
            "brand": catalogue, "model": catalogue, "custom_brand": text, "custom_model": text,
            "serial_number": text, "imei": text, "colour": text, "storage_capacity": text, "passcode_type": text,
            "find_my_status": text, "condition_grade": text, "customer_reported_issues": text,
            "technician_found_issues": text, "assigned_engineer": .nullable(userRef),
            "sub_location": .nullable(.object(["id": .string, "code": .string, "description": text,
                                               "type": .enumeration(SubLocationType.self)])),
            "diagnosis_notes": text, "repair_notes": text, "technician_notes": text, "authorization_notes": text,
            "authorization": .object([
                "status": .nullable(.enumeration(AuthorizationStatus.self)), "method": text, "authorized_at": when,
                "signature": .nullable(.object(["signature_type": .enumeration(SignatureType.self), "typed_name": .string,
                                                "terms_agreed": .int, "captured_at": .timestamp])),
            ]),
            "images": .array(.object(["id": .string, "image_type": .enumeration(DeviceImageType.self), "filename": .string,
                                      "caption": text, "r2_key": .string, "created_at": .timestamp])),
            "accessories": .array(.object(["id": .string, "accessory_type": .enumeration(AccessoryType.self),
                                           "description": text, "returned_at": when])),
            "parts": .array(.object(["id": .string, "part_name": .string, "part_sku": text, "part_cost": .money,
                                     "supplier": text, "is_oem": .int])),
            "line_items": .array(.object(["id": .string, "description": .string, "quantity": .int, "unit_price": .money,
                                          "vat_rate": .money, "line_total_inc_vat": .money])),
            "device_notes": .array(.object(["id": .string, "body": .string, "created_at": .timestamp,
                                            "created_by": .nullable(userRef)])),
            "timestamps": .object(Dictionary(uniqueKeysWithValues: timestamps.map { ($0, when) })),
            "despatched_at": when, "paid_at": when,
            "checklist": .object([
                "items": .array(.object(["id": .string, "label": .string, "is_completed": .int, "completed_at": when,
                                         "completed_by": .nullable(userRef)])),
                "completion_percentage": .int,
            ]),
            "available_transitions": .array(.object(["status": .enumeration(DeviceStatus.self), "label": .string])),
            "created_at": .timestamp, "updated_at": .timestamp,
        ])
    }()
}
