import Foundation
import MockBasics

/// What the mock's and the proxy's control APIs (`/__mock/…`) have in common: where it is and the
/// version both report.
package enum ControlAPI {
    /// The version `GET /__mock/health` reports (and the mock's MCP endpoint, and the proxy's HAR files).
    package static let version = "0.1.0"

    /// A path of the control API, `/__mock` and below (the mock's and the proxy's).
    package static func contains(_ path: String) -> Bool { path == "/__mock" || path.hasPrefix("/__mock/") }
}

// Health checks and readiness probes call `GET /__mock/health` more than any route.

/// `GET /__mock/health`'s data: a server that answers is well (the mock, and the proxy).
/*@JSONObject(component: "Health")*/
package struct HealthPayload {
    let status = "ok"
    let version: String
    /*@Schema(.timestamp)*/ let now: String

    package init(now: Date) {
        version = ControlAPI.version
        self.now = Timestamp.string(now)
    }
}
