import Foundation

extension DeviceListItem {
    /// The device's client, `{id, name}`.
    public typealias Client = LocationRef
}

extension DeviceDetail {
    /// The brand name to show: the catalogue's, else the custom one.
    public var brandName: String? { brand?.name ?? customBrand }
    /// The model name to show: the catalogue's, else the custom one.
    public var modelName: String? { model?.name ?? customModel }
    /// Whether `status` may move to `next` now.
    public func canMove(to next: DeviceStatus) -> Bool { availableTransitions.contains { $0.status == next } }

    /// A catalogue brand or model, `{id, name}`.
    public typealias CatalogueEntry = LocationRef
    /// The authorisation's signature.
    public typealias Signature = Authorization.Signature



}

