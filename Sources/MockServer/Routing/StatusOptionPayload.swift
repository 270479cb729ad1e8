import MockBasics
import MockStore
/// `{status, label}`: a device status with seed 003's display name — a device's
/// `available_transitions` in the app API (`GET /api/devices/{id}`) and in the console's
/// `GET /__mock/orders`, so both folders above share it.
@JSONObject
struct StatusOptionPayload: Sendable {
    let status: String
    let label: String

    init(_ status: DeviceStatus) {
        self.status = status.rawValue
        label = status.displayName
    }
}
