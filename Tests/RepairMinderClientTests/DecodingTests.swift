import Foundation
import Testing
@testable import RepairMinderClient

@Suite struct DecodingTests {
    @Test func tokenResponseDecodesSnakeCaseUserAndCompanyWithFlagsAndVATStrings() throws {
        let tokens = try Fixture.decode(Fixture.tokenResponse, as: StaffTokenResponse.self).data
        #expect(tokens.token == "jwt.access.1")
        #expect(tokens.refreshToken == "refresh-1")
        #expect(tokens.expiresIn == 900)
        #expect(tokens.user.firstName == "John")
        #expect(tokens.user.companyID == "c-1")
        #expect(tokens.user.role == .admin)
        #expect(tokens.user.isActive == true)
        #expect(tokens.user.magicLinkEnabled == false)
        #expect(tokens.company.status == .active)
        #expect(tokens.company.currencyCode == "GBP")
        #expect(tokens.company.logoURL == nil)
        #expect(tokens.company.vatRateRepair == Percentage("20.00"))
        #expect(tokens.company.vatRateDevicePurchase == Percentage("0.00"))
    }

    @Test func loginStepOneDecodesCamelCaseUser() throws {
        let challenge = try Fixture.decode(Fixture.loginStep1, as: StaffLoginChallenge.self).data
        #expect(challenge.requiresTwoFactor)
        #expect(challenge.userID == "u-1")
        #expect(challenge.email == "staff@example.com")
        #expect(challenge.user.firstName == "John")
        #expect(challenge.user.companyID == "c-1")
    }

    @Test func refreshResponseDecodes() throws {
        let refresh = try Fixture.decode(Fixture.refresh, as: RefreshResponse.self).data
        #expect(refresh == RefreshResponse(token: "jwt.access.2", refreshToken: "refresh-2", expiresIn: 900))
    }

    @Test func staffMeDecodesHasPassword() throws {
        let me = try Fixture.decode(Fixture.staffMe, as: StaffMe.self).data
        #expect(me.hasPassword)
        #expect(me.user.email == "staff@example.com")
        #expect(me.company.name == "Acme Repairs")
    }

    @Test func customerVerifyWithOneCompanySignsIn() throws {
        let answer = try Fixture.decode(Fixture.customerSingle, as: CustomerVerifyResponse.self).data
        guard case .signedIn(let signIn) = answer else {
            Issue.record("expected signedIn, got \(answer)"); return
        }
        #expect(signIn.token == "jwt.customer")
        #expect(signIn.client.firstName == "Jane")
        #expect(signIn.client.name == "Jane Customer")
        #expect(signIn.company.logoURL == "https://api.repairminder.com/api/branding/c-1/logo")
    }

    @Test func customerVerifyWithSeveralCompaniesAsksForSelection() throws {
        let answer = try Fixture.decode(Fixture.customerSelection, as: CustomerVerifyResponse.self).data
        guard case .companySelectionRequired(let selection) = answer else {
            Issue.record("expected a selection, got \(answer)"); return
        }
        #expect(selection.companies.map(\.id) == ["c-1", "c-2"])
        #expect(selection.companies[1].logoURL == nil)
        #expect(selection.email == "jane@example.com")
        #expect(selection.code == "123456")
    }

    @Test func customerMeDecodes() throws {
        let me = try Fixture.decode(Fixture.customerMe, as: CustomerMe.self).data
        #expect(me.client.lastName == "Customer")
        #expect(me.company.id == "c-1")
    }

    @Test func logoutWithoutDataDecodesAsEmpty() throws {
        _ = try Fixture.decode(Fixture.logout, as: EmptyPayload.self)
        _ = try APIClient.decode(APIClient.Response(statusCode: 204), as: EmptyPayload.self)
    }

    @Test func messageResponseDecodes() throws {
        let message = try Fixture.decode(#"{"success": true, "data": {"message": "Magic link sent"}}"#,
                                         as: MessagePayload.self).data
        #expect(message.message == "Magic link sent")
    }

    @Test func paginationIsUnwrappedBesideData() throws {
        let json = """
        {"success": true, "data": [{"id": "o-1"}, {"id": "o-2"}],
         "pagination": {"page": 1, "limit": 20, "total": 57, "total_pages": 3}}
        """
        let page = try Fixture.decode(json, as: [JSONValue].self)
        #expect(page.data.count == 2)
        #expect(page.data[0]["id"]?.stringValue == "o-1")
        #expect(page.pagination == Pagination(page: 1, limit: 20, total: 57, totalPages: 3))
    }

    /// Seed 003 spells the page count both ways (`totalPages`, limit 50; `total_pages`, limit 20).
    @Test(arguments: [#""total_pages": 3"#, #""totalPages": 3"#]) func paginationReadsEitherSpellingOfThePageCount(_ count: String) throws {
        let json = #"{"success": true, "data": [], "pagination": {"page": 1, "limit": 50, "total": 101, "# + count + "}}"
        #expect(try Fixture.decode(json, as: [JSONValue].self).pagination == Pagination(page: 1, limit: 50, total: 101, totalPages: 3))
        let missing = #"{"success": true, "data": [], "pagination": {"page": 1, "limit": 50, "total": 101}}"#
        #expect(throws: (any Error).self) { _ = try Fixture.decode(missing, as: [JSONValue].self) }
    }

    @Test(arguments: [("1", true), ("0", false), ("true", true), ("false", false)])
    func flagsAcceptIntegersAndBooleans(raw: String, expected: Bool) throws {
        let json = Fixture.tokenResponse.replacingOccurrences(of: #""is_active": 1"#, with: #""is_active": \#(raw)"#)
        #expect(try Fixture.decode(json, as: StaffTokenResponse.self).data.user.isActive == expected)
    }

    @Test func flagOutsideZeroOneNamesTheKeyPath() {
        let json = Fixture.tokenResponse.replacingOccurrences(of: #""is_active": 1"#, with: #""is_active": 2"#)
        expectDecodingError(json, as: StaffTokenResponse.self, keyPath: "data.user.is_active")
    }

    @Test func flagOfWrongTypeNamesTheKeyPath() {
        let json = Fixture.tokenResponse.replacingOccurrences(of: #""is_active": 1"#, with: #""is_active": "yes""#)
        expectDecodingError(json, as: StaffTokenResponse.self, keyPath: "data.user.is_active")
    }

    @Test func missingRequiredKeyNamesTheKeyPath() {
        let json = Fixture.tokenResponse.replacingOccurrences(of: #""company_id": "c-1", "#, with: "")
        expectDecodingError(json, as: StaffTokenResponse.self, keyPath: "data.user.company_id")
    }

    @Test func numericVATRateIsAnErrorNotACoercion() {
        let json = Fixture.tokenResponse.replacingOccurrences(of: #""vat_rate_repair": "20.00""#, with: #""vat_rate_repair": 20.0"#)
        expectDecodingError(json, as: StaffTokenResponse.self, keyPath: "data.company.vat_rate_repair")
    }

    @Test func nullRequiredFieldNamesTheKeyPath() {
        let json = Fixture.staffMe.replacingOccurrences(of: #""hasPassword": true"#, with: #""hasPassword": null"#)
        expectDecodingError(json, as: StaffMe.self, keyPath: "data.hasPassword")
    }

    @Test func wrongTypeInsideAnArrayNamesTheIndex() {
        let json = Fixture.customerSelection.replacingOccurrences(of: #""logoUrl": null"#, with: #""logoUrl": 7"#)
        expectDecodingError(json, as: CustomerVerifyResponse.self, keyPath: "data.companies[1].logoUrl")
    }

    @Test func camelCaseKeysWhereSnakeCaseIsExpectedAreRejected() {
        // The step-1 shape (camelCase) is not the token response's user (snake_case): the first key
        // it misses is named.
        let json = Fixture.tokenResponse.replacingOccurrences(of: #""first_name""#, with: #""firstName""#)
            .replacingOccurrences(of: #""company_id""#, with: #""companyId""#)
        expectDecodingError(json, as: StaffTokenResponse.self, keyPath: "data.user.first_name")
    }

    @Test func missingDataNamesTheKey() {
        expectDecodingError(#"{"success": true}"#, as: StaffMe.self, keyPath: "data")
    }

    @Test func unknownRoleIsKeptNotDropped() throws {
        let json = Fixture.tokenResponse.replacingOccurrences(of: #""role": "admin""#, with: #""role": "auditor""#)
        #expect(try Fixture.decode(json, as: StaffTokenResponse.self).data.user.role == .unknown("auditor"))
    }

    @Test func errorEnvelopeIsMappedEvenWithStatus200() {
        #expect(throws: RepairMinderError.validation(message: "Invalid or missing field: email")) {
            try Fixture.decode(#"{"success": false, "error": "Invalid or missing field: email"}"#,
                               as: EmptyPayload.self, status: 400)
        }
        #expect(throws: RepairMinderError.server(status: 200, message: "odd")) {
            try Fixture.decode(#"{"success": false, "error": "odd"}"#, as: EmptyPayload.self)
        }
    }

    @Test func nonJSONErrorBodyBecomesServerErrorWithStatus() {
        #expect(throws: RepairMinderError.server(status: 502, message: "HTTP 502")) {
            try APIClient.decode(APIClient.Response(statusCode: 502, body: Data("<html>".utf8)), as: StaffMe.self)
        }
    }

    @Test func quarantineEnvelopeCarriesCodeAndMessage() {
        let json = #"{"success": false, "error": "Your account has been suspended...", "code": "ACCOUNT_SUSPENDED"}"#
        #expect(throws: RepairMinderError.quarantined(code: .suspended, message: "Your account has been suspended...")) {
            try Fixture.decode(json, as: [JSONValue].self, status: 403)
        }
    }

    // MARK: Status and headers of an answer

    @Test func aDecodedAnswerCarriesItsStatusCodeAndHeaders() throws {
        let ok = try Fixture.decode(Fixture.staffMe, as: StaffMe.self)
        #expect(ok.statusCode == 200)
        #expect(ok.headers == ["content-type": "application/json"])
        #expect(ok.header("Content-Type") == "application/json")
        #expect(ok.header("CONTENT-TYPE") == "application/json")
        #expect(ok.header("ETag") == nil)

        let raw = APIClient.Response(statusCode: 201, headers: ["Content-Type": "application/json", "X-Request-Id": "r-1"],
                                     body: Data(#"{"success": true, "data": {"message": "Created"}}"#.utf8))
        let created = try APIClient.decode(raw, as: MessagePayload.self)
        #expect(created.data.message == "Created")
        #expect(created.statusCode == 201)
        #expect(created.header("x-request-id") == "r-1")

        let empty = try APIClient.decode(APIClient.Response(statusCode: 204, headers: ["X-Trace": "t"]), as: EmptyPayload.self)
        #expect(empty.statusCode == 204)
        #expect(empty.header("X-Trace") == "t")

        let file = try APIClient.decode(APIClient.Response(statusCode: 200, headers: ["Content-Type": "image/png"],
                                                           body: Data([1, 2])), as: BinaryBody.self)
        #expect(file.statusCode == 200)
        #expect(file.header("content-type") == "image/png")
        #expect(file.data.contentType == "image/png")
    }

    @Test func rawResponsesLowerCaseHeaderNames() {
        let raw = APIClient.Response(statusCode: 200, headers: ["Content-Type": "text/plain", "X-A": "1"])
        #expect(raw.headers == ["content-type": "text/plain", "x-a": "1"])
        #expect(raw.header("x-a") == "1")
        #expect(raw.header("X-A") == "1")
        let built = APIResponse(data: EmptyPayload(), statusCode: 202, headers: ["Retry-After": "5"])
        #expect(built.header("retry-after") == "5")
        #expect(built.pagination == nil)
    }

    /// Answers `/api/auth/me` 401 to the first token, then 200 with a marker header; refresh 200.
    actor RotatingServer: HTTPTransport {
        private(set) var seen: [String] = []

        func send(_ request: APIClient.Request) async throws -> APIClient.Response {
            seen.append("\(request.method.rawValue) \(request.url.path) \(request.headers["Authorization"] ?? "-")")
            switch (request.url.path, request.headers["Authorization"]) {
            case ("/api/auth/refresh", _):
                return Fixture.response(Fixture.refresh)
            case ("/api/auth/me", "Bearer access-1"):
                return APIClient.Response(statusCode: 401, headers: ["X-Attempt": "1"],
                                          body: Data(#"{"success": false, "error": "Unauthorized"}"#.utf8))
            default:
                return APIClient.Response(statusCode: 200, headers: ["Content-Type": "application/json", "X-Attempt": "2"],
                                          body: Data(Fixture.staffMe.utf8))
            }
        }
    }

    @Test func afterARefreshTheAnswerIsTheRetriedRequests() async throws {
        let server = RotatingServer()
        let store = InMemoryTokenStore()
        try await store.saveStaffCredentials(Fixture.staffCredentials(1))
        let client = APIClient(configuration: .init(baseURL: URL(string: "http://127.0.0.1:8787")!),
                               tokenStore: store, transport: server)
        let answer = try await client.response(API.StaffAuth.me())
        #expect(answer.statusCode == 200)
        #expect(answer.header("X-Attempt") == "2")
        #expect(answer.header("content-type") == "application/json")
        #expect(await server.seen == ["GET /api/auth/me Bearer access-1", "POST /api/auth/refresh -",
                                      "GET /api/auth/me Bearer jwt.access.2"])
    }

    private func expectDecodingError<T: Decodable & Sendable>(_ json: String, as type: T.Type, keyPath: String,
                                        sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try Fixture.decode(json, as: type)
            Issue.record("decoded without error", sourceLocation: sourceLocation)
        } catch let RepairMinderError.decoding(path, message) {
            #expect(path == keyPath, "message: \(message)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
        }
    }
}
