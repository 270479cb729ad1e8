import Foundation
import Testing
@testable import RepairMinderClient

@Suite struct TokenStoreTests {
    static func temporaryURL() -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("rm-client-\(UUID().uuidString)")
            .appendingPathComponent("tokens.json")
    }

    static func exercise(_ store: any TokenStore) async throws {
        #expect(try await store.staffCredentials() == nil)
        #expect(try await store.customerCredentials() == nil)
        #expect(try await store.role() == nil)

        let staff = StaffCredentials(accessToken: "a", refreshToken: "r",
                                     expiresAt: Date(timeIntervalSince1970: 1_795_000_000))
        let customer = CustomerCredentials(token: "c", companyID: "c-1")
        try await store.saveStaffCredentials(staff)
        try await store.saveCustomerCredentials(customer)
        try await store.saveRole(.customer)
        #expect(try await store.staffCredentials() == staff)
        #expect(try await store.customerCredentials() == customer)
        #expect(try await store.role() == .customer)

        // Staff and customer are kept apart: clearing one leaves the other.
        try await store.saveStaffCredentials(nil)
        #expect(try await store.staffCredentials() == nil)
        #expect(try await store.customerCredentials() == customer)
        try await store.saveStaffCredentials(staff)
        try await store.saveCustomerCredentials(nil)
        #expect(try await store.staffCredentials() == staff)
        #expect(try await store.customerCredentials() == nil)

        try await store.removeAll()
        #expect(try await store.staffCredentials() == nil)
        #expect(try await store.role() == nil)
    }

    @Test func inMemoryStoreRoundTripsAndSeparatesRoles() async throws {
        try await Self.exercise(InMemoryTokenStore())
    }

    @Test func fileStoreRoundTripsAndSeparatesRoles() async throws {
        let url = Self.temporaryURL()
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try await Self.exercise(FileTokenStore(url: url))
    }

    @Test func fileStoreWritesA0600JSONFileAndLeavesNoTemporaries() async throws {
        let url = Self.temporaryURL()
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let store = FileTokenStore(url: url)
        try await store.saveStaffCredentials(StaffCredentials(accessToken: "a", refreshToken: "r"))
        try await store.saveRole(.staff)

        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["tokens.json"])

        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        #expect(object?["user_role"] as? String == "staff")
        let staff = object?["staff_credentials"] as? [String: Any]
        #expect(staff?["accessToken"] as? String == "a")
        #expect(staff?["refreshToken"] as? String == "r")
        #expect(object?["customer_credentials"] == nil)
    }

    @Test func customerCredentialsKeepTheirStoredKeys() async throws {
        // `companyID` is stored under `companyId`, as before the property was renamed: credentials
        // an older build wrote (Keychain, file) still read, and new writes look the same.
        let store = InMemoryTokenStore()
        try await store.saveCustomerCredentials(CustomerCredentials(token: "c", companyID: "c-1"))
        let written = try #require(await store.read(.customer))
        #expect(String(decoding: written, as: UTF8.self) == #"{"companyId":"c-1","token":"c"}"#)
        await store.write(Data(#"{"token": "old", "companyId": "c-2"}"#.utf8), to: .customer)
        #expect(try await store.customerCredentials() == CustomerCredentials(token: "old", companyID: "c-2"))
    }

    @Test func fileStoreCreatesItsFolder() async throws {
        let url = Self.temporaryURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let store = FileTokenStore(url: url)
        #expect(try await store.customerCredentials() == nil)
        try await store.saveCustomerCredentials(CustomerCredentials(token: "c"))
        #expect(try await FileTokenStore(url: url).customerCredentials() == CustomerCredentials(token: "c"))
    }

    @Test func twoFileStoresOnOnePathSeeEachOthersWrites() async throws {
        let url = Self.temporaryURL()
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let app = FileTokenStore(url: url)
        let widget = FileTokenStore(url: url)
        try await app.saveStaffCredentials(Fixture.staffCredentials(1))
        #expect(try await widget.staffCredentials() == Fixture.staffCredentials(1))
        try await widget.saveStaffCredentials(Fixture.staffCredentials(2))
        #expect(try await app.staffCredentials() == Fixture.staffCredentials(2))
    }

    @Test func corruptFileIsAnErrorNotAnEmptyStore() async throws {
        let url = Self.temporaryURL()
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try Data("{not json".utf8).write(to: url)
        await #expect(throws: TokenStoreError.self) {
            _ = try await FileTokenStore(url: url).staffCredentials()
        }
    }
}
