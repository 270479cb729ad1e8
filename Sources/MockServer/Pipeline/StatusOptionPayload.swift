import MockBasics
import MockStore
// In Pipeline/ because both folders above use it: a device's `available_transitions` in the app API
// (`GET /api/devices/{id}`) and in the console's `GET /__mock/orders`.

/// A device status with seed 003's display name.
/*@JSONObject(component: "StatusOption")*/
struct StatusOptionPayload: Sendable {
    let status: DeviceStatus
    let label: DisplayName<DeviceStatus>

    init(_ status: DeviceStatus) {
        self.status = status
        label = DisplayName(status)
    }
}
