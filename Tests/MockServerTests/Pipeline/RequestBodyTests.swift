import Foundation
import Testing
import MockBasics
import MockRouting
import MockStore
@testable import MockServer

/// A request body is read by its declaration (a `RequestBody` mark, MockBasics' `RequestObject`): each
/// key the way its property is declared, held to its schema, with the contract's 400s. The bodies here
/// are the routes' own declarations, read as `JSONBody.decode` reads a request's bytes.
@Suite struct RequestBodyTests {
    static func read<T: RequestObject>(_ type: T.Type, _ json: String, refusing: [String: APIFailure] = [:]) throws -> T {
        try JSONBody.decode(T.self, from: Data(json.utf8), refusing: refusing)
    }

    /// The failure reading `json` as `T` gives; nil when it reads.
    static func failure<T: RequestObject>(_ type: T.Type, _ json: String, refusing: [String: APIFailure] = [:]) -> APIFailure? {
        do {
            _ = try read(T.self, json, refusing: refusing)
            return nil
        } catch let failure as APIFailure {
            return failure
        } catch {
            Issue.record("not an APIFailure: \(error)")
            return nil
        }
    }

    static func field(_ name: String) -> APIFailure { .invalidField(name) }

    @Test func notAnObjectIsInvalidJSON() {
        for json in ["", "nope", "[]", "\"text\"", "{\"email\": \"a@b\""] {
            #expect(Self.failure(StaffLoginBody.self, json) == .invalidJSON, "\(json)")
        }
    }

    @Test func aRequiredKeyMustBeThereAndNotNull() throws {
        #expect(Self.failure(StaffLoginBody.self, #"{"email": "a@b.test"}"#) == Self.field("password"))
        #expect(Self.failure(StaffLoginBody.self, #"{"email": "a@b.test", "password": null}"#) == Self.field("password"))
        #expect(Self.failure(StaffLoginBody.self, #"{"email": 5, "password": "x"}"#) == Self.field("email"))
        // Declaration order: the first bad key is named.
        #expect(Self.failure(StaffLoginBody.self, #"{}"#) == Self.field("email"))
        let body = try Self.read(StaffLoginBody.self, #"{"password": "pw", "email": "a@b.test", "extra": [1]}"#)
        #expect(body.email == "a@b.test" && body.password == "pw")
    }

    @Test func anOptionalKeyMayBeLeftOutButNotNull() throws {
        #expect(Self.failure(PushPreferencesChange.self, #"{"push_enabled": null}"#) == Self.field("push_enabled"))
        #expect(Self.failure(PushPreferencesChange.self, #"{"push_enabled": 1}"#) == Self.field("push_enabled"))
        let change = try Self.read(PushPreferencesChange.self, #"{"marketing": false}"#)
        #expect(change.marketing == false && change.push_enabled == nil)
    }

    @Test func aNullableKeysNullIsLeftOut() throws {
        #expect(try Self.read(CustomerCodeRequestBody.self, #"{"email": "a@b.test", "companyId": null}"#).companyId == nil)
        #expect(try Self.read(CustomerCodeRequestBody.self, #"{"email": "a@b.test", "companyId": "c1"}"#).companyId == "c1")
    }

    @Test func aFieldUpdatesNullClearsAndItsAbsenceLeaves() throws {
        let cleared = try Self.read(OrderChangeBody.self, #"{"notes": null}"#)
        #expect(cleared.notes == .clear && cleared.location_id == nil)
        #expect(try Self.read(OrderChangeBody.self, #"{"notes": "n"}"#).notes == .set("n"))
        #expect(Self.failure(OrderChangeBody.self, #"{"location_id": ""}"#) == Self.field("location_id"))
        #expect(Self.failure(OrderChangeBody.self, "{\"location_id\": \"\(String(repeating: "a", count: 65))\"}") == Self.field("location_id"))
    }

    @Test func aChangeRefusesUnknownKeysAndNeedsOne() {
        #expect(Self.failure(OrderChangeBody.self, #"{"notes": "n", "bogus": 1, "another": 2}"#) == Self.field("another"))
        #expect(Self.failure(OrderChangeBody.self, #"{}"#) == .badRequest("No fields to update"))
        let computed = APIFailure.badRequest("computed")
        #expect(Self.failure(OrderChangeBody.self, #"{"status": "x", "bogus": 1}"#, refusing: ["status": computed]) == computed)
        // A change that ignores unknown keys does not count them.
        #expect(Self.failure(ProfileChangeBody.self, #"{"nickname": "x"}"#) == .badRequest("No fields to update"))
        #expect(Self.failure(TicketChangeBody.self, #"{"status": "nope"}"#) == Self.field("status"))
    }

    @Test func textIsTrimmedAndHeldToItsLimitsInScalars() throws {
        #expect(try Self.read(ProfileChangeBody.self, #"{"first_name": "  Ann \n"}"#).first_name == "Ann")
        #expect(Self.failure(ProfileChangeBody.self, #"{"first_name": " \t "}"#) == Self.field("first_name"))
        let hundred = String(repeating: "é", count: 100)
        #expect(try Self.read(ProfileChangeBody.self, "{\"last_name\": \"  \(hundred)  \"}").last_name == hundred)
        #expect(Self.failure(ProfileChangeBody.self, "{\"last_name\": \"\(hundred)x\"}") == Self.field("last_name"))
        #expect(try Self.read(ProfileChangeBody.self, #"{"phone": null}"#).phone == .clear)
        // Blank is judged by code point: a space carrying an accent is not blank.
        #expect(try Self.read(TicketNoteBody.self, "{\"body\": \" \u{301}\"}").body == " \u{301}")
        #expect(Self.failure(TicketNoteBody.self, "{\"body\": \"\u{3000}\u{2028}\"}") == Self.field("body"))
    }

    @Test func patternsValuesAndConstants() throws {
        let token = #"{"device_token": "%@", "platform": "ios", "app_type": "staff"}"#
        #expect(try Self.read(DeviceTokenRegistrationBody.self, token.replacingOccurrences(of: "%@", with: "abcdef12")).app_type == .staff)
        for bad in ["abc", "abcdef12\\n", "abcdef 12", String(repeating: "a", count: 513)] {
            #expect(Self.failure(DeviceTokenRegistrationBody.self, token.replacingOccurrences(of: "%@", with: bad)) == Self.field("device_token"), "\(bad)")
        }
        #expect(Self.failure(DeviceTokenRegistrationBody.self, #"{"device_token": "abcdef12", "platform": "android", "app_type": "staff"}"#)
                == Self.field("platform"))
        #expect(Self.failure(MagicLinkRequestBody.self, #"{"email": "nobody"}"#) == Self.field("email"))
        #expect(Self.failure(QuoteApprovalBody.self, #"{"signature": {"typed_name": "Jane", "terms_agreed": false}}"#)
                == Self.field("signature.terms_agreed"))
    }

    @Test func nestedObjectsMapsAndArraysNameTheirPath() throws {
        #expect(Self.failure(QuoteApprovalBody.self, #"{"signature": {"typed_name": "  ", "terms_agreed": true}}"#)
                == Self.field("signature.typed_name"))
        #expect(Self.failure(QuoteApprovalBody.self, #"{"signature": "Jane"}"#) == Self.field("signature"))
        #expect(try Self.read(QuoteApprovalBody.self, #"{"signature": {"typed_name": " Jane ", "terms_agreed": true}}"#)
                    .signature.typed_name == "Jane")
        #expect(Self.failure(MacroRunBody.self, #"{"macro_id": "m", "variable_overrides": {"nope": "x"}}"#)
                == Self.field("variable_overrides.nope"))
        let run = try Self.read(MacroRunBody.self, #"{"macro_id": "m", "variable_overrides": {"client_name": "Jo"}}"#)
        #expect(run.variable_overrides?.values == ["client_name": "Jo"])
        #expect(Self.failure(VarianceChange.self, #"{"vary": ["absent-nulls", 1]}"#) == Self.field("vary[1]"))
        // The overrides a request may name are the variables the store fills.
        #expect(Set(MacroVariables.bodyKeys) == TicketContext.variableNames)
    }

    @Test func numbersAreHeldToTheirBounds() throws {
        #expect(Self.failure(FaultRequest.self, #"{"path": "/api/*", "status": 600}"#) == Self.field("status"))
        #expect(Self.failure(FaultRequest.self, #"{"path": "/api/*", "latency_ms": 1.5}"#) == Self.field("latency_ms"))
        #expect(try Self.read(FaultRequest.self, #"{"path": "/api/*", "latency_ms": 5.0}"#).latency_ms == 5)
        #expect(Self.failure(FaultRequest.self, #"{"path": "/api/*", "method": "get", "status": 500}"#) == Self.field("method"))
        #expect(Self.failure(ClockChange.self, #"{"advance_seconds": 3153600001}"#) == Self.field("advance_seconds"))
    }

    @Test func theBodysOwnRulesForWhichKeysGoTogether() throws {
        #expect(Self.failure(ClockChange.self, #"{}"#) == .badRequest("Give advance_seconds, now or frozen"))
        // Its nulls are left out: they do not count as given.
        #expect(Self.failure(ClockChange.self, #"{"now": null, "frozen": null}"#) == .badRequest("Give advance_seconds, now or frozen"))
        #expect(Self.failure(ClockChange.self, #"{"advance_seconds": 1, "now": "2026-11-22T09:00:00Z"}"#)
                == .badRequest("Give exactly one of advance_seconds or now"))
        #expect(try Self.read(ClockChange.self, #"{"advance_seconds": 1, "now": null}"#).advance_seconds == 1)
    }

    @Test func aNULAnywhereIsRefusedWhereItIs() {
        #expect(Self.failure(StaffLoginBody.self, #"{"email": "a@b.test", "password": "p\u0000w"}"#) == Self.field("password"))
        #expect(Self.failure(StaffLoginBody.self, #"{"email": "a@b.test", "password": "pw", "x": ["\u0000"]}"#) == Self.field("x[0]"))
    }
}
