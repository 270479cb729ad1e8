import Foundation
import Testing
import MockBasics
@testable import MockServer

/// RepairMinderClient's wire models are the payloads' declarations: the file of generated models is
/// what ClientModelsSwift makes of the app API's components (the objects that write
/// docs/openapi.yaml's), so a field added to a payload and not to the client, typed differently, or
/// made optional on one side only fails here.
/// `REPAIRMINDER_MOCK_WRITE_GENERATED=1 swift test --filter ClientModelsTests` rewrites the file.
@Suite struct ClientModelsTests {
    static let fileURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/RepairMinderClient/WireModels.generated.swift")

    static func generated() -> String {
        ClientModelsSwift.file(
            objects: ResponseComponents.appObjects.map { ($0.componentName, $0.wireObject) },
            requests: ResponseComponents.appRequests.map { ($0.componentName, $0.wireObject) },
            enumerations: ResponseComponents.enumerations.map {
                ClientModelsSwift.Enumeration(name: $0.componentName, values: $0.rawValues,
                                              description: $0.wireDescription, labels: labels($0))
            })
    }

    /// A labelled enumeration's display names, in its cases' order.
    static func labels(_ type: any WireEnumeration.Type) -> [String]? {
        guard let labelled = type as? any WireLabelledEnumeration.Type,
              case .string(_, let names?, _, _, _, _, _, _) = labelled.labelComponentSchema else { return nil }
        return names
    }

    @Test func theClientsModelsAreThePayloadsDeclarations() throws {
        let text = Self.generated()
        if ProcessInfo.processInfo.environment["REPAIRMINDER_MOCK_WRITE_GENERATED"] == "1" {
            try text.write(to: Self.fileURL, atomically: true, encoding: .utf8)
            return
        }
        let written = try String(contentsOf: Self.fileURL, encoding: .utf8)
        #expect(written == text, "Sources/RepairMinderClient/WireModels.generated.swift is stale: run REPAIRMINDER_MOCK_WRITE_GENERATED=1 swift test --filter ClientModelsTests")
    }

    @Test func namesFollowTheClientsRules() {
        #expect(ClientModelsSwift.camel("line_total_inc_vat") == "lineTotalIncVAT")
        #expect(ClientModelsSwift.camel("userId") == "userID")
        #expect(ClientModelsSwift.camel("logoUrl") == "logoURL")
        #expect(ClientModelsSwift.camel("requiresTwoFactor") == "requiresTwoFactor")
        #expect(ClientModelsSwift.camel("ACCOUNT_SUSPENDED") == "accountSuspended")
        #expect(ClientModelsSwift.singular("Companies") == "Company")
        #expect(ClientModelsSwift.singular("Devices") == "Device")
    }
}
