// Generated from the mock's payload declarations (ResponseComponents, the same objects that
// write docs/openapi.yaml's components): do not edit. ClientModelsTests fails when it is stale;
// `REPAIRMINDER_MOCK_WRITE_GENERATED=1 swift test --filter ClientModelsTests` rewrites it.
// What is hand-written about these types lives in extensions in the other files.

import Foundation

/// A staff member where a resource names one (`assigned_user`, `assigned_engineer`, `created_by`,
/// `completed_by`).
public struct UserRef: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var firstName: String
    public var lastName: String
    /// "first last".
    public var name: String

    public init(id: String, firstName: String, lastName: String, name: String) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.name = name
    }

    enum CodingKeys: String, CodingKey {
        case id
        case firstName = "first_name"
        case lastName = "last_name"
        case name
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        firstName = try container.decode(String.self, forKey: .firstName)
        lastName = try container.decode(String.self, forKey: .lastName)
        name = try container.decode(String.self, forKey: .name)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(firstName, forKey: .firstName)
        try container.encode(lastName, forKey: .lastName)
        try container.encode(name, forKey: .name)
    }
}

/// A row named by its id and name (an order's or a ticket's location).
public struct LocationRef: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    enum CodingKeys: String, CodingKey {
        case id
        case name
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
    }
}

/// Computed from the items and payments, never stored (decided rules, docs/resources.md).
public struct OrderTotals: Codable, Sendable, Hashable {
    public var subtotal: Money
    public var vatTotal: Money
    /// subtotal + vat_total.
    public var grandTotal: Money
    /// Σ (payment amount − refunded amount).
    public var amountPaid: Money
    /// grand_total − amount_paid.
    public var balanceDue: Money

    public init(subtotal: Money, vatTotal: Money, grandTotal: Money, amountPaid: Money, balanceDue: Money) {
        self.subtotal = subtotal
        self.vatTotal = vatTotal
        self.grandTotal = grandTotal
        self.amountPaid = amountPaid
        self.balanceDue = balanceDue
    }

    enum CodingKeys: String, CodingKey {
        case subtotal
        case vatTotal = "vat_total"
        case grandTotal = "grand_total"
        case amountPaid = "amount_paid"
        case balanceDue = "balance_due"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        subtotal = try container.decode(Money.self, forKey: .subtotal)
        vatTotal = try container.decode(Money.self, forKey: .vatTotal)
        grandTotal = try container.decode(Money.self, forKey: .grandTotal)
        amountPaid = try container.decode(Money.self, forKey: .amountPaid)
        balanceDue = try container.decode(Money.self, forKey: .balanceDue)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(subtotal, forKey: .subtotal)
        try container.encode(vatTotal, forKey: .vatTotal)
        try container.encode(grandTotal, forKey: .grandTotal)
        try container.encode(amountPaid, forKey: .amountPaid)
        try container.encode(balanceDue, forKey: .balanceDue)
    }
}

/// A row of `GET /api/orders`.
public struct OrderListItem: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var orderNumber: Int
    public var status: OrderStatus
    public var paymentStatus: PaymentStatus
    public var intakeMethod: IntakeMethod
    public var client: Client
    public var location: LocationRef?
    public var assignedUser: UserRef?
    public var deviceCount: Int
    public var devices: [Device]
    public var grandTotal: Money
    public var balanceDue: Money
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    /// A client where a resource names one.
    public struct Client: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var firstName: String
        public var lastName: String
        /// "first last".
        public var name: String
        public var email: String

        public init(id: String, firstName: String, lastName: String, name: String, email: String) {
            self.id = id
            self.firstName = firstName
            self.lastName = lastName
            self.name = name
            self.email = email
        }

        enum CodingKeys: String, CodingKey {
            case id
            case firstName = "first_name"
            case lastName = "last_name"
            case name
            case email
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            firstName = try container.decode(String.self, forKey: .firstName)
            lastName = try container.decode(String.self, forKey: .lastName)
            name = try container.decode(String.self, forKey: .name)
            email = try container.decode(String.self, forKey: .email)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(firstName, forKey: .firstName)
            try container.encode(lastName, forKey: .lastName)
            try container.encode(name, forKey: .name)
            try container.encode(email, forKey: .email)
        }
    }

    public struct Device: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var displayName: String
        public var status: DeviceStatus
        public var workflowType: WorkflowType

        public init(id: String, displayName: String, status: DeviceStatus, workflowType: WorkflowType) {
            self.id = id
            self.displayName = displayName
            self.status = status
            self.workflowType = workflowType
        }

        enum CodingKeys: String, CodingKey {
            case id
            case displayName = "display_name"
            case status
            case workflowType = "workflow_type"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            displayName = try container.decode(String.self, forKey: .displayName)
            status = try container.decode(DeviceStatus.self, forKey: .status)
            workflowType = try container.decode(WorkflowType.self, forKey: .workflowType)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(displayName, forKey: .displayName)
            try container.encode(status, forKey: .status)
            try container.encode(workflowType, forKey: .workflowType)
        }
    }

    public init(id: String, orderNumber: Int, status: OrderStatus, paymentStatus: PaymentStatus, intakeMethod: IntakeMethod, client: Client, location: LocationRef? = nil, assignedUser: UserRef? = nil, deviceCount: Int, devices: [Device], grandTotal: Money, balanceDue: Money, createdAt: Timestamp, updatedAt: Timestamp) {
        self.id = id
        self.orderNumber = orderNumber
        self.status = status
        self.paymentStatus = paymentStatus
        self.intakeMethod = intakeMethod
        self.client = client
        self.location = location
        self.assignedUser = assignedUser
        self.deviceCount = deviceCount
        self.devices = devices
        self.grandTotal = grandTotal
        self.balanceDue = balanceDue
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id
        case orderNumber = "order_number"
        case status
        case paymentStatus = "payment_status"
        case intakeMethod = "intake_method"
        case client
        case location
        case assignedUser = "assigned_user"
        case deviceCount = "device_count"
        case devices
        case grandTotal = "grand_total"
        case balanceDue = "balance_due"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        orderNumber = try container.decode(Int.self, forKey: .orderNumber)
        status = try container.decode(OrderStatus.self, forKey: .status)
        paymentStatus = try container.decode(PaymentStatus.self, forKey: .paymentStatus)
        intakeMethod = try container.decode(IntakeMethod.self, forKey: .intakeMethod)
        client = try container.decode(Client.self, forKey: .client)
        location = try container.decodeIfPresent(LocationRef.self, forKey: .location)
        assignedUser = try container.decodeIfPresent(UserRef.self, forKey: .assignedUser)
        deviceCount = try container.decode(Int.self, forKey: .deviceCount)
        devices = try container.decode([Device].self, forKey: .devices)
        grandTotal = try container.decode(Money.self, forKey: .grandTotal)
        balanceDue = try container.decode(Money.self, forKey: .balanceDue)
        createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
        updatedAt = try container.decode(Timestamp.self, forKey: .updatedAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(orderNumber, forKey: .orderNumber)
        try container.encode(status, forKey: .status)
        try container.encode(paymentStatus, forKey: .paymentStatus)
        try container.encode(intakeMethod, forKey: .intakeMethod)
        try container.encode(client, forKey: .client)
        try container.encode(location, forKey: .location)
        try container.encode(assignedUser, forKey: .assignedUser)
        try container.encode(deviceCount, forKey: .deviceCount)
        try container.encode(devices, forKey: .devices)
        try container.encode(grandTotal, forKey: .grandTotal)
        try container.encode(balanceDue, forKey: .balanceDue)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}

/// `GET|PATCH /api/orders/{id}`: every section of seed 003's order detail.
public struct OrderDetail: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var orderNumber: Int
    public var status: OrderStatus
    public var paymentStatus: PaymentStatus
    public var intakeMethod: IntakeMethod
    public var notes: String?
    public var client: Client
    public var location: Location?
    public var assignedUser: UserRef?
    public var devices: [Device]
    /// Line items, oldest first. A `device_purchase` line (a buyback) is money the shop owes, so its
    /// `line_total` is negative (decided).
    public var items: [Item]
    /// By payment date. A buyback payout is a negative payment.
    public var payments: [Payment]
    public var totals: OrderTotals
    public var signatures: [Signature]
    /// The order's conversation (its newest ticket), or null when it has none.
    public var ticket: Ticket?
    public var dates: Dates

    public struct Client: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var firstName: String
        public var lastName: String
        /// "first last".
        public var name: String
        public var email: String
        public var phone: String?
        public var addressLine1: String?
        public var addressLine2: String?
        public var city: String?
        public var postcode: String?
        /// The address lines in one, joined with ", " (seed 003's `address`); null when the client has none.
        public var address: String?
        public var emailSuppressed: Bool

        public init(id: String, firstName: String, lastName: String, name: String, email: String, phone: String? = nil, addressLine1: String? = nil, addressLine2: String? = nil, city: String? = nil, postcode: String? = nil, address: String? = nil, emailSuppressed: Bool) {
            self.id = id
            self.firstName = firstName
            self.lastName = lastName
            self.name = name
            self.email = email
            self.phone = phone
            self.addressLine1 = addressLine1
            self.addressLine2 = addressLine2
            self.city = city
            self.postcode = postcode
            self.address = address
            self.emailSuppressed = emailSuppressed
        }

        enum CodingKeys: String, CodingKey {
            case id
            case firstName = "first_name"
            case lastName = "last_name"
            case name
            case email
            case phone
            case addressLine1 = "address_line1"
            case addressLine2 = "address_line2"
            case city
            case postcode
            case address
            case emailSuppressed = "email_suppressed"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            firstName = try container.decode(String.self, forKey: .firstName)
            lastName = try container.decode(String.self, forKey: .lastName)
            name = try container.decode(String.self, forKey: .name)
            email = try container.decode(String.self, forKey: .email)
            phone = try container.decodeIfPresent(String.self, forKey: .phone)
            addressLine1 = try container.decodeIfPresent(String.self, forKey: .addressLine1)
            addressLine2 = try container.decodeIfPresent(String.self, forKey: .addressLine2)
            city = try container.decodeIfPresent(String.self, forKey: .city)
            postcode = try container.decodeIfPresent(String.self, forKey: .postcode)
            address = try container.decodeIfPresent(String.self, forKey: .address)
            emailSuppressed = try container.decodeFlag(forKey: .emailSuppressed)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(firstName, forKey: .firstName)
            try container.encode(lastName, forKey: .lastName)
            try container.encode(name, forKey: .name)
            try container.encode(email, forKey: .email)
            try container.encode(phone, forKey: .phone)
            try container.encode(addressLine1, forKey: .addressLine1)
            try container.encode(addressLine2, forKey: .addressLine2)
            try container.encode(city, forKey: .city)
            try container.encode(postcode, forKey: .postcode)
            try container.encode(address, forKey: .address)
            try container.encode(emailSuppressed ? 1 : 0, forKey: .emailSuppressed)
        }
    }

    public struct Location: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var name: String
        public var addressLine1: String
        public var addressLine2: String?
        public var city: String
        public var postcode: String
        /// The address lines in one, joined with ", " (seed 003's `address`).
        public var address: String
        public var phone: String?

        public init(id: String, name: String, addressLine1: String, addressLine2: String? = nil, city: String, postcode: String, address: String, phone: String? = nil) {
            self.id = id
            self.name = name
            self.addressLine1 = addressLine1
            self.addressLine2 = addressLine2
            self.city = city
            self.postcode = postcode
            self.address = address
            self.phone = phone
        }

        enum CodingKeys: String, CodingKey {
            case id
            case name
            case addressLine1 = "address_line1"
            case addressLine2 = "address_line2"
            case city
            case postcode
            case address
            case phone
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            name = try container.decode(String.self, forKey: .name)
            addressLine1 = try container.decode(String.self, forKey: .addressLine1)
            addressLine2 = try container.decodeIfPresent(String.self, forKey: .addressLine2)
            city = try container.decode(String.self, forKey: .city)
            postcode = try container.decode(String.self, forKey: .postcode)
            address = try container.decode(String.self, forKey: .address)
            phone = try container.decodeIfPresent(String.self, forKey: .phone)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(addressLine1, forKey: .addressLine1)
            try container.encode(addressLine2, forKey: .addressLine2)
            try container.encode(city, forKey: .city)
            try container.encode(postcode, forKey: .postcode)
            try container.encode(address, forKey: .address)
            try container.encode(phone, forKey: .phone)
        }
    }

    public struct Device: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        /// "brand model".
        public var displayName: String
        public var brand: String
        public var model: String
        public var serialNumber: String?
        public var imei: String?
        public var status: DeviceStatus
        public var statusLabel: String
        public var workflowType: WorkflowType
        public var priority: DevicePriority
        public var authorizationStatus: AuthorizationStatus?
        public var assignedEngineer: UserRef?

        public init(id: String, displayName: String, brand: String, model: String, serialNumber: String? = nil, imei: String? = nil, status: DeviceStatus, statusLabel: String, workflowType: WorkflowType, priority: DevicePriority, authorizationStatus: AuthorizationStatus? = nil, assignedEngineer: UserRef? = nil) {
            self.id = id
            self.displayName = displayName
            self.brand = brand
            self.model = model
            self.serialNumber = serialNumber
            self.imei = imei
            self.status = status
            self.statusLabel = statusLabel
            self.workflowType = workflowType
            self.priority = priority
            self.authorizationStatus = authorizationStatus
            self.assignedEngineer = assignedEngineer
        }

        enum CodingKeys: String, CodingKey {
            case id
            case displayName = "display_name"
            case brand
            case model
            case serialNumber = "serial_number"
            case imei
            case status
            case statusLabel = "status_label"
            case workflowType = "workflow_type"
            case priority
            case authorizationStatus = "authorization_status"
            case assignedEngineer = "assigned_engineer"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            displayName = try container.decode(String.self, forKey: .displayName)
            brand = try container.decode(String.self, forKey: .brand)
            model = try container.decode(String.self, forKey: .model)
            serialNumber = try container.decodeIfPresent(String.self, forKey: .serialNumber)
            imei = try container.decodeIfPresent(String.self, forKey: .imei)
            status = try container.decode(DeviceStatus.self, forKey: .status)
            statusLabel = try container.decode(String.self, forKey: .statusLabel)
            workflowType = try container.decode(WorkflowType.self, forKey: .workflowType)
            priority = try container.decode(DevicePriority.self, forKey: .priority)
            authorizationStatus = try container.decodeIfPresent(AuthorizationStatus.self, forKey: .authorizationStatus)
            assignedEngineer = try container.decodeIfPresent(UserRef.self, forKey: .assignedEngineer)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(displayName, forKey: .displayName)
            try container.encode(brand, forKey: .brand)
            try container.encode(model, forKey: .model)
            try container.encode(serialNumber, forKey: .serialNumber)
            try container.encode(imei, forKey: .imei)
            try container.encode(status, forKey: .status)
            try container.encode(statusLabel, forKey: .statusLabel)
            try container.encode(workflowType, forKey: .workflowType)
            try container.encode(priority, forKey: .priority)
            try container.encode(authorizationStatus, forKey: .authorizationStatus)
            try container.encode(assignedEngineer, forKey: .assignedEngineer)
        }
    }

    public struct Item: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        /// A UUID string (decided).
        public var deviceID: String?
        /// Which of the company's four VAT rates the line uses.
        public var itemType: ItemType
        public var description: String
        public var quantity: Int
        public var unitPrice: Money
        public var vatRate: Percentage
        /// quantity × unit_price, ex VAT; negative for `device_purchase`.
        public var lineTotal: Money
        /// line_total × vat_rate / 100, rounded half away from zero to the penny.
        public var vatAmount: Money
        public var lineTotalIncVAT: Money

        public init(id: String, deviceID: String? = nil, itemType: ItemType, description: String, quantity: Int, unitPrice: Money, vatRate: Percentage, lineTotal: Money, vatAmount: Money, lineTotalIncVAT: Money) {
            self.id = id
            self.deviceID = deviceID
            self.itemType = itemType
            self.description = description
            self.quantity = quantity
            self.unitPrice = unitPrice
            self.vatRate = vatRate
            self.lineTotal = lineTotal
            self.vatAmount = vatAmount
            self.lineTotalIncVAT = lineTotalIncVAT
        }

        enum CodingKeys: String, CodingKey {
            case id
            case deviceID = "device_id"
            case itemType = "item_type"
            case description
            case quantity
            case unitPrice = "unit_price"
            case vatRate = "vat_rate"
            case lineTotal = "line_total"
            case vatAmount = "vat_amount"
            case lineTotalIncVAT = "line_total_inc_vat"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            deviceID = try container.decodeIfPresent(String.self, forKey: .deviceID)
            itemType = try container.decode(ItemType.self, forKey: .itemType)
            description = try container.decode(String.self, forKey: .description)
            quantity = try container.decode(Int.self, forKey: .quantity)
            unitPrice = try container.decode(Money.self, forKey: .unitPrice)
            vatRate = try container.decode(Percentage.self, forKey: .vatRate)
            lineTotal = try container.decode(Money.self, forKey: .lineTotal)
            vatAmount = try container.decode(Money.self, forKey: .vatAmount)
            lineTotalIncVAT = try container.decode(Money.self, forKey: .lineTotalIncVAT)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(deviceID, forKey: .deviceID)
            try container.encode(itemType, forKey: .itemType)
            try container.encode(description, forKey: .description)
            try container.encode(quantity, forKey: .quantity)
            try container.encode(unitPrice, forKey: .unitPrice)
            try container.encode(vatRate, forKey: .vatRate)
            try container.encode(lineTotal, forKey: .lineTotal)
            try container.encode(vatAmount, forKey: .vatAmount)
            try container.encode(lineTotalIncVAT, forKey: .lineTotalIncVAT)
        }
    }

    public struct Payment: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var amount: Money
        public var paymentMethod: PaymentMethod
        public var paymentDate: Timestamp
        public var isDeposit: Bool
        public var refundedAmount: Money
        /// amount − refunded_amount.
        public var refundableAmount: Money
        public var notes: String?

        public init(id: String, amount: Money, paymentMethod: PaymentMethod, paymentDate: Timestamp, isDeposit: Bool, refundedAmount: Money, refundableAmount: Money, notes: String? = nil) {
            self.id = id
            self.amount = amount
            self.paymentMethod = paymentMethod
            self.paymentDate = paymentDate
            self.isDeposit = isDeposit
            self.refundedAmount = refundedAmount
            self.refundableAmount = refundableAmount
            self.notes = notes
        }

        enum CodingKeys: String, CodingKey {
            case id
            case amount
            case paymentMethod = "payment_method"
            case paymentDate = "payment_date"
            case isDeposit = "is_deposit"
            case refundedAmount = "refunded_amount"
            case refundableAmount = "refundable_amount"
            case notes
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            amount = try container.decode(Money.self, forKey: .amount)
            paymentMethod = try container.decode(PaymentMethod.self, forKey: .paymentMethod)
            paymentDate = try container.decode(Timestamp.self, forKey: .paymentDate)
            isDeposit = try container.decodeFlag(forKey: .isDeposit)
            refundedAmount = try container.decode(Money.self, forKey: .refundedAmount)
            refundableAmount = try container.decode(Money.self, forKey: .refundableAmount)
            notes = try container.decodeIfPresent(String.self, forKey: .notes)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(amount, forKey: .amount)
            try container.encode(paymentMethod, forKey: .paymentMethod)
            try container.encode(paymentDate, forKey: .paymentDate)
            try container.encode(isDeposit ? 1 : 0, forKey: .isDeposit)
            try container.encode(refundedAmount, forKey: .refundedAmount)
            try container.encode(refundableAmount, forKey: .refundableAmount)
            try container.encode(notes, forKey: .notes)
        }
    }

    /// A signature with its id and, for a device's, the device.
    public struct Signature: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var signatureType: SignatureType
        public var typedName: String
        public var termsAgreed: Bool
        public var capturedAt: Timestamp
        /// A UUID string (decided).
        public var deviceID: String?

        public init(id: String, signatureType: SignatureType, typedName: String, termsAgreed: Bool, capturedAt: Timestamp, deviceID: String? = nil) {
            self.id = id
            self.signatureType = signatureType
            self.typedName = typedName
            self.termsAgreed = termsAgreed
            self.capturedAt = capturedAt
            self.deviceID = deviceID
        }

        enum CodingKeys: String, CodingKey {
            case id
            case signatureType = "signature_type"
            case typedName = "typed_name"
            case termsAgreed = "terms_agreed"
            case capturedAt = "captured_at"
            case deviceID = "device_id"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            signatureType = try container.decode(SignatureType.self, forKey: .signatureType)
            typedName = try container.decode(String.self, forKey: .typedName)
            termsAgreed = try container.decodeFlag(forKey: .termsAgreed)
            capturedAt = try container.decode(Timestamp.self, forKey: .capturedAt)
            deviceID = try container.decodeIfPresent(String.self, forKey: .deviceID)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(signatureType, forKey: .signatureType)
            try container.encode(typedName, forKey: .typedName)
            try container.encode(termsAgreed ? 1 : 0, forKey: .termsAgreed)
            try container.encode(capturedAt, forKey: .capturedAt)
            try container.encode(deviceID, forKey: .deviceID)
        }
    }

    public struct Ticket: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var ticketNumber: Int
        public var subject: String
        public var status: TicketStatus
        /// Every message, oldest first, internal notes included (the ticket detail has more per message).
        public var messages: [Message]

        /// The order view's short form of a ticket message (the ticket detail has the full one).
        public struct Message: Codable, Sendable, Hashable, Identifiable {
            public var id: String
            public var type: MessageType
            public var fromName: String?
            public var fromEmail: String?
            public var subject: String?
            public var bodyText: String
            /// A UUID string (decided).
            public var deviceID: String?
            public var createdBy: UserRef?
            public var createdAt: Timestamp

            public init(id: String, type: MessageType, fromName: String? = nil, fromEmail: String? = nil, subject: String? = nil, bodyText: String, deviceID: String? = nil, createdBy: UserRef? = nil, createdAt: Timestamp) {
                self.id = id
                self.type = type
                self.fromName = fromName
                self.fromEmail = fromEmail
                self.subject = subject
                self.bodyText = bodyText
                self.deviceID = deviceID
                self.createdBy = createdBy
                self.createdAt = createdAt
            }

            enum CodingKeys: String, CodingKey {
                case id
                case type
                case fromName = "from_name"
                case fromEmail = "from_email"
                case subject
                case bodyText = "body_text"
                case deviceID = "device_id"
                case createdBy = "created_by"
                case createdAt = "created_at"
            }

            public init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                id = try container.decode(String.self, forKey: .id)
                type = try container.decode(MessageType.self, forKey: .type)
                fromName = try container.decodeIfPresent(String.self, forKey: .fromName)
                fromEmail = try container.decodeIfPresent(String.self, forKey: .fromEmail)
                subject = try container.decodeIfPresent(String.self, forKey: .subject)
                bodyText = try container.decode(String.self, forKey: .bodyText)
                deviceID = try container.decodeIfPresent(String.self, forKey: .deviceID)
                createdBy = try container.decodeIfPresent(UserRef.self, forKey: .createdBy)
                createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
            }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(id, forKey: .id)
                try container.encode(type, forKey: .type)
                try container.encode(fromName, forKey: .fromName)
                try container.encode(fromEmail, forKey: .fromEmail)
                try container.encode(subject, forKey: .subject)
                try container.encode(bodyText, forKey: .bodyText)
                try container.encode(deviceID, forKey: .deviceID)
                try container.encode(createdBy, forKey: .createdBy)
                try container.encode(createdAt, forKey: .createdAt)
            }
        }

        public init(id: String, ticketNumber: Int, subject: String, status: TicketStatus, messages: [Message]) {
            self.id = id
            self.ticketNumber = ticketNumber
            self.subject = subject
            self.status = status
            self.messages = messages
        }

        enum CodingKeys: String, CodingKey {
            case id
            case ticketNumber = "ticket_number"
            case subject
            case status
            case messages
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            ticketNumber = try container.decode(Int.self, forKey: .ticketNumber)
            subject = try container.decode(String.self, forKey: .subject)
            status = try container.decode(TicketStatus.self, forKey: .status)
            messages = try container.decode([Message].self, forKey: .messages)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(ticketNumber, forKey: .ticketNumber)
            try container.encode(subject, forKey: .subject)
            try container.encode(status, forKey: .status)
            try container.encode(messages, forKey: .messages)
        }
    }

    public struct Dates: Codable, Sendable, Hashable {
        public var createdAt: Timestamp
        public var updatedAt: Timestamp
        /// Stamped when a device moves to `awaiting_authorisation`.
        public var quoteSentAt: Timestamp?
        /// Stamped when a device's quote is approved (`authorised_source_parts`, `ready_to_pay`).
        public var authorisedAt: Timestamp?
        /// Stamped when the order becomes `collected`.
        public var collectedAt: Timestamp?

        public init(createdAt: Timestamp, updatedAt: Timestamp, quoteSentAt: Timestamp? = nil, authorisedAt: Timestamp? = nil, collectedAt: Timestamp? = nil) {
            self.createdAt = createdAt
            self.updatedAt = updatedAt
            self.quoteSentAt = quoteSentAt
            self.authorisedAt = authorisedAt
            self.collectedAt = collectedAt
        }

        enum CodingKeys: String, CodingKey {
            case createdAt = "created_at"
            case updatedAt = "updated_at"
            case quoteSentAt = "quote_sent_at"
            case authorisedAt = "authorised_at"
            case collectedAt = "collected_at"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
            updatedAt = try container.decode(Timestamp.self, forKey: .updatedAt)
            quoteSentAt = try container.decodeIfPresent(Timestamp.self, forKey: .quoteSentAt)
            authorisedAt = try container.decodeIfPresent(Timestamp.self, forKey: .authorisedAt)
            collectedAt = try container.decodeIfPresent(Timestamp.self, forKey: .collectedAt)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(updatedAt, forKey: .updatedAt)
            try container.encode(quoteSentAt, forKey: .quoteSentAt)
            try container.encode(authorisedAt, forKey: .authorisedAt)
            try container.encode(collectedAt, forKey: .collectedAt)
        }
    }

    public init(id: String, orderNumber: Int, status: OrderStatus, paymentStatus: PaymentStatus, intakeMethod: IntakeMethod, notes: String? = nil, client: Client, location: Location? = nil, assignedUser: UserRef? = nil, devices: [Device], items: [Item], payments: [Payment], totals: OrderTotals, signatures: [Signature], ticket: Ticket? = nil, dates: Dates) {
        self.id = id
        self.orderNumber = orderNumber
        self.status = status
        self.paymentStatus = paymentStatus
        self.intakeMethod = intakeMethod
        self.notes = notes
        self.client = client
        self.location = location
        self.assignedUser = assignedUser
        self.devices = devices
        self.items = items
        self.payments = payments
        self.totals = totals
        self.signatures = signatures
        self.ticket = ticket
        self.dates = dates
    }

    enum CodingKeys: String, CodingKey {
        case id
        case orderNumber = "order_number"
        case status
        case paymentStatus = "payment_status"
        case intakeMethod = "intake_method"
        case notes
        case client
        case location
        case assignedUser = "assigned_user"
        case devices
        case items
        case payments
        case totals
        case signatures
        case ticket
        case dates
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        orderNumber = try container.decode(Int.self, forKey: .orderNumber)
        status = try container.decode(OrderStatus.self, forKey: .status)
        paymentStatus = try container.decode(PaymentStatus.self, forKey: .paymentStatus)
        intakeMethod = try container.decode(IntakeMethod.self, forKey: .intakeMethod)
        notes = try container.decodeIfPresent(String.self, forKey: .notes)
        client = try container.decode(Client.self, forKey: .client)
        location = try container.decodeIfPresent(Location.self, forKey: .location)
        assignedUser = try container.decodeIfPresent(UserRef.self, forKey: .assignedUser)
        devices = try container.decode([Device].self, forKey: .devices)
        items = try container.decode([Item].self, forKey: .items)
        payments = try container.decode([Payment].self, forKey: .payments)
        totals = try container.decode(OrderTotals.self, forKey: .totals)
        signatures = try container.decode([Signature].self, forKey: .signatures)
        ticket = try container.decodeIfPresent(Ticket.self, forKey: .ticket)
        dates = try container.decode(Dates.self, forKey: .dates)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(orderNumber, forKey: .orderNumber)
        try container.encode(status, forKey: .status)
        try container.encode(paymentStatus, forKey: .paymentStatus)
        try container.encode(intakeMethod, forKey: .intakeMethod)
        try container.encode(notes, forKey: .notes)
        try container.encode(client, forKey: .client)
        try container.encode(location, forKey: .location)
        try container.encode(assignedUser, forKey: .assignedUser)
        try container.encode(devices, forKey: .devices)
        try container.encode(items, forKey: .items)
        try container.encode(payments, forKey: .payments)
        try container.encode(totals, forKey: .totals)
        try container.encode(signatures, forKey: .signatures)
        try container.encode(ticket, forKey: .ticket)
        try container.encode(dates, forKey: .dates)
    }
}

/// A row of `GET /api/tickets`.
public struct TicketListItem: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var ticketNumber: Int
    public var subject: String
    public var status: TicketStatus
    public var ticketType: TicketType
    /// A UUID string (decided).
    public var orderID: String?
    /// Null for an enquiry from someone who is not a client.
    public var client: Client?
    public var assignedUser: UserRef?
    public var location: LocationRef?
    /// 1 when the enquiry came in on an address of no particular shop; a reply needs a location first.
    public var requiresLocation: Bool
    public var messageCount: Int
    /// The decided awaiting-reply rule (docs/resources.md).
    public var awaitingReply: Bool
    public var lastMessageAt: Timestamp?
    /// The newest message's text on one line, at most 140 characters (137 and `...` when cut).
    public var lastMessagePreview: String?
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    public struct Client: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var name: String
        public var email: String

        public init(id: String, name: String, email: String) {
            self.id = id
            self.name = name
            self.email = email
        }

        enum CodingKeys: String, CodingKey {
            case id
            case name
            case email
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            name = try container.decode(String.self, forKey: .name)
            email = try container.decode(String.self, forKey: .email)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(email, forKey: .email)
        }
    }

    public init(id: String, ticketNumber: Int, subject: String, status: TicketStatus, ticketType: TicketType, orderID: String? = nil, client: Client? = nil, assignedUser: UserRef? = nil, location: LocationRef? = nil, requiresLocation: Bool, messageCount: Int, awaitingReply: Bool, lastMessageAt: Timestamp? = nil, lastMessagePreview: String? = nil, createdAt: Timestamp, updatedAt: Timestamp) {
        self.id = id
        self.ticketNumber = ticketNumber
        self.subject = subject
        self.status = status
        self.ticketType = ticketType
        self.orderID = orderID
        self.client = client
        self.assignedUser = assignedUser
        self.location = location
        self.requiresLocation = requiresLocation
        self.messageCount = messageCount
        self.awaitingReply = awaitingReply
        self.lastMessageAt = lastMessageAt
        self.lastMessagePreview = lastMessagePreview
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id
        case ticketNumber = "ticket_number"
        case subject
        case status
        case ticketType = "ticket_type"
        case orderID = "order_id"
        case client
        case assignedUser = "assigned_user"
        case location
        case requiresLocation = "requires_location"
        case messageCount = "message_count"
        case awaitingReply = "awaiting_reply"
        case lastMessageAt = "last_message_at"
        case lastMessagePreview = "last_message_preview"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        ticketNumber = try container.decode(Int.self, forKey: .ticketNumber)
        subject = try container.decode(String.self, forKey: .subject)
        status = try container.decode(TicketStatus.self, forKey: .status)
        ticketType = try container.decode(TicketType.self, forKey: .ticketType)
        orderID = try container.decodeIfPresent(String.self, forKey: .orderID)
        client = try container.decodeIfPresent(Client.self, forKey: .client)
        assignedUser = try container.decodeIfPresent(UserRef.self, forKey: .assignedUser)
        location = try container.decodeIfPresent(LocationRef.self, forKey: .location)
        requiresLocation = try container.decodeFlag(forKey: .requiresLocation)
        messageCount = try container.decode(Int.self, forKey: .messageCount)
        awaitingReply = try container.decodeFlag(forKey: .awaitingReply)
        lastMessageAt = try container.decodeIfPresent(Timestamp.self, forKey: .lastMessageAt)
        lastMessagePreview = try container.decodeIfPresent(String.self, forKey: .lastMessagePreview)
        createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
        updatedAt = try container.decode(Timestamp.self, forKey: .updatedAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(ticketNumber, forKey: .ticketNumber)
        try container.encode(subject, forKey: .subject)
        try container.encode(status, forKey: .status)
        try container.encode(ticketType, forKey: .ticketType)
        try container.encode(orderID, forKey: .orderID)
        try container.encode(client, forKey: .client)
        try container.encode(assignedUser, forKey: .assignedUser)
        try container.encode(location, forKey: .location)
        try container.encode(requiresLocation ? 1 : 0, forKey: .requiresLocation)
        try container.encode(messageCount, forKey: .messageCount)
        try container.encode(awaitingReply ? 1 : 0, forKey: .awaitingReply)
        try container.encode(lastMessageAt, forKey: .lastMessageAt)
        try container.encode(lastMessagePreview, forKey: .lastMessagePreview)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}

public struct TicketEvent: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    /// The mock writes `sent` (`{"provider": "mock"}`) and `suppressed` (`{"reason": "email_suppressed" |
    /// "generated_email"}`) on a reply, `status_changed` (`{"from", "to", "by"}`) and `assigned`
    /// (`{"assigned_user_id", "by"}`) on the ticket; the seed adds `delivered`, `opened`, `bounced`.
    public var eventType: String
    /// The event's JSON object, or null.
    public var eventData: [String: JSONValue]?
    public var createdAt: Timestamp

    public init(id: String, eventType: String, eventData: [String: JSONValue]? = nil, createdAt: Timestamp) {
        self.id = id
        self.eventType = eventType
        self.eventData = eventData
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id
        case eventType = "event_type"
        case eventData = "event_data"
        case createdAt = "created_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        eventType = try container.decode(String.self, forKey: .eventType)
        eventData = try container.decodeIfPresent([String: JSONValue].self, forKey: .eventData)
        createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(eventType, forKey: .eventType)
        try container.encode(eventData, forKey: .eventData)
        try container.encode(createdAt, forKey: .createdAt)
    }
}

public struct TicketMessage: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var type: MessageType
    public var fromEmail: String?
    public var fromName: String?
    /// An email address, or a phone number for `outbound_sms`.
    public var toEmail: String?
    public var subject: String?
    public var bodyText: String
    public var bodyHtml: String?
    /// A UUID string (decided).
    public var deviceID: String?
    /// The linked device's display name.
    public var deviceName: String?
    /// The staff author; null for inbound mail.
    public var createdBy: UserRef?
    public var createdAt: Timestamp
    /// The message's delivery events, oldest first.
    public var events: [TicketEvent]
    public var attachments: [Attachment]

    public struct Attachment: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var filename: String
        public var contentType: String
        public var sizeBytes: Int
        /// `http://<Host>[/ns/<name>]/api/tickets/{id}/attachments/{attachmentId}`, absolute when the request
        /// named a plausible `Host` (the staff token is needed to fetch it).
        public var downloadURL: String

        public init(id: String, filename: String, contentType: String, sizeBytes: Int, downloadURL: String) {
            self.id = id
            self.filename = filename
            self.contentType = contentType
            self.sizeBytes = sizeBytes
            self.downloadURL = downloadURL
        }

        enum CodingKeys: String, CodingKey {
            case id
            case filename
            case contentType = "content_type"
            case sizeBytes = "size_bytes"
            case downloadURL = "download_url"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            filename = try container.decode(String.self, forKey: .filename)
            contentType = try container.decode(String.self, forKey: .contentType)
            sizeBytes = try container.decode(Int.self, forKey: .sizeBytes)
            downloadURL = try container.decode(String.self, forKey: .downloadURL)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(filename, forKey: .filename)
            try container.encode(contentType, forKey: .contentType)
            try container.encode(sizeBytes, forKey: .sizeBytes)
            try container.encode(downloadURL, forKey: .downloadURL)
        }
    }

    public init(id: String, type: MessageType, fromEmail: String? = nil, fromName: String? = nil, toEmail: String? = nil, subject: String? = nil, bodyText: String, bodyHtml: String? = nil, deviceID: String? = nil, deviceName: String? = nil, createdBy: UserRef? = nil, createdAt: Timestamp, events: [TicketEvent], attachments: [Attachment]) {
        self.id = id
        self.type = type
        self.fromEmail = fromEmail
        self.fromName = fromName
        self.toEmail = toEmail
        self.subject = subject
        self.bodyText = bodyText
        self.bodyHtml = bodyHtml
        self.deviceID = deviceID
        self.deviceName = deviceName
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.events = events
        self.attachments = attachments
    }

    enum CodingKeys: String, CodingKey {
        case id
        case type
        case fromEmail = "from_email"
        case fromName = "from_name"
        case toEmail = "to_email"
        case subject
        case bodyText = "body_text"
        case bodyHtml = "body_html"
        case deviceID = "device_id"
        case deviceName = "device_name"
        case createdBy = "created_by"
        case createdAt = "created_at"
        case events
        case attachments
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        type = try container.decode(MessageType.self, forKey: .type)
        fromEmail = try container.decodeIfPresent(String.self, forKey: .fromEmail)
        fromName = try container.decodeIfPresent(String.self, forKey: .fromName)
        toEmail = try container.decodeIfPresent(String.self, forKey: .toEmail)
        subject = try container.decodeIfPresent(String.self, forKey: .subject)
        bodyText = try container.decode(String.self, forKey: .bodyText)
        bodyHtml = try container.decodeIfPresent(String.self, forKey: .bodyHtml)
        deviceID = try container.decodeIfPresent(String.self, forKey: .deviceID)
        deviceName = try container.decodeIfPresent(String.self, forKey: .deviceName)
        createdBy = try container.decodeIfPresent(UserRef.self, forKey: .createdBy)
        createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
        events = try container.decode([TicketEvent].self, forKey: .events)
        attachments = try container.decode([Attachment].self, forKey: .attachments)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(fromEmail, forKey: .fromEmail)
        try container.encode(fromName, forKey: .fromName)
        try container.encode(toEmail, forKey: .toEmail)
        try container.encode(subject, forKey: .subject)
        try container.encode(bodyText, forKey: .bodyText)
        try container.encode(bodyHtml, forKey: .bodyHtml)
        try container.encode(deviceID, forKey: .deviceID)
        try container.encode(deviceName, forKey: .deviceName)
        try container.encode(createdBy, forKey: .createdBy)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(events, forKey: .events)
        try container.encode(attachments, forKey: .attachments)
    }
}

/// `GET|PATCH /api/tickets/{id}` and the answers of reply and note.
public struct TicketDetail: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var ticketNumber: Int
    public var subject: String
    public var status: TicketStatus
    public var ticketType: TicketType
    /// A UUID string (decided).
    public var orderID: String?
    public var client: Client?
    public var assignedUser: UserRef?
    public var location: LocationRef?
    public var requiresLocation: Bool
    /// The company address the enquiry came in on, or null.
    public var receivedCustomEmail: ReceivedCustomEmail?
    public var awaitingReply: Bool
    /// Oldest first.
    public var messages: [TicketMessage]
    /// The ticket's own events (status changes, assignments), oldest first.
    public var events: [TicketEvent]
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    public struct Client: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var firstName: String
        public var lastName: String
        /// "first last".
        public var name: String
        public var email: String
        public var phone: String?
        public var emailSuppressed: Bool
        public var isGeneratedEmail: Bool

        public init(id: String, firstName: String, lastName: String, name: String, email: String, phone: String? = nil, emailSuppressed: Bool, isGeneratedEmail: Bool) {
            self.id = id
            self.firstName = firstName
            self.lastName = lastName
            self.name = name
            self.email = email
            self.phone = phone
            self.emailSuppressed = emailSuppressed
            self.isGeneratedEmail = isGeneratedEmail
        }

        enum CodingKeys: String, CodingKey {
            case id
            case firstName = "first_name"
            case lastName = "last_name"
            case name
            case email
            case phone
            case emailSuppressed = "email_suppressed"
            case isGeneratedEmail = "is_generated_email"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            firstName = try container.decode(String.self, forKey: .firstName)
            lastName = try container.decode(String.self, forKey: .lastName)
            name = try container.decode(String.self, forKey: .name)
            email = try container.decode(String.self, forKey: .email)
            phone = try container.decodeIfPresent(String.self, forKey: .phone)
            emailSuppressed = try container.decodeFlag(forKey: .emailSuppressed)
            isGeneratedEmail = try container.decodeFlag(forKey: .isGeneratedEmail)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(firstName, forKey: .firstName)
            try container.encode(lastName, forKey: .lastName)
            try container.encode(name, forKey: .name)
            try container.encode(email, forKey: .email)
            try container.encode(phone, forKey: .phone)
            try container.encode(emailSuppressed ? 1 : 0, forKey: .emailSuppressed)
            try container.encode(isGeneratedEmail ? 1 : 0, forKey: .isGeneratedEmail)
        }
    }

    public struct ReceivedCustomEmail: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var emailAddress: String
        public var displayName: String

        public init(id: String, emailAddress: String, displayName: String) {
            self.id = id
            self.emailAddress = emailAddress
            self.displayName = displayName
        }

        enum CodingKeys: String, CodingKey {
            case id
            case emailAddress = "email_address"
            case displayName = "display_name"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            emailAddress = try container.decode(String.self, forKey: .emailAddress)
            displayName = try container.decode(String.self, forKey: .displayName)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(emailAddress, forKey: .emailAddress)
            try container.encode(displayName, forKey: .displayName)
        }
    }

    public init(id: String, ticketNumber: Int, subject: String, status: TicketStatus, ticketType: TicketType, orderID: String? = nil, client: Client? = nil, assignedUser: UserRef? = nil, location: LocationRef? = nil, requiresLocation: Bool, receivedCustomEmail: ReceivedCustomEmail? = nil, awaitingReply: Bool, messages: [TicketMessage], events: [TicketEvent], createdAt: Timestamp, updatedAt: Timestamp) {
        self.id = id
        self.ticketNumber = ticketNumber
        self.subject = subject
        self.status = status
        self.ticketType = ticketType
        self.orderID = orderID
        self.client = client
        self.assignedUser = assignedUser
        self.location = location
        self.requiresLocation = requiresLocation
        self.receivedCustomEmail = receivedCustomEmail
        self.awaitingReply = awaitingReply
        self.messages = messages
        self.events = events
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id
        case ticketNumber = "ticket_number"
        case subject
        case status
        case ticketType = "ticket_type"
        case orderID = "order_id"
        case client
        case assignedUser = "assigned_user"
        case location
        case requiresLocation = "requires_location"
        case receivedCustomEmail = "received_custom_email"
        case awaitingReply = "awaiting_reply"
        case messages
        case events
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        ticketNumber = try container.decode(Int.self, forKey: .ticketNumber)
        subject = try container.decode(String.self, forKey: .subject)
        status = try container.decode(TicketStatus.self, forKey: .status)
        ticketType = try container.decode(TicketType.self, forKey: .ticketType)
        orderID = try container.decodeIfPresent(String.self, forKey: .orderID)
        client = try container.decodeIfPresent(Client.self, forKey: .client)
        assignedUser = try container.decodeIfPresent(UserRef.self, forKey: .assignedUser)
        location = try container.decodeIfPresent(LocationRef.self, forKey: .location)
        requiresLocation = try container.decodeFlag(forKey: .requiresLocation)
        receivedCustomEmail = try container.decodeIfPresent(ReceivedCustomEmail.self, forKey: .receivedCustomEmail)
        awaitingReply = try container.decodeFlag(forKey: .awaitingReply)
        messages = try container.decode([TicketMessage].self, forKey: .messages)
        events = try container.decode([TicketEvent].self, forKey: .events)
        createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
        updatedAt = try container.decode(Timestamp.self, forKey: .updatedAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(ticketNumber, forKey: .ticketNumber)
        try container.encode(subject, forKey: .subject)
        try container.encode(status, forKey: .status)
        try container.encode(ticketType, forKey: .ticketType)
        try container.encode(orderID, forKey: .orderID)
        try container.encode(client, forKey: .client)
        try container.encode(assignedUser, forKey: .assignedUser)
        try container.encode(location, forKey: .location)
        try container.encode(requiresLocation ? 1 : 0, forKey: .requiresLocation)
        try container.encode(receivedCustomEmail, forKey: .receivedCustomEmail)
        try container.encode(awaitingReply ? 1 : 0, forKey: .awaitingReply)
        try container.encode(messages, forKey: .messages)
        try container.encode(events, forKey: .events)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}

/// `POST /api/tickets/:id/generate-response`
public struct GeneratedResponse: Codable, Sendable, Hashable {
    /// Plain text, lines separated by `\n`.
    public var response: String

    public init(response: String) {
        self.response = response
    }

    enum CodingKeys: String, CodingKey {
        case response
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        response = try container.decode(String.self, forKey: .response)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(response, forKey: .response)
    }
}

/// `POST /api/tickets/:id/macro`: the stage sent now, the stages scheduled, and the ticket after it.
public struct MacroRun: Codable, Sendable, Hashable {
    public var macroID: String
    /// The first stage's message, as sent now.
    public var sent: TicketMessage
    /// The later stages, in order, each `delay_minutes` after the one before.
    public var scheduled: [Scheduled]
    public var ticket: TicketDetail

    public struct Scheduled: Codable, Sendable, Hashable {
        public var stageID: String
        public var position: Int
        /// The stage's subject with the variables filled in.
        public var subject: String
        public var scheduledFor: Timestamp

        public init(stageID: String, position: Int, subject: String, scheduledFor: Timestamp) {
            self.stageID = stageID
            self.position = position
            self.subject = subject
            self.scheduledFor = scheduledFor
        }

        enum CodingKeys: String, CodingKey {
            case stageID = "stage_id"
            case position
            case subject
            case scheduledFor = "scheduled_for"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            stageID = try container.decode(String.self, forKey: .stageID)
            position = try container.decode(Int.self, forKey: .position)
            subject = try container.decode(String.self, forKey: .subject)
            scheduledFor = try container.decode(Timestamp.self, forKey: .scheduledFor)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(stageID, forKey: .stageID)
            try container.encode(position, forKey: .position)
            try container.encode(subject, forKey: .subject)
            try container.encode(scheduledFor, forKey: .scheduledFor)
        }
    }

    public init(macroID: String, sent: TicketMessage, scheduled: [Scheduled], ticket: TicketDetail) {
        self.macroID = macroID
        self.sent = sent
        self.scheduled = scheduled
        self.ticket = ticket
    }

    enum CodingKeys: String, CodingKey {
        case macroID = "macro_id"
        case sent
        case scheduled
        case ticket
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        macroID = try container.decode(String.self, forKey: .macroID)
        sent = try container.decode(TicketMessage.self, forKey: .sent)
        scheduled = try container.decode([Scheduled].self, forKey: .scheduled)
        ticket = try container.decode(TicketDetail.self, forKey: .ticket)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(macroID, forKey: .macroID)
        try container.encode(sent, forKey: .sent)
        try container.encode(scheduled, forKey: .scheduled)
        try container.encode(ticket, forKey: .ticket)
    }
}

/// A macro of `GET /api/macros`.
public struct Macro: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    public var description: String?
    public var isActive: Bool
    /// By position; the first is sent when the macro runs.
    public var stages: [Stage]

    public struct Stage: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var position: Int
        /// Minutes after the previous stage (0 for the first).
        public var delayMinutes: Int
        public var subject: String
        /// Plain text with `{{variable}}` placeholders (see `MacroVariables`).
        public var body: String

        public init(id: String, position: Int, delayMinutes: Int, subject: String, body: String) {
            self.id = id
            self.position = position
            self.delayMinutes = delayMinutes
            self.subject = subject
            self.body = body
        }

        enum CodingKeys: String, CodingKey {
            case id
            case position
            case delayMinutes = "delay_minutes"
            case subject
            case body
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            position = try container.decode(Int.self, forKey: .position)
            delayMinutes = try container.decode(Int.self, forKey: .delayMinutes)
            subject = try container.decode(String.self, forKey: .subject)
            body = try container.decode(String.self, forKey: .body)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(position, forKey: .position)
            try container.encode(delayMinutes, forKey: .delayMinutes)
            try container.encode(subject, forKey: .subject)
            try container.encode(body, forKey: .body)
        }
    }

    public init(id: String, name: String, description: String? = nil, isActive: Bool, stages: [Stage]) {
        self.id = id
        self.name = name
        self.description = description
        self.isActive = isActive
        self.stages = stages
    }

    enum CodingKeys: String, CodingKey {
        case id
        case name
        case description
        case isActive = "is_active"
        case stages
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        isActive = try container.decodeFlag(forKey: .isActive)
        stages = try container.decode([Stage].self, forKey: .stages)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(description, forKey: .description)
        try container.encode(isActive ? 1 : 0, forKey: .isActive)
        try container.encode(stages, forKey: .stages)
    }
}

/// A device status with seed 003's display name.
public struct WorkflowTransition: Codable, Sendable, Hashable {
    public var status: DeviceStatus
    public var label: String

    public init(status: DeviceStatus, label: String) {
        self.status = status
        self.label = label
    }

    enum CodingKeys: String, CodingKey {
        case status
        case label
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try container.decode(DeviceStatus.self, forKey: .status)
        label = try container.decode(String.self, forKey: .label)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encode(label, forKey: .label)
    }
}

/// A row of `GET /api/devices`, `my-queue` and `my-active-work`.
public struct DeviceListItem: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var orderID: String
    public var orderNumber: Int
    /// "brand model".
    public var displayName: String
    public var brand: String
    public var model: String
    public var serialNumber: String?
    public var imei: String?
    public var status: DeviceStatus
    public var statusLabel: String
    public var workflowType: WorkflowType
    public var priority: DevicePriority
    public var assignedEngineer: UserRef?
    public var client: LocationRef
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    public init(id: String, orderID: String, orderNumber: Int, displayName: String, brand: String, model: String, serialNumber: String? = nil, imei: String? = nil, status: DeviceStatus, statusLabel: String, workflowType: WorkflowType, priority: DevicePriority, assignedEngineer: UserRef? = nil, client: LocationRef, createdAt: Timestamp, updatedAt: Timestamp) {
        self.id = id
        self.orderID = orderID
        self.orderNumber = orderNumber
        self.displayName = displayName
        self.brand = brand
        self.model = model
        self.serialNumber = serialNumber
        self.imei = imei
        self.status = status
        self.statusLabel = statusLabel
        self.workflowType = workflowType
        self.priority = priority
        self.assignedEngineer = assignedEngineer
        self.client = client
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id
        case orderID = "order_id"
        case orderNumber = "order_number"
        case displayName = "display_name"
        case brand
        case model
        case serialNumber = "serial_number"
        case imei
        case status
        case statusLabel = "status_label"
        case workflowType = "workflow_type"
        case priority
        case assignedEngineer = "assigned_engineer"
        case client
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        orderID = try container.decode(String.self, forKey: .orderID)
        orderNumber = try container.decode(Int.self, forKey: .orderNumber)
        displayName = try container.decode(String.self, forKey: .displayName)
        brand = try container.decode(String.self, forKey: .brand)
        model = try container.decode(String.self, forKey: .model)
        serialNumber = try container.decodeIfPresent(String.self, forKey: .serialNumber)
        imei = try container.decodeIfPresent(String.self, forKey: .imei)
        status = try container.decode(DeviceStatus.self, forKey: .status)
        statusLabel = try container.decode(String.self, forKey: .statusLabel)
        workflowType = try container.decode(WorkflowType.self, forKey: .workflowType)
        priority = try container.decode(DevicePriority.self, forKey: .priority)
        assignedEngineer = try container.decodeIfPresent(UserRef.self, forKey: .assignedEngineer)
        client = try container.decode(LocationRef.self, forKey: .client)
        createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
        updatedAt = try container.decode(Timestamp.self, forKey: .updatedAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(orderID, forKey: .orderID)
        try container.encode(orderNumber, forKey: .orderNumber)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(brand, forKey: .brand)
        try container.encode(model, forKey: .model)
        try container.encode(serialNumber, forKey: .serialNumber)
        try container.encode(imei, forKey: .imei)
        try container.encode(status, forKey: .status)
        try container.encode(statusLabel, forKey: .statusLabel)
        try container.encode(workflowType, forKey: .workflowType)
        try container.encode(priority, forKey: .priority)
        try container.encode(assignedEngineer, forKey: .assignedEngineer)
        try container.encode(client, forKey: .client)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}

/// `GET|PATCH /api/devices/{id}` and `GET /api/orders/{orderId}/devices/{deviceId}`: seed 003's device
/// detail. Every key is always present, null when empty.
public struct DeviceDetail: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var orderID: String
    public var orderNumber: Int
    public var displayName: String
    public var status: DeviceStatus
    public var statusLabel: String
    public var workflowType: WorkflowType
    public var priority: DevicePriority
    /// The catalogue brand, or null when the device's brand is not in the catalogue (then `custom_brand`
    /// holds it).
    public var brand: LocationRef?
    /// The catalogue model, or null (then `custom_model` holds it).
    public var model: LocationRef?
    public var customBrand: String?
    public var customModel: String?
    public var serialNumber: String?
    public var imei: String?
    public var colour: String?
    public var storageCapacity: String?
    public var passcodeType: String?
    public var findMyStatus: String?
    public var conditionGrade: String?
    public var customerReportedIssues: String?
    public var technicianFoundIssues: String?
    public var assignedEngineer: UserRef?
    public var subLocation: SubLocation?
    public var diagnosisNotes: String?
    public var repairNotes: String?
    public var technicianNotes: String?
    /// The customer's reason when they rejected the quote in the portal.
    public var authorizationNotes: String?
    public var authorization: Authorization
    public var images: [Image]
    public var accessories: [Accessory]
    public var parts: [Part]
    /// The order's line items of this device.
    public var lineItems: [LineItem]
    public var deviceNotes: [DeviceNote]
    public var timestamps: Timestamps
    public var despatchedAt: Timestamp?
    public var paidAt: Timestamp?
    public var checklist: Checklist
    /// The statuses the device may move to next (its workflow's edges); empty when its status is final.
    public var availableTransitions: [WorkflowTransition]
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    public struct SubLocation: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var code: String
        public var description: String?
        public var type: SubLocationType

        public init(id: String, code: String, description: String? = nil, type: SubLocationType) {
            self.id = id
            self.code = code
            self.description = description
            self.type = type
        }

        enum CodingKeys: String, CodingKey {
            case id
            case code
            case description
            case type
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            code = try container.decode(String.self, forKey: .code)
            description = try container.decodeIfPresent(String.self, forKey: .description)
            type = try container.decode(SubLocationType.self, forKey: .type)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(code, forKey: .code)
            try container.encode(description, forKey: .description)
            try container.encode(type, forKey: .type)
        }
    }

    public struct Authorization: Codable, Sendable, Hashable {
        public var status: AuthorizationStatus?
        /// How the customer answered (`portal` for an answer in the customer app).
        public var method: String?
        /// `timestamps.authorised_at` when `status` is `approved`, else null.
        public var authorizedAt: Timestamp?
        /// The `authorisation` signature of this device, else of its order, else null.
        public var signature: Signature?

        /// A signature where a customer or a device shows one: what was signed, by whom, when.
        public struct Signature: Codable, Sendable, Hashable {
            public var signatureType: SignatureType
            public var typedName: String
            public var termsAgreed: Bool
            public var capturedAt: Timestamp

            public init(signatureType: SignatureType, typedName: String, termsAgreed: Bool, capturedAt: Timestamp) {
                self.signatureType = signatureType
                self.typedName = typedName
                self.termsAgreed = termsAgreed
                self.capturedAt = capturedAt
            }

            enum CodingKeys: String, CodingKey {
                case signatureType = "signature_type"
                case typedName = "typed_name"
                case termsAgreed = "terms_agreed"
                case capturedAt = "captured_at"
            }

            public init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                signatureType = try container.decode(SignatureType.self, forKey: .signatureType)
                typedName = try container.decode(String.self, forKey: .typedName)
                termsAgreed = try container.decodeFlag(forKey: .termsAgreed)
                capturedAt = try container.decode(Timestamp.self, forKey: .capturedAt)
            }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(signatureType, forKey: .signatureType)
                try container.encode(typedName, forKey: .typedName)
                try container.encode(termsAgreed ? 1 : 0, forKey: .termsAgreed)
                try container.encode(capturedAt, forKey: .capturedAt)
            }
        }

        public init(status: AuthorizationStatus? = nil, method: String? = nil, authorizedAt: Timestamp? = nil, signature: Signature? = nil) {
            self.status = status
            self.method = method
            self.authorizedAt = authorizedAt
            self.signature = signature
        }

        enum CodingKeys: String, CodingKey {
            case status
            case method
            case authorizedAt = "authorized_at"
            case signature
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            status = try container.decodeIfPresent(AuthorizationStatus.self, forKey: .status)
            method = try container.decodeIfPresent(String.self, forKey: .method)
            authorizedAt = try container.decodeIfPresent(Timestamp.self, forKey: .authorizedAt)
            signature = try container.decodeIfPresent(Signature.self, forKey: .signature)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(status, forKey: .status)
            try container.encode(method, forKey: .method)
            try container.encode(authorizedAt, forKey: .authorizedAt)
            try container.encode(signature, forKey: .signature)
        }
    }

    public struct Image: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var imageType: DeviceImageType
        public var filename: String
        public var caption: String?
        public var r2Key: String
        public var createdAt: Timestamp

        public init(id: String, imageType: DeviceImageType, filename: String, caption: String? = nil, r2Key: String, createdAt: Timestamp) {
            self.id = id
            self.imageType = imageType
            self.filename = filename
            self.caption = caption
            self.r2Key = r2Key
            self.createdAt = createdAt
        }

        enum CodingKeys: String, CodingKey {
            case id
            case imageType = "image_type"
            case filename
            case caption
            case r2Key = "r2_key"
            case createdAt = "created_at"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            imageType = try container.decode(DeviceImageType.self, forKey: .imageType)
            filename = try container.decode(String.self, forKey: .filename)
            caption = try container.decodeIfPresent(String.self, forKey: .caption)
            r2Key = try container.decode(String.self, forKey: .r2Key)
            createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(imageType, forKey: .imageType)
            try container.encode(filename, forKey: .filename)
            try container.encode(caption, forKey: .caption)
            try container.encode(r2Key, forKey: .r2Key)
            try container.encode(createdAt, forKey: .createdAt)
        }
    }

    public struct Accessory: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var accessoryType: AccessoryType
        public var description: String?
        public var returnedAt: Timestamp?

        public init(id: String, accessoryType: AccessoryType, description: String? = nil, returnedAt: Timestamp? = nil) {
            self.id = id
            self.accessoryType = accessoryType
            self.description = description
            self.returnedAt = returnedAt
        }

        enum CodingKeys: String, CodingKey {
            case id
            case accessoryType = "accessory_type"
            case description
            case returnedAt = "returned_at"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            accessoryType = try container.decode(AccessoryType.self, forKey: .accessoryType)
            description = try container.decodeIfPresent(String.self, forKey: .description)
            returnedAt = try container.decodeIfPresent(Timestamp.self, forKey: .returnedAt)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(accessoryType, forKey: .accessoryType)
            try container.encode(description, forKey: .description)
            try container.encode(returnedAt, forKey: .returnedAt)
        }
    }

    public struct Part: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var partName: String
        public var partSKU: String?
        public var partCost: Money
        public var supplier: String?
        public var isOEM: Bool

        public init(id: String, partName: String, partSKU: String? = nil, partCost: Money, supplier: String? = nil, isOEM: Bool) {
            self.id = id
            self.partName = partName
            self.partSKU = partSKU
            self.partCost = partCost
            self.supplier = supplier
            self.isOEM = isOEM
        }

        enum CodingKeys: String, CodingKey {
            case id
            case partName = "part_name"
            case partSKU = "part_sku"
            case partCost = "part_cost"
            case supplier
            case isOEM = "is_oem"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            partName = try container.decode(String.self, forKey: .partName)
            partSKU = try container.decodeIfPresent(String.self, forKey: .partSKU)
            partCost = try container.decode(Money.self, forKey: .partCost)
            supplier = try container.decodeIfPresent(String.self, forKey: .supplier)
            isOEM = try container.decodeFlag(forKey: .isOEM)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(partName, forKey: .partName)
            try container.encode(partSKU, forKey: .partSKU)
            try container.encode(partCost, forKey: .partCost)
            try container.encode(supplier, forKey: .supplier)
            try container.encode(isOEM ? 1 : 0, forKey: .isOEM)
        }
    }

    public struct LineItem: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var description: String
        public var quantity: Int
        public var unitPrice: Money
        public var vatRate: Percentage
        public var lineTotalIncVAT: Money

        public init(id: String, description: String, quantity: Int, unitPrice: Money, vatRate: Percentage, lineTotalIncVAT: Money) {
            self.id = id
            self.description = description
            self.quantity = quantity
            self.unitPrice = unitPrice
            self.vatRate = vatRate
            self.lineTotalIncVAT = lineTotalIncVAT
        }

        enum CodingKeys: String, CodingKey {
            case id
            case description
            case quantity
            case unitPrice = "unit_price"
            case vatRate = "vat_rate"
            case lineTotalIncVAT = "line_total_inc_vat"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            description = try container.decode(String.self, forKey: .description)
            quantity = try container.decode(Int.self, forKey: .quantity)
            unitPrice = try container.decode(Money.self, forKey: .unitPrice)
            vatRate = try container.decode(Percentage.self, forKey: .vatRate)
            lineTotalIncVAT = try container.decode(Money.self, forKey: .lineTotalIncVAT)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(description, forKey: .description)
            try container.encode(quantity, forKey: .quantity)
            try container.encode(unitPrice, forKey: .unitPrice)
            try container.encode(vatRate, forKey: .vatRate)
            try container.encode(lineTotalIncVAT, forKey: .lineTotalIncVAT)
        }
    }

    public struct DeviceNote: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var body: String
        public var createdAt: Timestamp
        public var createdBy: UserRef?

        public init(id: String, body: String, createdAt: Timestamp, createdBy: UserRef? = nil) {
            self.id = id
            self.body = body
            self.createdAt = createdAt
            self.createdBy = createdBy
        }

        enum CodingKeys: String, CodingKey {
            case id
            case body
            case createdAt = "created_at"
            case createdBy = "created_by"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            body = try container.decode(String.self, forKey: .body)
            createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
            createdBy = try container.decodeIfPresent(UserRef.self, forKey: .createdBy)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(body, forKey: .body)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(createdBy, forKey: .createdBy)
        }
    }

    /// The 12 workflow timestamps (decided set); a move into a status stamps its own (docs/resources.md).
    public struct Timestamps: Codable, Sendable, Hashable {
        public var receivedAt: Timestamp?
        public var diagnosisStartedAt: Timestamp?
        public var quoteSentAt: Timestamp?
        public var authorisedAt: Timestamp?
        public var rejectedAt: Timestamp?
        public var partsOrderedAt: Timestamp?
        public var partsReceivedAt: Timestamp?
        public var repairStartedAt: Timestamp?
        public var repairCompletedAt: Timestamp?
        public var qcCompletedAt: Timestamp?
        public var readyAt: Timestamp?
        public var collectedAt: Timestamp?

        public init(receivedAt: Timestamp? = nil, diagnosisStartedAt: Timestamp? = nil, quoteSentAt: Timestamp? = nil, authorisedAt: Timestamp? = nil, rejectedAt: Timestamp? = nil, partsOrderedAt: Timestamp? = nil, partsReceivedAt: Timestamp? = nil, repairStartedAt: Timestamp? = nil, repairCompletedAt: Timestamp? = nil, qcCompletedAt: Timestamp? = nil, readyAt: Timestamp? = nil, collectedAt: Timestamp? = nil) {
            self.receivedAt = receivedAt
            self.diagnosisStartedAt = diagnosisStartedAt
            self.quoteSentAt = quoteSentAt
            self.authorisedAt = authorisedAt
            self.rejectedAt = rejectedAt
            self.partsOrderedAt = partsOrderedAt
            self.partsReceivedAt = partsReceivedAt
            self.repairStartedAt = repairStartedAt
            self.repairCompletedAt = repairCompletedAt
            self.qcCompletedAt = qcCompletedAt
            self.readyAt = readyAt
            self.collectedAt = collectedAt
        }

        enum CodingKeys: String, CodingKey {
            case receivedAt = "received_at"
            case diagnosisStartedAt = "diagnosis_started_at"
            case quoteSentAt = "quote_sent_at"
            case authorisedAt = "authorised_at"
            case rejectedAt = "rejected_at"
            case partsOrderedAt = "parts_ordered_at"
            case partsReceivedAt = "parts_received_at"
            case repairStartedAt = "repair_started_at"
            case repairCompletedAt = "repair_completed_at"
            case qcCompletedAt = "qc_completed_at"
            case readyAt = "ready_at"
            case collectedAt = "collected_at"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            receivedAt = try container.decodeIfPresent(Timestamp.self, forKey: .receivedAt)
            diagnosisStartedAt = try container.decodeIfPresent(Timestamp.self, forKey: .diagnosisStartedAt)
            quoteSentAt = try container.decodeIfPresent(Timestamp.self, forKey: .quoteSentAt)
            authorisedAt = try container.decodeIfPresent(Timestamp.self, forKey: .authorisedAt)
            rejectedAt = try container.decodeIfPresent(Timestamp.self, forKey: .rejectedAt)
            partsOrderedAt = try container.decodeIfPresent(Timestamp.self, forKey: .partsOrderedAt)
            partsReceivedAt = try container.decodeIfPresent(Timestamp.self, forKey: .partsReceivedAt)
            repairStartedAt = try container.decodeIfPresent(Timestamp.self, forKey: .repairStartedAt)
            repairCompletedAt = try container.decodeIfPresent(Timestamp.self, forKey: .repairCompletedAt)
            qcCompletedAt = try container.decodeIfPresent(Timestamp.self, forKey: .qcCompletedAt)
            readyAt = try container.decodeIfPresent(Timestamp.self, forKey: .readyAt)
            collectedAt = try container.decodeIfPresent(Timestamp.self, forKey: .collectedAt)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(receivedAt, forKey: .receivedAt)
            try container.encode(diagnosisStartedAt, forKey: .diagnosisStartedAt)
            try container.encode(quoteSentAt, forKey: .quoteSentAt)
            try container.encode(authorisedAt, forKey: .authorisedAt)
            try container.encode(rejectedAt, forKey: .rejectedAt)
            try container.encode(partsOrderedAt, forKey: .partsOrderedAt)
            try container.encode(partsReceivedAt, forKey: .partsReceivedAt)
            try container.encode(repairStartedAt, forKey: .repairStartedAt)
            try container.encode(repairCompletedAt, forKey: .repairCompletedAt)
            try container.encode(qcCompletedAt, forKey: .qcCompletedAt)
            try container.encode(readyAt, forKey: .readyAt)
            try container.encode(collectedAt, forKey: .collectedAt)
        }
    }

    public struct Checklist: Codable, Sendable, Hashable {
        public var items: [Item]
        /// Completed items × 100 / items, rounded down; 0 for an empty checklist.
        public var completionPercentage: Int

        public struct Item: Codable, Sendable, Hashable, Identifiable {
            public var id: String
            public var label: String
            public var isCompleted: Bool
            public var completedAt: Timestamp?
            public var completedBy: UserRef?

            public init(id: String, label: String, isCompleted: Bool, completedAt: Timestamp? = nil, completedBy: UserRef? = nil) {
                self.id = id
                self.label = label
                self.isCompleted = isCompleted
                self.completedAt = completedAt
                self.completedBy = completedBy
            }

            enum CodingKeys: String, CodingKey {
                case id
                case label
                case isCompleted = "is_completed"
                case completedAt = "completed_at"
                case completedBy = "completed_by"
            }

            public init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                id = try container.decode(String.self, forKey: .id)
                label = try container.decode(String.self, forKey: .label)
                isCompleted = try container.decodeFlag(forKey: .isCompleted)
                completedAt = try container.decodeIfPresent(Timestamp.self, forKey: .completedAt)
                completedBy = try container.decodeIfPresent(UserRef.self, forKey: .completedBy)
            }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(id, forKey: .id)
                try container.encode(label, forKey: .label)
                try container.encode(isCompleted ? 1 : 0, forKey: .isCompleted)
                try container.encode(completedAt, forKey: .completedAt)
                try container.encode(completedBy, forKey: .completedBy)
            }
        }

        public init(items: [Item], completionPercentage: Int) {
            self.items = items
            self.completionPercentage = completionPercentage
        }

        enum CodingKeys: String, CodingKey {
            case items
            case completionPercentage = "completion_percentage"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            items = try container.decode([Item].self, forKey: .items)
            completionPercentage = try container.decode(Int.self, forKey: .completionPercentage)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(items, forKey: .items)
            try container.encode(completionPercentage, forKey: .completionPercentage)
        }
    }

    public init(id: String, orderID: String, orderNumber: Int, displayName: String, status: DeviceStatus, statusLabel: String, workflowType: WorkflowType, priority: DevicePriority, brand: LocationRef? = nil, model: LocationRef? = nil, customBrand: String? = nil, customModel: String? = nil, serialNumber: String? = nil, imei: String? = nil, colour: String? = nil, storageCapacity: String? = nil, passcodeType: String? = nil, findMyStatus: String? = nil, conditionGrade: String? = nil, customerReportedIssues: String? = nil, technicianFoundIssues: String? = nil, assignedEngineer: UserRef? = nil, subLocation: SubLocation? = nil, diagnosisNotes: String? = nil, repairNotes: String? = nil, technicianNotes: String? = nil, authorizationNotes: String? = nil, authorization: Authorization, images: [Image], accessories: [Accessory], parts: [Part], lineItems: [LineItem], deviceNotes: [DeviceNote], timestamps: Timestamps, despatchedAt: Timestamp? = nil, paidAt: Timestamp? = nil, checklist: Checklist, availableTransitions: [WorkflowTransition], createdAt: Timestamp, updatedAt: Timestamp) {
        self.id = id
        self.orderID = orderID
        self.orderNumber = orderNumber
        self.displayName = displayName
        self.status = status
        self.statusLabel = statusLabel
        self.workflowType = workflowType
        self.priority = priority
        self.brand = brand
        self.model = model
        self.customBrand = customBrand
        self.customModel = customModel
        self.serialNumber = serialNumber
        self.imei = imei
        self.colour = colour
        self.storageCapacity = storageCapacity
        self.passcodeType = passcodeType
        self.findMyStatus = findMyStatus
        self.conditionGrade = conditionGrade
        self.customerReportedIssues = customerReportedIssues
        self.technicianFoundIssues = technicianFoundIssues
        self.assignedEngineer = assignedEngineer
        self.subLocation = subLocation
        self.diagnosisNotes = diagnosisNotes
        self.repairNotes = repairNotes
        self.technicianNotes = technicianNotes
        self.authorizationNotes = authorizationNotes
        self.authorization = authorization
        self.images = images
        self.accessories = accessories
        self.parts = parts
        self.lineItems = lineItems
        self.deviceNotes = deviceNotes
        self.timestamps = timestamps
        self.despatchedAt = despatchedAt
        self.paidAt = paidAt
        self.checklist = checklist
        self.availableTransitions = availableTransitions
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id
        case orderID = "order_id"
        case orderNumber = "order_number"
        case displayName = "display_name"
        case status
        case statusLabel = "status_label"
        case workflowType = "workflow_type"
        case priority
        case brand
        case model
        case customBrand = "custom_brand"
        case customModel = "custom_model"
        case serialNumber = "serial_number"
        case imei
        case colour
        case storageCapacity = "storage_capacity"
        case passcodeType = "passcode_type"
        case findMyStatus = "find_my_status"
        case conditionGrade = "condition_grade"
        case customerReportedIssues = "customer_reported_issues"
        case technicianFoundIssues = "technician_found_issues"
        case assignedEngineer = "assigned_engineer"
        case subLocation = "sub_location"
        case diagnosisNotes = "diagnosis_notes"
        case repairNotes = "repair_notes"
        case technicianNotes = "technician_notes"
        case authorizationNotes = "authorization_notes"
        case authorization
        case images
        case accessories
        case parts
        case lineItems = "line_items"
        case deviceNotes = "device_notes"
        case timestamps
        case despatchedAt = "despatched_at"
        case paidAt = "paid_at"
        case checklist
        case availableTransitions = "available_transitions"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        orderID = try container.decode(String.self, forKey: .orderID)
        orderNumber = try container.decode(Int.self, forKey: .orderNumber)
        displayName = try container.decode(String.self, forKey: .displayName)
        status = try container.decode(DeviceStatus.self, forKey: .status)
        statusLabel = try container.decode(String.self, forKey: .statusLabel)
        workflowType = try container.decode(WorkflowType.self, forKey: .workflowType)
        priority = try container.decode(DevicePriority.self, forKey: .priority)
        brand = try container.decodeIfPresent(LocationRef.self, forKey: .brand)
        model = try container.decodeIfPresent(LocationRef.self, forKey: .model)
        customBrand = try container.decodeIfPresent(String.self, forKey: .customBrand)
        customModel = try container.decodeIfPresent(String.self, forKey: .customModel)
        serialNumber = try container.decodeIfPresent(String.self, forKey: .serialNumber)
        imei = try container.decodeIfPresent(String.self, forKey: .imei)
        colour = try container.decodeIfPresent(String.self, forKey: .colour)
        storageCapacity = try container.decodeIfPresent(String.self, forKey: .storageCapacity)
        passcodeType = try container.decodeIfPresent(String.self, forKey: .passcodeType)
        findMyStatus = try container.decodeIfPresent(String.self, forKey: .findMyStatus)
        conditionGrade = try container.decodeIfPresent(String.self, forKey: .conditionGrade)
        customerReportedIssues = try container.decodeIfPresent(String.self, forKey: .customerReportedIssues)
        technicianFoundIssues = try container.decodeIfPresent(String.self, forKey: .technicianFoundIssues)
        assignedEngineer = try container.decodeIfPresent(UserRef.self, forKey: .assignedEngineer)
        subLocation = try container.decodeIfPresent(SubLocation.self, forKey: .subLocation)
        diagnosisNotes = try container.decodeIfPresent(String.self, forKey: .diagnosisNotes)
        repairNotes = try container.decodeIfPresent(String.self, forKey: .repairNotes)
        technicianNotes = try container.decodeIfPresent(String.self, forKey: .technicianNotes)
        authorizationNotes = try container.decodeIfPresent(String.self, forKey: .authorizationNotes)
        authorization = try container.decode(Authorization.self, forKey: .authorization)
        images = try container.decode([Image].self, forKey: .images)
        accessories = try container.decode([Accessory].self, forKey: .accessories)
        parts = try container.decode([Part].self, forKey: .parts)
        lineItems = try container.decode([LineItem].self, forKey: .lineItems)
        deviceNotes = try container.decode([DeviceNote].self, forKey: .deviceNotes)
        timestamps = try container.decode(Timestamps.self, forKey: .timestamps)
        despatchedAt = try container.decodeIfPresent(Timestamp.self, forKey: .despatchedAt)
        paidAt = try container.decodeIfPresent(Timestamp.self, forKey: .paidAt)
        checklist = try container.decode(Checklist.self, forKey: .checklist)
        availableTransitions = try container.decode([WorkflowTransition].self, forKey: .availableTransitions)
        createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
        updatedAt = try container.decode(Timestamp.self, forKey: .updatedAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(orderID, forKey: .orderID)
        try container.encode(orderNumber, forKey: .orderNumber)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(status, forKey: .status)
        try container.encode(statusLabel, forKey: .statusLabel)
        try container.encode(workflowType, forKey: .workflowType)
        try container.encode(priority, forKey: .priority)
        try container.encode(brand, forKey: .brand)
        try container.encode(model, forKey: .model)
        try container.encode(customBrand, forKey: .customBrand)
        try container.encode(customModel, forKey: .customModel)
        try container.encode(serialNumber, forKey: .serialNumber)
        try container.encode(imei, forKey: .imei)
        try container.encode(colour, forKey: .colour)
        try container.encode(storageCapacity, forKey: .storageCapacity)
        try container.encode(passcodeType, forKey: .passcodeType)
        try container.encode(findMyStatus, forKey: .findMyStatus)
        try container.encode(conditionGrade, forKey: .conditionGrade)
        try container.encode(customerReportedIssues, forKey: .customerReportedIssues)
        try container.encode(technicianFoundIssues, forKey: .technicianFoundIssues)
        try container.encode(assignedEngineer, forKey: .assignedEngineer)
        try container.encode(subLocation, forKey: .subLocation)
        try container.encode(diagnosisNotes, forKey: .diagnosisNotes)
        try container.encode(repairNotes, forKey: .repairNotes)
        try container.encode(technicianNotes, forKey: .technicianNotes)
        try container.encode(authorizationNotes, forKey: .authorizationNotes)
        try container.encode(authorization, forKey: .authorization)
        try container.encode(images, forKey: .images)
        try container.encode(accessories, forKey: .accessories)
        try container.encode(parts, forKey: .parts)
        try container.encode(lineItems, forKey: .lineItems)
        try container.encode(deviceNotes, forKey: .deviceNotes)
        try container.encode(timestamps, forKey: .timestamps)
        try container.encode(despatchedAt, forKey: .despatchedAt)
        try container.encode(paidAt, forKey: .paidAt)
        try container.encode(checklist, forKey: .checklist)
        try container.encode(availableTransitions, forKey: .availableTransitions)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}

/// `GET /api/devices/lookup`: where the scanned device is.
public struct DeviceLookup: Codable, Sendable, Hashable {
    public var deviceID: String
    public var orderID: String

    public init(deviceID: String, orderID: String) {
        self.deviceID = deviceID
        self.orderID = orderID
    }

    enum CodingKeys: String, CodingKey {
        case deviceID = "device_id"
        case orderID = "order_id"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        deviceID = try container.decode(String.self, forKey: .deviceID)
        orderID = try container.decode(String.self, forKey: .orderID)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(deviceID, forKey: .deviceID)
        try container.encode(orderID, forKey: .orderID)
    }
}

public struct CustomerDeviceBrief: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var displayName: String
    public var status: DeviceStatus
    public var statusLabel: String

    public init(id: String, displayName: String, status: DeviceStatus, statusLabel: String) {
        self.id = id
        self.displayName = displayName
        self.status = status
        self.statusLabel = statusLabel
    }

    enum CodingKeys: String, CodingKey {
        case id
        case displayName = "display_name"
        case status
        case statusLabel = "status_label"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        displayName = try container.decode(String.self, forKey: .displayName)
        status = try container.decode(DeviceStatus.self, forKey: .status)
        statusLabel = try container.decode(String.self, forKey: .statusLabel)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(status, forKey: .status)
        try container.encode(statusLabel, forKey: .statusLabel)
    }
}

/// A row of `GET /api/customer/orders`.
public struct CustomerOrderListItem: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var orderNumber: Int
    public var status: OrderStatus
    public var statusLabel: String
    public var deviceCount: Int
    public var devices: [CustomerDeviceBrief]
    /// 1 when a device awaits the customer's answer to a quote.
    public var awaitingAuthorisation: Bool
    public var grandTotal: Money
    public var balanceDue: Money
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    public init(id: String, orderNumber: Int, status: OrderStatus, statusLabel: String, deviceCount: Int, devices: [CustomerDeviceBrief], awaitingAuthorisation: Bool, grandTotal: Money, balanceDue: Money, createdAt: Timestamp, updatedAt: Timestamp) {
        self.id = id
        self.orderNumber = orderNumber
        self.status = status
        self.statusLabel = statusLabel
        self.deviceCount = deviceCount
        self.devices = devices
        self.awaitingAuthorisation = awaitingAuthorisation
        self.grandTotal = grandTotal
        self.balanceDue = balanceDue
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id
        case orderNumber = "order_number"
        case status
        case statusLabel = "status_label"
        case deviceCount = "device_count"
        case devices
        case awaitingAuthorisation = "awaiting_authorisation"
        case grandTotal = "grand_total"
        case balanceDue = "balance_due"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        orderNumber = try container.decode(Int.self, forKey: .orderNumber)
        status = try container.decode(OrderStatus.self, forKey: .status)
        statusLabel = try container.decode(String.self, forKey: .statusLabel)
        deviceCount = try container.decode(Int.self, forKey: .deviceCount)
        devices = try container.decode([CustomerDeviceBrief].self, forKey: .devices)
        awaitingAuthorisation = try container.decodeFlag(forKey: .awaitingAuthorisation)
        grandTotal = try container.decode(Money.self, forKey: .grandTotal)
        balanceDue = try container.decode(Money.self, forKey: .balanceDue)
        createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
        updatedAt = try container.decode(Timestamp.self, forKey: .updatedAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(orderNumber, forKey: .orderNumber)
        try container.encode(status, forKey: .status)
        try container.encode(statusLabel, forKey: .statusLabel)
        try container.encode(deviceCount, forKey: .deviceCount)
        try container.encode(devices, forKey: .devices)
        try container.encode(awaitingAuthorisation ? 1 : 0, forKey: .awaitingAuthorisation)
        try container.encode(grandTotal, forKey: .grandTotal)
        try container.encode(balanceDue, forKey: .balanceDue)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}

public struct CustomerItem: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    /// A UUID string (decided).
    public var deviceID: String?
    public var description: String
    public var quantity: Int
    public var unitPrice: Money
    public var vatRate: Percentage
    public var lineTotalIncVAT: Money

    public init(id: String, deviceID: String? = nil, description: String, quantity: Int, unitPrice: Money, vatRate: Percentage, lineTotalIncVAT: Money) {
        self.id = id
        self.deviceID = deviceID
        self.description = description
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.vatRate = vatRate
        self.lineTotalIncVAT = lineTotalIncVAT
    }

    enum CodingKeys: String, CodingKey {
        case id
        case deviceID = "device_id"
        case description
        case quantity
        case unitPrice = "unit_price"
        case vatRate = "vat_rate"
        case lineTotalIncVAT = "line_total_inc_vat"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        deviceID = try container.decodeIfPresent(String.self, forKey: .deviceID)
        description = try container.decode(String.self, forKey: .description)
        quantity = try container.decode(Int.self, forKey: .quantity)
        unitPrice = try container.decode(Money.self, forKey: .unitPrice)
        vatRate = try container.decode(Percentage.self, forKey: .vatRate)
        lineTotalIncVAT = try container.decode(Money.self, forKey: .lineTotalIncVAT)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(deviceID, forKey: .deviceID)
        try container.encode(description, forKey: .description)
        try container.encode(quantity, forKey: .quantity)
        try container.encode(unitPrice, forKey: .unitPrice)
        try container.encode(vatRate, forKey: .vatRate)
        try container.encode(lineTotalIncVAT, forKey: .lineTotalIncVAT)
    }
}

/// A message the customer sent or was sent (`inbound`, `outbound`, `outbound_sms`); internal notes are never
/// shown.
public struct CustomerMessage: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    /// Never `internal_note`: the customer sees no internal note.
    public var type: MessageType
    public var fromName: String?
    public var subject: String?
    public var bodyText: String
    public var bodyHtml: String?
    public var createdAt: Timestamp

    public init(id: String, type: MessageType, fromName: String? = nil, subject: String? = nil, bodyText: String, bodyHtml: String? = nil, createdAt: Timestamp) {
        self.id = id
        self.type = type
        self.fromName = fromName
        self.subject = subject
        self.bodyText = bodyText
        self.bodyHtml = bodyHtml
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id
        case type
        case fromName = "from_name"
        case subject
        case bodyText = "body_text"
        case bodyHtml = "body_html"
        case createdAt = "created_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        type = try container.decode(MessageType.self, forKey: .type)
        fromName = try container.decodeIfPresent(String.self, forKey: .fromName)
        subject = try container.decodeIfPresent(String.self, forKey: .subject)
        bodyText = try container.decode(String.self, forKey: .bodyText)
        bodyHtml = try container.decodeIfPresent(String.self, forKey: .bodyHtml)
        createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(fromName, forKey: .fromName)
        try container.encode(subject, forKey: .subject)
        try container.encode(bodyText, forKey: .bodyText)
        try container.encode(bodyHtml, forKey: .bodyHtml)
        try container.encode(createdAt, forKey: .createdAt)
    }
}

/// The customer's view of an order (decided, docs/resources.md) — no internal notes, engineer notes or
/// findings, part costs, payment records, assigned staff or client contact details.
public struct CustomerOrderDetail: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var orderNumber: Int
    public var status: OrderStatus
    public var statusLabel: String
    public var location: Location?
    public var devices: [Device]
    public var items: [CustomerItem]
    public var totals: OrderTotals
    /// What awaits the customer's authorisation, or null when nothing does.
    public var quote: Quote?
    public var signatures: [Signature]
    /// Oldest first.
    public var messages: [CustomerMessage]
    public var dates: Dates

    public struct Location: Codable, Sendable, Hashable {
        public var name: String
        public var addressLine1: String
        public var addressLine2: String?
        public var city: String
        public var postcode: String
        public var phone: String?
        public var email: String?

        public init(name: String, addressLine1: String, addressLine2: String? = nil, city: String, postcode: String, phone: String? = nil, email: String? = nil) {
            self.name = name
            self.addressLine1 = addressLine1
            self.addressLine2 = addressLine2
            self.city = city
            self.postcode = postcode
            self.phone = phone
            self.email = email
        }

        enum CodingKeys: String, CodingKey {
            case name
            case addressLine1 = "address_line1"
            case addressLine2 = "address_line2"
            case city
            case postcode
            case phone
            case email
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            addressLine1 = try container.decode(String.self, forKey: .addressLine1)
            addressLine2 = try container.decodeIfPresent(String.self, forKey: .addressLine2)
            city = try container.decode(String.self, forKey: .city)
            postcode = try container.decode(String.self, forKey: .postcode)
            phone = try container.decodeIfPresent(String.self, forKey: .phone)
            email = try container.decodeIfPresent(String.self, forKey: .email)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(addressLine1, forKey: .addressLine1)
            try container.encode(addressLine2, forKey: .addressLine2)
            try container.encode(city, forKey: .city)
            try container.encode(postcode, forKey: .postcode)
            try container.encode(phone, forKey: .phone)
            try container.encode(email, forKey: .email)
        }
    }

    public struct Device: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var displayName: String
        public var status: DeviceStatus
        public var statusLabel: String
        public var workflowType: WorkflowType
        public var authorizationStatus: AuthorizationStatus?
        public var customerReportedIssues: String?

        public init(id: String, displayName: String, status: DeviceStatus, statusLabel: String, workflowType: WorkflowType, authorizationStatus: AuthorizationStatus? = nil, customerReportedIssues: String? = nil) {
            self.id = id
            self.displayName = displayName
            self.status = status
            self.statusLabel = statusLabel
            self.workflowType = workflowType
            self.authorizationStatus = authorizationStatus
            self.customerReportedIssues = customerReportedIssues
        }

        enum CodingKeys: String, CodingKey {
            case id
            case displayName = "display_name"
            case status
            case statusLabel = "status_label"
            case workflowType = "workflow_type"
            case authorizationStatus = "authorization_status"
            case customerReportedIssues = "customer_reported_issues"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            displayName = try container.decode(String.self, forKey: .displayName)
            status = try container.decode(DeviceStatus.self, forKey: .status)
            statusLabel = try container.decode(String.self, forKey: .statusLabel)
            workflowType = try container.decode(WorkflowType.self, forKey: .workflowType)
            authorizationStatus = try container.decodeIfPresent(AuthorizationStatus.self, forKey: .authorizationStatus)
            customerReportedIssues = try container.decodeIfPresent(String.self, forKey: .customerReportedIssues)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(displayName, forKey: .displayName)
            try container.encode(status, forKey: .status)
            try container.encode(statusLabel, forKey: .statusLabel)
            try container.encode(workflowType, forKey: .workflowType)
            try container.encode(authorizationStatus, forKey: .authorizationStatus)
            try container.encode(customerReportedIssues, forKey: .customerReportedIssues)
        }
    }

    public struct Quote: Codable, Sendable, Hashable {
        /// The devices in `awaiting_authorisation`.
        public var devices: [CustomerDeviceBrief]
        /// Their line items.
        public var items: [CustomerItem]
        /// Σ line_total_inc_vat of those items.
        public var total: Money
        public var sentAt: Timestamp?

        public init(devices: [CustomerDeviceBrief], items: [CustomerItem], total: Money, sentAt: Timestamp? = nil) {
            self.devices = devices
            self.items = items
            self.total = total
            self.sentAt = sentAt
        }

        enum CodingKeys: String, CodingKey {
            case devices
            case items
            case total
            case sentAt = "sent_at"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            devices = try container.decode([CustomerDeviceBrief].self, forKey: .devices)
            items = try container.decode([CustomerItem].self, forKey: .items)
            total = try container.decode(Money.self, forKey: .total)
            sentAt = try container.decodeIfPresent(Timestamp.self, forKey: .sentAt)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(devices, forKey: .devices)
            try container.encode(items, forKey: .items)
            try container.encode(total, forKey: .total)
            try container.encode(sentAt, forKey: .sentAt)
        }
    }

    /// A signature where a customer or a device shows one: what was signed, by whom, when.
    public struct Signature: Codable, Sendable, Hashable {
        public var signatureType: SignatureType
        public var typedName: String
        public var termsAgreed: Bool
        public var capturedAt: Timestamp

        public init(signatureType: SignatureType, typedName: String, termsAgreed: Bool, capturedAt: Timestamp) {
            self.signatureType = signatureType
            self.typedName = typedName
            self.termsAgreed = termsAgreed
            self.capturedAt = capturedAt
        }

        enum CodingKeys: String, CodingKey {
            case signatureType = "signature_type"
            case typedName = "typed_name"
            case termsAgreed = "terms_agreed"
            case capturedAt = "captured_at"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            signatureType = try container.decode(SignatureType.self, forKey: .signatureType)
            typedName = try container.decode(String.self, forKey: .typedName)
            termsAgreed = try container.decodeFlag(forKey: .termsAgreed)
            capturedAt = try container.decode(Timestamp.self, forKey: .capturedAt)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(signatureType, forKey: .signatureType)
            try container.encode(typedName, forKey: .typedName)
            try container.encode(termsAgreed ? 1 : 0, forKey: .termsAgreed)
            try container.encode(capturedAt, forKey: .capturedAt)
        }
    }

    public struct Dates: Codable, Sendable, Hashable {
        public var createdAt: Timestamp
        public var quoteSentAt: Timestamp?
        public var authorisedAt: Timestamp?
        public var collectedAt: Timestamp?

        public init(createdAt: Timestamp, quoteSentAt: Timestamp? = nil, authorisedAt: Timestamp? = nil, collectedAt: Timestamp? = nil) {
            self.createdAt = createdAt
            self.quoteSentAt = quoteSentAt
            self.authorisedAt = authorisedAt
            self.collectedAt = collectedAt
        }

        enum CodingKeys: String, CodingKey {
            case createdAt = "created_at"
            case quoteSentAt = "quote_sent_at"
            case authorisedAt = "authorised_at"
            case collectedAt = "collected_at"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
            quoteSentAt = try container.decodeIfPresent(Timestamp.self, forKey: .quoteSentAt)
            authorisedAt = try container.decodeIfPresent(Timestamp.self, forKey: .authorisedAt)
            collectedAt = try container.decodeIfPresent(Timestamp.self, forKey: .collectedAt)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(quoteSentAt, forKey: .quoteSentAt)
            try container.encode(authorisedAt, forKey: .authorisedAt)
            try container.encode(collectedAt, forKey: .collectedAt)
        }
    }

    public init(id: String, orderNumber: Int, status: OrderStatus, statusLabel: String, location: Location? = nil, devices: [Device], items: [CustomerItem], totals: OrderTotals, quote: Quote? = nil, signatures: [Signature], messages: [CustomerMessage], dates: Dates) {
        self.id = id
        self.orderNumber = orderNumber
        self.status = status
        self.statusLabel = statusLabel
        self.location = location
        self.devices = devices
        self.items = items
        self.totals = totals
        self.quote = quote
        self.signatures = signatures
        self.messages = messages
        self.dates = dates
    }

    enum CodingKeys: String, CodingKey {
        case id
        case orderNumber = "order_number"
        case status
        case statusLabel = "status_label"
        case location
        case devices
        case items
        case totals
        case quote
        case signatures
        case messages
        case dates
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        orderNumber = try container.decode(Int.self, forKey: .orderNumber)
        status = try container.decode(OrderStatus.self, forKey: .status)
        statusLabel = try container.decode(String.self, forKey: .statusLabel)
        location = try container.decodeIfPresent(Location.self, forKey: .location)
        devices = try container.decode([Device].self, forKey: .devices)
        items = try container.decode([CustomerItem].self, forKey: .items)
        totals = try container.decode(OrderTotals.self, forKey: .totals)
        quote = try container.decodeIfPresent(Quote.self, forKey: .quote)
        signatures = try container.decode([Signature].self, forKey: .signatures)
        messages = try container.decode([CustomerMessage].self, forKey: .messages)
        dates = try container.decode(Dates.self, forKey: .dates)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(orderNumber, forKey: .orderNumber)
        try container.encode(status, forKey: .status)
        try container.encode(statusLabel, forKey: .statusLabel)
        try container.encode(location, forKey: .location)
        try container.encode(devices, forKey: .devices)
        try container.encode(items, forKey: .items)
        try container.encode(totals, forKey: .totals)
        try container.encode(quote, forKey: .quote)
        try container.encode(signatures, forKey: .signatures)
        try container.encode(messages, forKey: .messages)
        try container.encode(dates, forKey: .dates)
    }
}

/// A row of `GET /api/clients` and of `GET /api/clients/search`.
public struct ClientListItem: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var firstName: String
    public var lastName: String
    /// "first last".
    public var name: String
    public var email: String
    public var phone: String?
    public var emailSuppressed: Bool
    /// 1 when the shop made the address up for a client without one (mail to it goes nowhere).
    public var isGeneratedEmail: Bool
    /// The caller's company's orders of this client (a client of several companies has orders at each).
    public var orderCount: Int
    public var createdAt: Timestamp

    public init(id: String, firstName: String, lastName: String, name: String, email: String, phone: String? = nil, emailSuppressed: Bool, isGeneratedEmail: Bool, orderCount: Int, createdAt: Timestamp) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.name = name
        self.email = email
        self.phone = phone
        self.emailSuppressed = emailSuppressed
        self.isGeneratedEmail = isGeneratedEmail
        self.orderCount = orderCount
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id
        case firstName = "first_name"
        case lastName = "last_name"
        case name
        case email
        case phone
        case emailSuppressed = "email_suppressed"
        case isGeneratedEmail = "is_generated_email"
        case orderCount = "order_count"
        case createdAt = "created_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        firstName = try container.decode(String.self, forKey: .firstName)
        lastName = try container.decode(String.self, forKey: .lastName)
        name = try container.decode(String.self, forKey: .name)
        email = try container.decode(String.self, forKey: .email)
        phone = try container.decodeIfPresent(String.self, forKey: .phone)
        emailSuppressed = try container.decodeFlag(forKey: .emailSuppressed)
        isGeneratedEmail = try container.decodeFlag(forKey: .isGeneratedEmail)
        orderCount = try container.decode(Int.self, forKey: .orderCount)
        createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(firstName, forKey: .firstName)
        try container.encode(lastName, forKey: .lastName)
        try container.encode(name, forKey: .name)
        try container.encode(email, forKey: .email)
        try container.encode(phone, forKey: .phone)
        try container.encode(emailSuppressed ? 1 : 0, forKey: .emailSuppressed)
        try container.encode(isGeneratedEmail ? 1 : 0, forKey: .isGeneratedEmail)
        try container.encode(orderCount, forKey: .orderCount)
        try container.encode(createdAt, forKey: .createdAt)
    }
}

public struct ClientOrderBrief: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var orderNumber: Int
    /// Computed from the order's devices (decided).
    public var status: OrderStatus
    public var deviceCount: Int
    public var grandTotal: Money
    public var balanceDue: Money
    public var createdAt: Timestamp

    public init(id: String, orderNumber: Int, status: OrderStatus, deviceCount: Int, grandTotal: Money, balanceDue: Money, createdAt: Timestamp) {
        self.id = id
        self.orderNumber = orderNumber
        self.status = status
        self.deviceCount = deviceCount
        self.grandTotal = grandTotal
        self.balanceDue = balanceDue
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id
        case orderNumber = "order_number"
        case status
        case deviceCount = "device_count"
        case grandTotal = "grand_total"
        case balanceDue = "balance_due"
        case createdAt = "created_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        orderNumber = try container.decode(Int.self, forKey: .orderNumber)
        status = try container.decode(OrderStatus.self, forKey: .status)
        deviceCount = try container.decode(Int.self, forKey: .deviceCount)
        grandTotal = try container.decode(Money.self, forKey: .grandTotal)
        balanceDue = try container.decode(Money.self, forKey: .balanceDue)
        createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(orderNumber, forKey: .orderNumber)
        try container.encode(status, forKey: .status)
        try container.encode(deviceCount, forKey: .deviceCount)
        try container.encode(grandTotal, forKey: .grandTotal)
        try container.encode(balanceDue, forKey: .balanceDue)
        try container.encode(createdAt, forKey: .createdAt)
    }
}

/// `GET /api/clients/{id}`: contact fields and the client's orders at the caller's company.
public struct ClientDetail: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var firstName: String
    public var lastName: String
    /// "first last".
    public var name: String
    public var email: String
    public var phone: String?
    public var addressLine1: String?
    public var addressLine2: String?
    public var city: String?
    public var postcode: String?
    public var emailSuppressed: Bool
    public var isGeneratedEmail: Bool
    public var createdAt: Timestamp
    /// The caller's company's orders of this client, newest first.
    public var orders: [ClientOrderBrief]

    public init(id: String, firstName: String, lastName: String, name: String, email: String, phone: String? = nil, addressLine1: String? = nil, addressLine2: String? = nil, city: String? = nil, postcode: String? = nil, emailSuppressed: Bool, isGeneratedEmail: Bool, createdAt: Timestamp, orders: [ClientOrderBrief]) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.name = name
        self.email = email
        self.phone = phone
        self.addressLine1 = addressLine1
        self.addressLine2 = addressLine2
        self.city = city
        self.postcode = postcode
        self.emailSuppressed = emailSuppressed
        self.isGeneratedEmail = isGeneratedEmail
        self.createdAt = createdAt
        self.orders = orders
    }

    enum CodingKeys: String, CodingKey {
        case id
        case firstName = "first_name"
        case lastName = "last_name"
        case name
        case email
        case phone
        case addressLine1 = "address_line1"
        case addressLine2 = "address_line2"
        case city
        case postcode
        case emailSuppressed = "email_suppressed"
        case isGeneratedEmail = "is_generated_email"
        case createdAt = "created_at"
        case orders
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        firstName = try container.decode(String.self, forKey: .firstName)
        lastName = try container.decode(String.self, forKey: .lastName)
        name = try container.decode(String.self, forKey: .name)
        email = try container.decode(String.self, forKey: .email)
        phone = try container.decodeIfPresent(String.self, forKey: .phone)
        addressLine1 = try container.decodeIfPresent(String.self, forKey: .addressLine1)
        addressLine2 = try container.decodeIfPresent(String.self, forKey: .addressLine2)
        city = try container.decodeIfPresent(String.self, forKey: .city)
        postcode = try container.decodeIfPresent(String.self, forKey: .postcode)
        emailSuppressed = try container.decodeFlag(forKey: .emailSuppressed)
        isGeneratedEmail = try container.decodeFlag(forKey: .isGeneratedEmail)
        createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
        orders = try container.decode([ClientOrderBrief].self, forKey: .orders)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(firstName, forKey: .firstName)
        try container.encode(lastName, forKey: .lastName)
        try container.encode(name, forKey: .name)
        try container.encode(email, forKey: .email)
        try container.encode(phone, forKey: .phone)
        try container.encode(addressLine1, forKey: .addressLine1)
        try container.encode(addressLine2, forKey: .addressLine2)
        try container.encode(city, forKey: .city)
        try container.encode(postcode, forKey: .postcode)
        try container.encode(emailSuppressed ? 1 : 0, forKey: .emailSuppressed)
        try container.encode(isGeneratedEmail ? 1 : 0, forKey: .isGeneratedEmail)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(orders, forKey: .orders)
    }
}

/// `GET /api/dashboard/stats`: the company's devices, work and money, now and in the period's window.
public struct DashboardStats: Codable, Sendable, Hashable {
    public var period: DashboardPeriod
    /// Start of the window (inclusive), UTC midnight.
    public var from: Timestamp
    /// End of the window (inclusive), the mock clock's now.
    public var to: Timestamp
    /// The company's devices now (not windowed).
    public var devices: Devices
    /// Device-status groups now (decided): awaiting_authorisation = awaiting_authorisation +
    /// awaiting_revised_quote; in_repair = authorised_source_parts + authorised_awaiting_parts +
    /// ready_to_repair + repairing + repaired_qc; ready_for_collection = repaired_ready + rejection_ready.
    public var workInProgress: WorkInProgress
    public var orders: Orders
    /// Money strings (decided).
    public var revenue: Revenue

    public struct Devices: Codable, Sendable, Hashable {
        public var total: Int
        /// Every one of the 20 statuses, zero included, in workflow order.
        public var byStatus: CountsBy<DeviceStatus>

        public init(total: Int, byStatus: CountsBy<DeviceStatus>) {
            self.total = total
            self.byStatus = byStatus
        }

        enum CodingKeys: String, CodingKey {
            case total
            case byStatus = "by_status"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            total = try container.decode(Int.self, forKey: .total)
            byStatus = try container.decode(CountsBy<DeviceStatus>.self, forKey: .byStatus)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(total, forKey: .total)
            try container.encode(byStatus, forKey: .byStatus)
        }
    }

    public struct WorkInProgress: Codable, Sendable, Hashable {
        public var awaitingAuthorisation: Int
        public var inRepair: Int
        public var readyForCollection: Int

        public init(awaitingAuthorisation: Int, inRepair: Int, readyForCollection: Int) {
            self.awaitingAuthorisation = awaitingAuthorisation
            self.inRepair = inRepair
            self.readyForCollection = readyForCollection
        }

        enum CodingKeys: String, CodingKey {
            case awaitingAuthorisation = "awaiting_authorisation"
            case inRepair = "in_repair"
            case readyForCollection = "ready_for_collection"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            awaitingAuthorisation = try container.decode(Int.self, forKey: .awaitingAuthorisation)
            inRepair = try container.decode(Int.self, forKey: .inRepair)
            readyForCollection = try container.decode(Int.self, forKey: .readyForCollection)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(awaitingAuthorisation, forKey: .awaitingAuthorisation)
            try container.encode(inRepair, forKey: .inRepair)
            try container.encode(readyForCollection, forKey: .readyForCollection)
        }
    }

    public struct Orders: Codable, Sendable, Hashable {
        /// Orders whose `created_at` lies in the window.
        public var created: Int
        /// Orders whose `collected_at` lies in the window.
        public var collected: Int

        public init(created: Int, collected: Int) {
            self.created = created
            self.collected = collected
        }

        enum CodingKeys: String, CodingKey {
            case created
            case collected
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            created = try container.decode(Int.self, forKey: .created)
            collected = try container.decode(Int.self, forKey: .collected)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(created, forKey: .created)
            try container.encode(collected, forKey: .collected)
        }
    }

    public struct Revenue: Codable, Sendable, Hashable {
        /// Sum of the grand totals of the orders collected in the window.
        public var invoiced: Money
        /// Sum of (amount − refunded) of the payments whose `payment_date` lies in the window; buyback
        /// payouts are negative payments and reduce it; a refund counts on its payment's date.
        public var paid: Money
        /// Sum of the positive `balance_due` of every order not `collected`, now (not windowed).
        public var outstanding: Money

        public init(invoiced: Money, paid: Money, outstanding: Money) {
            self.invoiced = invoiced
            self.paid = paid
            self.outstanding = outstanding
        }

        enum CodingKeys: String, CodingKey {
            case invoiced
            case paid
            case outstanding
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            invoiced = try container.decode(Money.self, forKey: .invoiced)
            paid = try container.decode(Money.self, forKey: .paid)
            outstanding = try container.decode(Money.self, forKey: .outstanding)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(invoiced, forKey: .invoiced)
            try container.encode(paid, forKey: .paid)
            try container.encode(outstanding, forKey: .outstanding)
        }
    }

    public init(period: DashboardPeriod, from: Timestamp, to: Timestamp, devices: Devices, workInProgress: WorkInProgress, orders: Orders, revenue: Revenue) {
        self.period = period
        self.from = from
        self.to = to
        self.devices = devices
        self.workInProgress = workInProgress
        self.orders = orders
        self.revenue = revenue
    }

    enum CodingKeys: String, CodingKey {
        case period
        case from
        case to
        case devices
        case workInProgress = "work_in_progress"
        case orders
        case revenue
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        period = try container.decode(DashboardPeriod.self, forKey: .period)
        from = try container.decode(Timestamp.self, forKey: .from)
        to = try container.decode(Timestamp.self, forKey: .to)
        devices = try container.decode(Devices.self, forKey: .devices)
        workInProgress = try container.decode(WorkInProgress.self, forKey: .workInProgress)
        orders = try container.decode(Orders.self, forKey: .orders)
        revenue = try container.decode(Revenue.self, forKey: .revenue)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(period, forKey: .period)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
        try container.encode(devices, forKey: .devices)
        try container.encode(workInProgress, forKey: .workInProgress)
        try container.encode(orders, forKey: .orders)
        try container.encode(revenue, forKey: .revenue)
    }
}

/// The staff tabs' badges.
public struct HeaderCounts: Codable, Sendable, Hashable {
    /// The caller's devices that still need work (`GET /api/devices/my-queue`'s total).
    public var devices: Int
    /// The company's orders not yet collected.
    public var orders: Int
    /// The company's tickets awaiting the shop's reply (`GET /api/tickets?awaiting_reply=true`'s total).
    public var enquiries: Int

    public init(devices: Int, orders: Int, enquiries: Int) {
        self.devices = devices
        self.orders = orders
        self.enquiries = enquiries
    }

    enum CodingKeys: String, CodingKey {
        case devices
        case orders
        case enquiries
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        devices = try container.decode(Int.self, forKey: .devices)
        orders = try container.decode(Int.self, forKey: .orders)
        enquiries = try container.decode(Int.self, forKey: .enquiries)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(devices, forKey: .devices)
        try container.encode(orders, forKey: .orders)
        try container.encode(enquiries, forKey: .enquiries)
    }
}

/// `GET /api/dashboard/enquiry-stats`: the company's tickets by status and type.
public struct EnquiryStats: Codable, Sendable, Hashable {
    public var total: Int
    public var byStatus: CountsBy<TicketStatus>
    public var byType: CountsBy<TicketType>
    /// Tickets `open` or `pending` whose newest message that is not an `internal_note` is `inbound` (decided;
    /// newest = latest `created_at`, then the message stored last).
    public var awaitingReply: Int

    public init(total: Int, byStatus: CountsBy<TicketStatus>, byType: CountsBy<TicketType>, awaitingReply: Int) {
        self.total = total
        self.byStatus = byStatus
        self.byType = byType
        self.awaitingReply = awaitingReply
    }

    enum CodingKeys: String, CodingKey {
        case total
        case byStatus = "by_status"
        case byType = "by_type"
        case awaitingReply = "awaiting_reply"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        total = try container.decode(Int.self, forKey: .total)
        byStatus = try container.decode(CountsBy<TicketStatus>.self, forKey: .byStatus)
        byType = try container.decode(CountsBy<TicketType>.self, forKey: .byType)
        awaitingReply = try container.decode(Int.self, forKey: .awaitingReply)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(total, forKey: .total)
        try container.encode(byStatus, forKey: .byStatus)
        try container.encode(byType, forKey: .byType)
        try container.encode(awaitingReply, forKey: .awaitingReply)
    }
}

/// `POST /api/auth/login` payload. Top-level and `user` keys are camelCase.
public struct StaffLoginChallenge: Codable, Sendable, Hashable {
    /// Always true: every staff login goes through 2FA.
    public var requiresTwoFactor: Bool
    public var userID: String
    public var email: String
    public var user: User

    /// camelCase (seed 002).
    public struct User: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var email: String
        public var firstName: String
        public var lastName: String
        public var companyID: String

        public init(id: String, email: String, firstName: String, lastName: String, companyID: String) {
            self.id = id
            self.email = email
            self.firstName = firstName
            self.lastName = lastName
            self.companyID = companyID
        }

        enum CodingKeys: String, CodingKey {
            case id
            case email
            case firstName
            case lastName
            case companyID = "companyId"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            email = try container.decode(String.self, forKey: .email)
            firstName = try container.decode(String.self, forKey: .firstName)
            lastName = try container.decode(String.self, forKey: .lastName)
            companyID = try container.decode(String.self, forKey: .companyID)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(email, forKey: .email)
            try container.encode(firstName, forKey: .firstName)
            try container.encode(lastName, forKey: .lastName)
            try container.encode(companyID, forKey: .companyID)
        }
    }

    public init(requiresTwoFactor: Bool, userID: String, email: String, user: User) {
        self.requiresTwoFactor = requiresTwoFactor
        self.userID = userID
        self.email = email
        self.user = user
    }

    enum CodingKeys: String, CodingKey {
        case requiresTwoFactor
        case userID = "userId"
        case email
        case user
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        requiresTwoFactor = try container.decodeFlag(forKey: .requiresTwoFactor)
        userID = try container.decode(String.self, forKey: .userID)
        email = try container.decode(String.self, forKey: .email)
        user = try container.decode(User.self, forKey: .user)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(requiresTwoFactor ? 1 : 0, forKey: .requiresTwoFactor)
        try container.encode(userID, forKey: .userID)
        try container.encode(email, forKey: .email)
        try container.encode(user, forKey: .user)
    }
}

/// Token-response and `me` user, snake_case. Ids are UUID strings. Integer flags and UUID ids are (decided).
public struct StaffUser: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var email: String
    public var firstName: String
    public var lastName: String
    public var companyID: String
    public var role: StaffRole
    public var phiAccessLevel: String
    public var dataClassification: String
    public var isActive: Bool
    public var magicLinkEnabled: Bool
    public var companyStatus: CompanyStatus

    public init(id: String, email: String, firstName: String, lastName: String, companyID: String, role: StaffRole, phiAccessLevel: String, dataClassification: String, isActive: Bool, magicLinkEnabled: Bool, companyStatus: CompanyStatus) {
        self.id = id
        self.email = email
        self.firstName = firstName
        self.lastName = lastName
        self.companyID = companyID
        self.role = role
        self.phiAccessLevel = phiAccessLevel
        self.dataClassification = dataClassification
        self.isActive = isActive
        self.magicLinkEnabled = magicLinkEnabled
        self.companyStatus = companyStatus
    }

    enum CodingKeys: String, CodingKey {
        case id
        case email
        case firstName = "first_name"
        case lastName = "last_name"
        case companyID = "company_id"
        case role
        case phiAccessLevel = "phi_access_level"
        case dataClassification = "data_classification"
        case isActive = "is_active"
        case magicLinkEnabled = "magic_link_enabled"
        case companyStatus = "company_status"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        email = try container.decode(String.self, forKey: .email)
        firstName = try container.decode(String.self, forKey: .firstName)
        lastName = try container.decode(String.self, forKey: .lastName)
        companyID = try container.decode(String.self, forKey: .companyID)
        role = try container.decode(StaffRole.self, forKey: .role)
        phiAccessLevel = try container.decode(String.self, forKey: .phiAccessLevel)
        dataClassification = try container.decode(String.self, forKey: .dataClassification)
        isActive = try container.decodeFlag(forKey: .isActive)
        magicLinkEnabled = try container.decodeFlag(forKey: .magicLinkEnabled)
        companyStatus = try container.decode(CompanyStatus.self, forKey: .companyStatus)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(email, forKey: .email)
        try container.encode(firstName, forKey: .firstName)
        try container.encode(lastName, forKey: .lastName)
        try container.encode(companyID, forKey: .companyID)
        try container.encode(role, forKey: .role)
        try container.encode(phiAccessLevel, forKey: .phiAccessLevel)
        try container.encode(dataClassification, forKey: .dataClassification)
        try container.encode(isActive ? 1 : 0, forKey: .isActive)
        try container.encode(magicLinkEnabled ? 1 : 0, forKey: .magicLinkEnabled)
        try container.encode(companyStatus, forKey: .companyStatus)
    }
}

/// A company as the token response, `me` and `GET /api/companies/{id}` show it: snake_case; absent values are
/// JSON null, never left out.
public struct StaffCompany: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    public var status: CompanyStatus
    public var currencyCode: String?
    public var vatNumber: String?
    public var logoURL: String?
    public var vatRateRepair: Percentage?
    public var vatRateDeviceSale: Percentage?
    public var vatRateAccessory: Percentage?
    public var vatRateDevicePurchase: Percentage?

    public init(id: String, name: String, status: CompanyStatus, currencyCode: String? = nil, vatNumber: String? = nil, logoURL: String? = nil, vatRateRepair: Percentage? = nil, vatRateDeviceSale: Percentage? = nil, vatRateAccessory: Percentage? = nil, vatRateDevicePurchase: Percentage? = nil) {
        self.id = id
        self.name = name
        self.status = status
        self.currencyCode = currencyCode
        self.vatNumber = vatNumber
        self.logoURL = logoURL
        self.vatRateRepair = vatRateRepair
        self.vatRateDeviceSale = vatRateDeviceSale
        self.vatRateAccessory = vatRateAccessory
        self.vatRateDevicePurchase = vatRateDevicePurchase
    }

    enum CodingKeys: String, CodingKey {
        case id
        case name
        case status
        case currencyCode = "currency_code"
        case vatNumber = "vat_number"
        case logoURL = "logo_url"
        case vatRateRepair = "vat_rate_repair"
        case vatRateDeviceSale = "vat_rate_device_sale"
        case vatRateAccessory = "vat_rate_accessory"
        case vatRateDevicePurchase = "vat_rate_device_purchase"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        status = try container.decode(CompanyStatus.self, forKey: .status)
        currencyCode = try container.decodeIfPresent(String.self, forKey: .currencyCode)
        vatNumber = try container.decodeIfPresent(String.self, forKey: .vatNumber)
        logoURL = try container.decodeIfPresent(String.self, forKey: .logoURL)
        vatRateRepair = try container.decodeIfPresent(Percentage.self, forKey: .vatRateRepair)
        vatRateDeviceSale = try container.decodeIfPresent(Percentage.self, forKey: .vatRateDeviceSale)
        vatRateAccessory = try container.decodeIfPresent(Percentage.self, forKey: .vatRateAccessory)
        vatRateDevicePurchase = try container.decodeIfPresent(Percentage.self, forKey: .vatRateDevicePurchase)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(status, forKey: .status)
        try container.encode(currencyCode, forKey: .currencyCode)
        try container.encode(vatNumber, forKey: .vatNumber)
        try container.encode(logoURL, forKey: .logoURL)
        try container.encode(vatRateRepair, forKey: .vatRateRepair)
        try container.encode(vatRateDeviceSale, forKey: .vatRateDeviceSale)
        try container.encode(vatRateAccessory, forKey: .vatRateAccessory)
        try container.encode(vatRateDevicePurchase, forKey: .vatRateDevicePurchase)
    }
}

/// The answer of 2FA verify and magic-link verify.
public struct StaffTokenResponse: Codable, Sendable, Hashable {
    /// HS256 JWT, 900 s.
    public var token: String
    /// Opaque, 43 characters base64url (32 random bytes).
    public var refreshToken: String
    public var expiresIn: Int
    public var user: StaffUser
    public var company: StaffCompany

    public init(token: String, refreshToken: String, expiresIn: Int, user: StaffUser, company: StaffCompany) {
        self.token = token
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
        self.user = user
        self.company = company
    }

    enum CodingKeys: String, CodingKey {
        case token
        case refreshToken
        case expiresIn
        case user
        case company
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        token = try container.decode(String.self, forKey: .token)
        refreshToken = try container.decode(String.self, forKey: .refreshToken)
        expiresIn = try container.decode(Int.self, forKey: .expiresIn)
        user = try container.decode(StaffUser.self, forKey: .user)
        company = try container.decode(StaffCompany.self, forKey: .company)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(token, forKey: .token)
        try container.encode(refreshToken, forKey: .refreshToken)
        try container.encode(expiresIn, forKey: .expiresIn)
        try container.encode(user, forKey: .user)
        try container.encode(company, forKey: .company)
    }
}

/// `POST /api/auth/refresh`
struct RefreshResponse: Codable, Sendable, Hashable {
    var token: String
    var refreshToken: String
    var expiresIn: Int

    init(token: String, refreshToken: String, expiresIn: Int) {
        self.token = token
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
    }

    enum CodingKeys: String, CodingKey {
        case token
        case refreshToken
        case expiresIn
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        token = try container.decode(String.self, forKey: .token)
        refreshToken = try container.decode(String.self, forKey: .refreshToken)
        expiresIn = try container.decode(Int.self, forKey: .expiresIn)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(token, forKey: .token)
        try container.encode(refreshToken, forKey: .refreshToken)
        try container.encode(expiresIn, forKey: .expiresIn)
    }
}

/// `GET /api/auth/me`
public struct StaffMe: Codable, Sendable, Hashable {
    public var user: StaffUser
    public var company: StaffCompany
    /// A JSON boolean.
    public var hasPassword: Bool

    public init(user: StaffUser, company: StaffCompany, hasPassword: Bool) {
        self.user = user
        self.company = company
        self.hasPassword = hasPassword
    }

    enum CodingKeys: String, CodingKey {
        case user
        case company
        case hasPassword
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        user = try container.decode(StaffUser.self, forKey: .user)
        company = try container.decode(StaffCompany.self, forKey: .company)
        hasPassword = try container.decode(Bool.self, forKey: .hasPassword)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(user, forKey: .user)
        try container.encode(company, forKey: .company)
        try container.encode(hasPassword, forKey: .hasPassword)
    }
}

/// `{message}`: what an action without a resource answers.
public struct MessagePayload: Codable, Sendable, Hashable {
    public var message: String

    public init(message: String) {
        self.message = message
    }

    enum CodingKeys: String, CodingKey {
        case message
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        message = try container.decode(String.self, forKey: .message)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(message, forKey: .message)
    }
}

/// A customer's `client`, camelCase.
public struct CustomerClient: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var firstName: String
    public var lastName: String
    public var email: String
    /// `firstName lastName`.
    public var name: String

    public init(id: String, firstName: String, lastName: String, email: String, name: String) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.name = name
    }

    enum CodingKeys: String, CodingKey {
        case id
        case firstName
        case lastName
        case email
        case name
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        firstName = try container.decode(String.self, forKey: .firstName)
        lastName = try container.decode(String.self, forKey: .lastName)
        email = try container.decode(String.self, forKey: .email)
        name = try container.decode(String.self, forKey: .name)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(firstName, forKey: .firstName)
        try container.encode(lastName, forKey: .lastName)
        try container.encode(email, forKey: .email)
        try container.encode(name, forKey: .name)
    }
}

/// A customer's `company` and a company-selection entry, camelCase.
public struct CustomerCompany: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    /// Where the backend serves the company's logo (seed 002: `…/api/branding/<id>/logo`): the mock's own
    /// `GET /api/branding/{id}/logo` under the URL the request came to, the namespace included; null for a
    /// company without a logo (decided).
    public var logoURL: String?

    public init(id: String, name: String, logoURL: String? = nil) {
        self.id = id
        self.name = name
        self.logoURL = logoURL
    }

    enum CodingKeys: String, CodingKey {
        case id
        case name
        case logoURL = "logoUrl"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        logoURL = try container.decodeIfPresent(String.self, forKey: .logoURL)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(logoURL, forKey: .logoURL)
    }
}

/// The answer of a customer's verify: their session for one company.
public struct CustomerSignIn: Codable, Sendable, Hashable {
    /// HS256 JWT, 7 days; no refresh token.
    public var token: String
    public var client: CustomerClient
    public var company: CustomerCompany

    public init(token: String, client: CustomerClient, company: CustomerCompany) {
        self.token = token
        self.client = client
        self.company = company
    }

    enum CodingKeys: String, CodingKey {
        case token
        case client
        case company
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        token = try container.decode(String.self, forKey: .token)
        client = try container.decode(CustomerClient.self, forKey: .client)
        company = try container.decode(CustomerCompany.self, forKey: .company)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(token, forKey: .token)
        try container.encode(client, forKey: .client)
        try container.encode(company, forKey: .company)
    }
}

/// The answer of a customer's verify when their email is a client of several companies.
public struct CompanySelection: Codable, Sendable, Hashable {
    public var requiresCompanySelection: Bool
    public var companies: [CustomerCompany]
    public var email: String
    /// The code just verified, echoed back; it stays valid for the follow-up call with `companyId`.
    public var code: String

    public init(requiresCompanySelection: Bool, companies: [CustomerCompany], email: String, code: String) {
        self.requiresCompanySelection = requiresCompanySelection
        self.companies = companies
        self.email = email
        self.code = code
    }

    enum CodingKeys: String, CodingKey {
        case requiresCompanySelection
        case companies
        case email
        case code
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        requiresCompanySelection = try container.decodeFlag(forKey: .requiresCompanySelection)
        companies = try container.decode([CustomerCompany].self, forKey: .companies)
        email = try container.decode(String.self, forKey: .email)
        code = try container.decode(String.self, forKey: .code)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(requiresCompanySelection ? 1 : 0, forKey: .requiresCompanySelection)
        try container.encode(companies, forKey: .companies)
        try container.encode(email, forKey: .email)
        try container.encode(code, forKey: .code)
    }
}

/// `GET /api/customer/auth/me`
public struct CustomerMe: Codable, Sendable, Hashable {
    public var client: CustomerClient
    public var company: CustomerCompany

    public init(client: CustomerClient, company: CustomerCompany) {
        self.client = client
        self.company = company
    }

    enum CodingKeys: String, CodingKey {
        case client
        case company
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        client = try container.decode(CustomerClient.self, forKey: .client)
        company = try container.decode(CustomerCompany.self, forKey: .company)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(client, forKey: .client)
        try container.encode(company, forKey: .company)
    }
}

/// A company location; the address line, city, postcode and country are required columns, never null.
public struct CompanyLocation: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var companyID: String
    public var name: String
    public var addressLine1: String
    public var addressLine2: String?
    public var city: String
    public var postcode: String
    public var country: String
    public var phone: String?
    public var email: String?
    public var isPrimary: Bool

    public init(id: String, companyID: String, name: String, addressLine1: String, addressLine2: String? = nil, city: String, postcode: String, country: String, phone: String? = nil, email: String? = nil, isPrimary: Bool) {
        self.id = id
        self.companyID = companyID
        self.name = name
        self.addressLine1 = addressLine1
        self.addressLine2 = addressLine2
        self.city = city
        self.postcode = postcode
        self.country = country
        self.phone = phone
        self.email = email
        self.isPrimary = isPrimary
    }

    enum CodingKeys: String, CodingKey {
        case id
        case companyID = "company_id"
        case name
        case addressLine1 = "address_line1"
        case addressLine2 = "address_line2"
        case city
        case postcode
        case country
        case phone
        case email
        case isPrimary = "is_primary"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        companyID = try container.decode(String.self, forKey: .companyID)
        name = try container.decode(String.self, forKey: .name)
        addressLine1 = try container.decode(String.self, forKey: .addressLine1)
        addressLine2 = try container.decodeIfPresent(String.self, forKey: .addressLine2)
        city = try container.decode(String.self, forKey: .city)
        postcode = try container.decode(String.self, forKey: .postcode)
        country = try container.decode(String.self, forKey: .country)
        phone = try container.decodeIfPresent(String.self, forKey: .phone)
        email = try container.decodeIfPresent(String.self, forKey: .email)
        isPrimary = try container.decodeFlag(forKey: .isPrimary)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(companyID, forKey: .companyID)
        try container.encode(name, forKey: .name)
        try container.encode(addressLine1, forKey: .addressLine1)
        try container.encode(addressLine2, forKey: .addressLine2)
        try container.encode(city, forKey: .city)
        try container.encode(postcode, forKey: .postcode)
        try container.encode(country, forKey: .country)
        try container.encode(phone, forKey: .phone)
        try container.encode(email, forKey: .email)
        try container.encode(isPrimary ? 1 : 0, forKey: .isPrimary)
    }
}

/// `GET|PATCH /api/users/me`: the `StaffUser` fields plus profile fields. Shape chosen by the mock (the seeds
/// give none).
public struct StaffProfile: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var email: String
    public var firstName: String
    public var lastName: String
    public var companyID: String
    public var role: StaffRole
    public var phiAccessLevel: String
    public var dataClassification: String
    public var isActive: Bool
    public var magicLinkEnabled: Bool
    public var companyStatus: CompanyStatus
    public var phone: String?
    public var jobTitle: String?
    public var avatarURL: String?
    public var lastLogin: Timestamp?
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    public init(id: String, email: String, firstName: String, lastName: String, companyID: String, role: StaffRole, phiAccessLevel: String, dataClassification: String, isActive: Bool, magicLinkEnabled: Bool, companyStatus: CompanyStatus, phone: String? = nil, jobTitle: String? = nil, avatarURL: String? = nil, lastLogin: Timestamp? = nil, createdAt: Timestamp, updatedAt: Timestamp) {
        self.id = id
        self.email = email
        self.firstName = firstName
        self.lastName = lastName
        self.companyID = companyID
        self.role = role
        self.phiAccessLevel = phiAccessLevel
        self.dataClassification = dataClassification
        self.isActive = isActive
        self.magicLinkEnabled = magicLinkEnabled
        self.companyStatus = companyStatus
        self.phone = phone
        self.jobTitle = jobTitle
        self.avatarURL = avatarURL
        self.lastLogin = lastLogin
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id
        case email
        case firstName = "first_name"
        case lastName = "last_name"
        case companyID = "company_id"
        case role
        case phiAccessLevel = "phi_access_level"
        case dataClassification = "data_classification"
        case isActive = "is_active"
        case magicLinkEnabled = "magic_link_enabled"
        case companyStatus = "company_status"
        case phone
        case jobTitle = "job_title"
        case avatarURL = "avatar_url"
        case lastLogin = "last_login"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        email = try container.decode(String.self, forKey: .email)
        firstName = try container.decode(String.self, forKey: .firstName)
        lastName = try container.decode(String.self, forKey: .lastName)
        companyID = try container.decode(String.self, forKey: .companyID)
        role = try container.decode(StaffRole.self, forKey: .role)
        phiAccessLevel = try container.decode(String.self, forKey: .phiAccessLevel)
        dataClassification = try container.decode(String.self, forKey: .dataClassification)
        isActive = try container.decodeFlag(forKey: .isActive)
        magicLinkEnabled = try container.decodeFlag(forKey: .magicLinkEnabled)
        companyStatus = try container.decode(CompanyStatus.self, forKey: .companyStatus)
        phone = try container.decodeIfPresent(String.self, forKey: .phone)
        jobTitle = try container.decodeIfPresent(String.self, forKey: .jobTitle)
        avatarURL = try container.decodeIfPresent(String.self, forKey: .avatarURL)
        lastLogin = try container.decodeIfPresent(Timestamp.self, forKey: .lastLogin)
        createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
        updatedAt = try container.decode(Timestamp.self, forKey: .updatedAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(email, forKey: .email)
        try container.encode(firstName, forKey: .firstName)
        try container.encode(lastName, forKey: .lastName)
        try container.encode(companyID, forKey: .companyID)
        try container.encode(role, forKey: .role)
        try container.encode(phiAccessLevel, forKey: .phiAccessLevel)
        try container.encode(dataClassification, forKey: .dataClassification)
        try container.encode(isActive ? 1 : 0, forKey: .isActive)
        try container.encode(magicLinkEnabled ? 1 : 0, forKey: .magicLinkEnabled)
        try container.encode(companyStatus, forKey: .companyStatus)
        try container.encode(phone, forKey: .phone)
        try container.encode(jobTitle, forKey: .jobTitle)
        try container.encode(avatarURL, forKey: .avatarURL)
        try container.encode(lastLogin, forKey: .lastLogin)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}

/// The profile's picture after an upload or a removal.
public struct Avatar: Codable, Sendable, Hashable {
    public var avatarURL: String?

    public init(avatarURL: String? = nil) {
        self.avatarURL = avatarURL
    }

    enum CodingKeys: String, CodingKey {
        case avatarURL = "avatar_url"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        avatarURL = try container.decodeIfPresent(String.self, forKey: .avatarURL)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(avatarURL, forKey: .avatarURL)
    }
}

/// Shape chosen by the mock; neither the seeds nor the contract give one.
public struct SubscriptionFeatures: Codable, Sendable, Hashable {
    /// The company's `subscription_plan` (seed Beta Tech is on `starter`).
    public var plan: SubscriptionPlan
    /// `inactive` when the company is `pending_approval` or `suspended`.
    public var status: String
    /// Empty when the company is not `active`.
    public var features: [String]

    public init(plan: SubscriptionPlan, status: String, features: [String]) {
        self.plan = plan
        self.status = status
        self.features = features
    }

    enum CodingKeys: String, CodingKey {
        case plan
        case status
        case features
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        plan = try container.decode(SubscriptionPlan.self, forKey: .plan)
        status = try container.decode(String.self, forKey: .status)
        features = try container.decode([String].self, forKey: .features)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(plan, forKey: .plan)
        try container.encode(status, forKey: .status)
        try container.encode(features, forKey: .features)
    }
}

/// `GET|PUT /api/user/push-preferences`: every switch (docs/contract.md §7). Shape chosen by the mock (the
/// seeds show none). Defaults when never saved (no row): all true except `marketing` (false).
public struct PushPreferences: Codable, Sendable, Hashable {
    public var pushEnabled: Bool
    public var orderUpdates: Bool
    public var deviceUpdates: Bool
    public var ticketMessages: Bool
    public var quoteUpdates: Bool
    public var marketing: Bool

    public init(pushEnabled: Bool, orderUpdates: Bool, deviceUpdates: Bool, ticketMessages: Bool, quoteUpdates: Bool, marketing: Bool) {
        self.pushEnabled = pushEnabled
        self.orderUpdates = orderUpdates
        self.deviceUpdates = deviceUpdates
        self.ticketMessages = ticketMessages
        self.quoteUpdates = quoteUpdates
        self.marketing = marketing
    }

    enum CodingKeys: String, CodingKey {
        case pushEnabled = "push_enabled"
        case orderUpdates = "order_updates"
        case deviceUpdates = "device_updates"
        case ticketMessages = "ticket_messages"
        case quoteUpdates = "quote_updates"
        case marketing
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        pushEnabled = try container.decode(Bool.self, forKey: .pushEnabled)
        orderUpdates = try container.decode(Bool.self, forKey: .orderUpdates)
        deviceUpdates = try container.decode(Bool.self, forKey: .deviceUpdates)
        ticketMessages = try container.decode(Bool.self, forKey: .ticketMessages)
        quoteUpdates = try container.decode(Bool.self, forKey: .quoteUpdates)
        marketing = try container.decode(Bool.self, forKey: .marketing)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(pushEnabled, forKey: .pushEnabled)
        try container.encode(orderUpdates, forKey: .orderUpdates)
        try container.encode(deviceUpdates, forKey: .deviceUpdates)
        try container.encode(ticketMessages, forKey: .ticketMessages)
        try container.encode(quoteUpdates, forKey: .quoteUpdates)
        try container.encode(marketing, forKey: .marketing)
    }
}

/// `POST /api/auth/login`. Unknown keys are ignored.
public struct StaffLogin: Encodable, Sendable, Hashable {
    public var email: String
    public var password: String

    public init(email: String, password: String) {
        self.email = email
        self.password = password
    }

    enum CodingKeys: String, CodingKey {
        case email
        case password
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(email, forKey: .email)
        try container.encode(password, forKey: .password)
    }
}

/// `POST /api/auth/2fa/request`: the user the login step named, and their email. Unknown keys are ignored.
public struct TwoFactorCodeRequest: Encodable, Sendable, Hashable {
    public var userID: String
    public var email: String

    public init(userID: String, email: String) {
        self.userID = userID
        self.email = email
    }

    enum CodingKeys: String, CodingKey {
        case userID = "userId"
        case email
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(userID, forKey: .userID)
        try container.encode(email, forKey: .email)
    }
}

/// `POST /api/auth/2fa/verify`. Unknown keys are ignored.
public struct TwoFactorVerification: Encodable, Sendable, Hashable {
    public var userID: String
    /// An emailed code, a TOTP code or a recovery code.
    public var code: String

    public init(userID: String, code: String) {
        self.userID = userID
        self.code = code
    }

    enum CodingKeys: String, CodingKey {
        case userID = "userId"
        case code
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(userID, forKey: .userID)
        try container.encode(code, forKey: .code)
    }
}

/// `POST /api/auth/magic-link/request`. Unknown keys are ignored.
public struct MagicLinkRequest: Encodable, Sendable, Hashable {
    /// Must contain `@`, else 400.
    public var email: String

    public init(email: String) {
        self.email = email
    }

    enum CodingKeys: String, CodingKey {
        case email
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(email, forKey: .email)
    }
}

/// `POST /api/auth/magic-link/verify-code`. Unknown keys are ignored.
public struct MagicLinkVerification: Encodable, Sendable, Hashable {
    public var email: String
    public var code: String

    public init(email: String, code: String) {
        self.email = email
        self.code = code
    }

    enum CodingKeys: String, CodingKey {
        case email
        case code
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(email, forKey: .email)
        try container.encode(code, forKey: .code)
    }
}

/// `POST /api/auth/refresh`. Unknown keys are ignored.
public struct TokenRefresh: Encodable, Sendable, Hashable {
    public var refreshToken: String

    public init(refreshToken: String) {
        self.refreshToken = refreshToken
    }

    enum CodingKeys: String, CodingKey {
        case refreshToken
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(refreshToken, forKey: .refreshToken)
    }
}

/// `POST /api/customer/auth/request-magic-link`. Unknown keys are ignored.
public struct CustomerCodeRequest: Encodable, Sendable, Hashable {
    /// Must contain `@`, else 400; matched case-insensitively.
    public var email: String
    /// Mail only if the email is a client of this company (any other value sends nothing).
    public var companyID: String?

    public init(email: String, companyID: String? = nil) {
        self.email = email
        self.companyID = companyID
    }

    enum CodingKeys: String, CodingKey {
        case email
        case companyID = "companyId"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(email, forKey: .email)
        try container.encodeIfPresent(companyID, forKey: .companyID)
    }
}

/// `POST /api/customer/auth/verify-code`. Unknown keys are ignored.
public struct CustomerCodeVerification: Encodable, Sendable, Hashable {
    public var email: String
    public var code: String
    /// A company the email is a client of; any other value → 401 `Invalid or expired code`.
    public var companyID: String?

    public init(email: String, code: String, companyID: String? = nil) {
        self.email = email
        self.code = code
        self.companyID = companyID
    }

    enum CodingKeys: String, CodingKey {
        case email
        case code
        case companyID = "companyId"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(email, forKey: .email)
        try container.encode(code, forKey: .code)
        try container.encodeIfPresent(companyID, forKey: .companyID)
    }
}

/// `PATCH /api/users/me`: at least one of the four fields (unknown keys are ignored, so they do not count;
/// none → 400 `No fields to update`). Strings are trimmed of white space and must not be blank; `phone` and
/// `job_title` accept null to clear. Limits after trimming: names 100, phone 40, job_title 100 characters.
public struct ProfileChanges: Encodable, Sendable, Hashable {
    public var firstName: String?
    public var lastName: String?
    public var phone: FieldUpdate<String>?
    public var jobTitle: FieldUpdate<String>?

    public init(firstName: String? = nil, lastName: String? = nil, phone: FieldUpdate<String>? = nil, jobTitle: FieldUpdate<String>? = nil) {
        self.firstName = firstName
        self.lastName = lastName
        self.phone = phone
        self.jobTitle = jobTitle
    }

    enum CodingKeys: String, CodingKey {
        case firstName = "first_name"
        case lastName = "last_name"
        case phone
        case jobTitle = "job_title"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(firstName, forKey: .firstName)
        try container.encodeIfPresent(lastName, forKey: .lastName)
        try container.encodeIfPresent(phone, forKey: .phone)
        try container.encodeIfPresent(jobTitle, forKey: .jobTitle)
    }
}

/// `POST /api/user/device-token`. Body keys are (decided). Unknown keys are ignored.
public struct DeviceTokenRegistration: Encodable, Sendable, Hashable {
    /// 8–512 characters of `A-Z a-z 0-9 - _` (APNs hex tokens qualify; the simulator sends odd ones).
    public var deviceToken: String
    public var platform: String
    /// Must match the kind of bearer token sent, else 400.
    public var appType: AppType

    public init(deviceToken: String, platform: String, appType: AppType) {
        self.deviceToken = deviceToken
        self.platform = platform
        self.appType = appType
    }

    enum CodingKeys: String, CodingKey {
        case deviceToken = "device_token"
        case platform
        case appType = "app_type"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(deviceToken, forKey: .deviceToken)
        try container.encode(platform, forKey: .platform)
        try container.encode(appType, forKey: .appType)
    }
}

/// `DELETE /api/user/device-token`. Body keys are (decided). Unknown keys are ignored.
public struct DeviceTokenRemoval: Encodable, Sendable, Hashable {
    public var deviceToken: String

    public init(deviceToken: String) {
        self.deviceToken = deviceToken
    }

    enum CodingKeys: String, CodingKey {
        case deviceToken = "device_token"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(deviceToken, forKey: .deviceToken)
    }
}

/// `PUT /api/user/push-preferences`: any subset, at least one known key (unknown keys are ignored and do not
/// count; none → 400 `No fields to update`); the others keep their value. A switch may be left out; `null` is
/// a 400 naming it (it is not "leave as is").
public struct PushPreferenceChanges: Encodable, Sendable, Hashable {
    public var pushEnabled: Bool?
    public var orderUpdates: Bool?
    public var deviceUpdates: Bool?
    public var ticketMessages: Bool?
    public var quoteUpdates: Bool?
    public var marketing: Bool?

    public init(pushEnabled: Bool? = nil, orderUpdates: Bool? = nil, deviceUpdates: Bool? = nil, ticketMessages: Bool? = nil, quoteUpdates: Bool? = nil, marketing: Bool? = nil) {
        self.pushEnabled = pushEnabled
        self.orderUpdates = orderUpdates
        self.deviceUpdates = deviceUpdates
        self.ticketMessages = ticketMessages
        self.quoteUpdates = quoteUpdates
        self.marketing = marketing
    }

    enum CodingKeys: String, CodingKey {
        case pushEnabled = "push_enabled"
        case orderUpdates = "order_updates"
        case deviceUpdates = "device_updates"
        case ticketMessages = "ticket_messages"
        case quoteUpdates = "quote_updates"
        case marketing
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(pushEnabled, forKey: .pushEnabled)
        try container.encodeIfPresent(orderUpdates, forKey: .orderUpdates)
        try container.encodeIfPresent(deviceUpdates, forKey: .deviceUpdates)
        try container.encodeIfPresent(ticketMessages, forKey: .ticketMessages)
        try container.encodeIfPresent(quoteUpdates, forKey: .quoteUpdates)
        try container.encodeIfPresent(marketing, forKey: .marketing)
    }
}

/// `PATCH /api/orders/{id}`: at least one field; an unknown field (including `status`) is a 400. `null`
/// clears, an absent key leaves the field as it is.
public struct OrderChanges: Encodable, Sendable, Hashable {
    public var notes: FieldUpdate<String>?
    /// An active, unarchived staff user of the caller's company (else 400), or null. At most 64 characters.
    public var assignedUserID: FieldUpdate<String>?
    /// A location of the caller's company (else 400), or null. At most 64 characters.
    public var locationID: FieldUpdate<String>?
    public var intakeMethod: IntakeMethod?

    public init(notes: FieldUpdate<String>? = nil, assignedUserID: FieldUpdate<String>? = nil, locationID: FieldUpdate<String>? = nil, intakeMethod: IntakeMethod? = nil) {
        self.notes = notes
        self.assignedUserID = assignedUserID
        self.locationID = locationID
        self.intakeMethod = intakeMethod
    }

    enum CodingKeys: String, CodingKey {
        case notes
        case assignedUserID = "assigned_user_id"
        case locationID = "location_id"
        case intakeMethod = "intake_method"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(notes, forKey: .notes)
        try container.encodeIfPresent(assignedUserID, forKey: .assignedUserID)
        try container.encodeIfPresent(locationID, forKey: .locationID)
        try container.encodeIfPresent(intakeMethod, forKey: .intakeMethod)
    }
}

/// `PATCH /api/devices/{id}`: at least one field; an unknown field is a 400. `null` clears, an absent key
/// leaves the field.
public struct DeviceChanges: Encodable, Sendable, Hashable {
    /// One of the device's `available_transitions`, else 400 naming them.
    public var status: DeviceStatus?
    /// An active, unarchived staff user of the caller's company (else 400), or null. At most 64 characters.
    public var assignedEngineerID: FieldUpdate<String>?
    public var priority: DevicePriority?
    public var diagnosisNotes: FieldUpdate<String>?
    public var repairNotes: FieldUpdate<String>?
    public var technicianNotes: FieldUpdate<String>?
    public var technicianFoundIssues: FieldUpdate<String>?
    /// A sub-location of the caller's company (else 400), or null. At most 64 characters.
    public var subLocationID: FieldUpdate<String>?

    public init(status: DeviceStatus? = nil, assignedEngineerID: FieldUpdate<String>? = nil, priority: DevicePriority? = nil, diagnosisNotes: FieldUpdate<String>? = nil, repairNotes: FieldUpdate<String>? = nil, technicianNotes: FieldUpdate<String>? = nil, technicianFoundIssues: FieldUpdate<String>? = nil, subLocationID: FieldUpdate<String>? = nil) {
        self.status = status
        self.assignedEngineerID = assignedEngineerID
        self.priority = priority
        self.diagnosisNotes = diagnosisNotes
        self.repairNotes = repairNotes
        self.technicianNotes = technicianNotes
        self.technicianFoundIssues = technicianFoundIssues
        self.subLocationID = subLocationID
    }

    enum CodingKeys: String, CodingKey {
        case status
        case assignedEngineerID = "assigned_engineer_id"
        case priority
        case diagnosisNotes = "diagnosis_notes"
        case repairNotes = "repair_notes"
        case technicianNotes = "technician_notes"
        case technicianFoundIssues = "technician_found_issues"
        case subLocationID = "sub_location_id"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(status, forKey: .status)
        try container.encodeIfPresent(assignedEngineerID, forKey: .assignedEngineerID)
        try container.encodeIfPresent(priority, forKey: .priority)
        try container.encodeIfPresent(diagnosisNotes, forKey: .diagnosisNotes)
        try container.encodeIfPresent(repairNotes, forKey: .repairNotes)
        try container.encodeIfPresent(technicianNotes, forKey: .technicianNotes)
        try container.encodeIfPresent(technicianFoundIssues, forKey: .technicianFoundIssues)
        try container.encodeIfPresent(subLocationID, forKey: .subLocationID)
    }
}

/// `PATCH /api/tickets/{id}`: at least one field; an unknown field is a 400. `null` clears, an absent key
/// leaves the field.
public struct TicketChanges: Encodable, Sendable, Hashable {
    public var status: TicketStatus?
    /// An active, unarchived staff user of the caller's company (else 400), or null. At most 64 characters.
    public var assignedUserID: FieldUpdate<String>?
    /// A location of the caller's company (else 400), or null. At most 64 characters.
    public var locationID: FieldUpdate<String>?

    public init(status: TicketStatus? = nil, assignedUserID: FieldUpdate<String>? = nil, locationID: FieldUpdate<String>? = nil) {
        self.status = status
        self.assignedUserID = assignedUserID
        self.locationID = locationID
    }

    enum CodingKeys: String, CodingKey {
        case status
        case assignedUserID = "assigned_user_id"
        case locationID = "location_id"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(status, forKey: .status)
        try container.encodeIfPresent(assignedUserID, forKey: .assignedUserID)
        try container.encodeIfPresent(locationID, forKey: .locationID)
    }
}

/// `POST /api/tickets/{id}/reply`. Unknown keys are ignored.
public struct TicketReply: Encodable, Sendable, Hashable {
    /// Must say something once its tags are removed (`<p></p>` is no reply), else 400.
    public var htmlBody: String
    /// The plain-text part; absent, null or blank = derived from `html_body`.
    public var textBody: String?
    /// One of the company's addresses (`received_custom_email.id`), else 400; absent or null = the default
    /// choice (see the operation).
    public var fromEmailID: String?

    public init(htmlBody: String, textBody: String? = nil, fromEmailID: String? = nil) {
        self.htmlBody = htmlBody
        self.textBody = textBody
        self.fromEmailID = fromEmailID
    }

    enum CodingKeys: String, CodingKey {
        case htmlBody = "html_body"
        case textBody = "text_body"
        case fromEmailID = "from_email_id"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(htmlBody, forKey: .htmlBody)
        try container.encodeIfPresent(textBody, forKey: .textBody)
        try container.encodeIfPresent(fromEmailID, forKey: .fromEmailID)
    }
}

/// `POST /api/tickets/{id}/note`. Unknown keys are ignored.
public struct TicketNote: Encodable, Sendable, Hashable {
    /// Not blank; at most 100,000 characters.
    public var body: String

    public init(body: String) {
        self.body = body
    }

    enum CodingKeys: String, CodingKey {
        case body
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(body, forKey: .body)
    }
}

/// `POST /api/tickets/{id}/generate-response` (the body may be left out). Unknown keys are ignored.
public struct GenerateResponseRequest: Encodable, Sendable, Hashable {
    /// Sign off as this location of the company (else 400); absent or null = the ticket's location, else its
    /// order's, else the company.
    public var locationID: String?

    public init(locationID: String? = nil) {
        self.locationID = locationID
    }

    enum CodingKeys: String, CodingKey {
        case locationID = "location_id"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(locationID, forKey: .locationID)
    }
}

/// `POST /api/tickets/{id}/macro`. Unknown keys are ignored.
public struct MacroRunRequest: Encodable, Sendable, Hashable {
    /// An active macro of the caller's company, else 400.
    public var macroID: String
    /// Values that win over the ticket's; a name that is not a macro variable → 400 naming it
    /// (`variable_overrides.<name>`).
    public var variableOverrides: MacroVariables?

    public init(macroID: String, variableOverrides: MacroVariables? = nil) {
        self.macroID = macroID
        self.variableOverrides = variableOverrides
    }

    enum CodingKeys: String, CodingKey {
        case macroID = "macro_id"
        case variableOverrides = "variable_overrides"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(macroID, forKey: .macroID)
        try container.encodeIfPresent(variableOverrides, forKey: .variableOverrides)
    }
}

/// The values a macro's `{{name}}` placeholders take (a value the ticket lacks is the empty string); in a
/// request, the ones that win over the ticket's.
public struct MacroVariables: Encodable, Sendable, Hashable {
    public var clientFirstName: String?
    public var clientName: String?
    public var orderNumber: String?
    public var deviceName: String?
    public var companyName: String?
    public var locationName: String?
    public var ticketNumber: String?

    public init(clientFirstName: String? = nil, clientName: String? = nil, orderNumber: String? = nil, deviceName: String? = nil, companyName: String? = nil, locationName: String? = nil, ticketNumber: String? = nil) {
        self.clientFirstName = clientFirstName
        self.clientName = clientName
        self.orderNumber = orderNumber
        self.deviceName = deviceName
        self.companyName = companyName
        self.locationName = locationName
        self.ticketNumber = ticketNumber
    }

    enum CodingKeys: String, CodingKey {
        case clientFirstName = "client_first_name"
        case clientName = "client_name"
        case orderNumber = "order_number"
        case deviceName = "device_name"
        case companyName = "company_name"
        case locationName = "location_name"
        case ticketNumber = "ticket_number"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(clientFirstName, forKey: .clientFirstName)
        try container.encodeIfPresent(clientName, forKey: .clientName)
        try container.encodeIfPresent(orderNumber, forKey: .orderNumber)
        try container.encodeIfPresent(deviceName, forKey: .deviceName)
        try container.encodeIfPresent(companyName, forKey: .companyName)
        try container.encodeIfPresent(locationName, forKey: .locationName)
        try container.encodeIfPresent(ticketNumber, forKey: .ticketNumber)
    }
}

/// `POST /api/customer/orders/{id}/approve`. Unknown keys are ignored.
public struct QuoteApproval: Encodable, Sendable, Hashable {
    public var signature: Signature

    /// The customer's signature of the quote. Unknown keys are ignored.
    public struct Signature: Encodable, Sendable, Hashable {
        /// The customer's typed name; trimmed, then 1 to 200 characters.
        public var typedName: String
        /// Must be true, else 400.
        public var termsAgreed: Bool

        public init(typedName: String, termsAgreed: Bool) {
            self.typedName = typedName
            self.termsAgreed = termsAgreed
        }

        enum CodingKeys: String, CodingKey {
            case typedName = "typed_name"
            case termsAgreed = "terms_agreed"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(typedName, forKey: .typedName)
            try container.encode(termsAgreed, forKey: .termsAgreed)
        }
    }

    public init(signature: Signature) {
        self.signature = signature
    }

    enum CodingKeys: String, CodingKey {
        case signature
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(signature, forKey: .signature)
    }
}

/// `POST /api/customer/orders/{id}/reject` (the body may be left out). Unknown keys are ignored.
public struct QuoteRejection: Encodable, Sendable, Hashable {
    /// Kept (trimmed) as the devices' `authorization_notes`; blank = no reason.
    public var reason: String?

    public init(reason: String? = nil) {
        self.reason = reason
    }

    enum CodingKeys: String, CodingKey {
        case reason
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(reason, forKey: .reason)
    }
}

/// `POST /api/customer/orders/{id}/messages`. Unknown keys are ignored.
public struct CustomerMessageRequest: Encodable, Sendable, Hashable {
    /// Not blank; at most 10,000 characters.
    public var body: String

    public init(body: String) {
        self.body = body
    }

    enum CodingKeys: String, CodingKey {
        case body
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(body, forKey: .body)
    }
}

/// Computed from the order's devices, never set (decided rule, docs/resources.md).
public enum OrderStatus: OpenEnum {
    case awaitingDevice
    case received
    case inProgress
    case awaitingAuthorisation
    case readyForCollection
    case collected
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [OrderStatus] = [.awaitingDevice, .received, .inProgress, .awaitingAuthorisation, .readyForCollection, .collected]

    public var rawValue: String {
        switch self {
        case .awaitingDevice: "awaiting_device"
        case .received: "received"
        case .inProgress: "in_progress"
        case .awaitingAuthorisation: "awaiting_authorisation"
        case .readyForCollection: "ready_for_collection"
        case .collected: "collected"
        case .unknown(let raw): raw
        }
    }

    /// The name the apps show, as the server writes it (`status_label`).
    public var displayName: String {
        switch self {
        case .awaitingDevice: "Awaiting Device"
        case .received: "Received"
        case .inProgress: "In Progress"
        case .awaitingAuthorisation: "Awaiting Authorisation"
        case .readyForCollection: "Ready for Collection"
        case .collected: "Collected"
        case .unknown(let raw): OpenEnumDisplay.humanize(raw)
        }
    }
}

/// The 17 repair statuses and the 3 buyback-only ones (seed 003 "Device Workflow").
public enum DeviceStatus: OpenEnum {
    case deviceReceived
    case diagnosing
    case readyToQuote
    case companyRejected
    case awaitingAuthorisation
    case authorisedSourceParts
    case authorisedAwaitingParts
    case readyToRepair
    case repairing
    case awaitingRevisedQuote
    case repairedQC
    case repairedReady
    case rejected
    case rejectionQC
    case rejectionReady
    case collected
    case despatched
    case readyToPay
    case paymentMade
    case addedToBuyback
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [DeviceStatus] = [.deviceReceived, .diagnosing, .readyToQuote, .companyRejected, .awaitingAuthorisation, .authorisedSourceParts, .authorisedAwaitingParts, .readyToRepair, .repairing, .awaitingRevisedQuote, .repairedQC, .repairedReady, .rejected, .rejectionQC, .rejectionReady, .collected, .despatched, .readyToPay, .paymentMade, .addedToBuyback]

    public var rawValue: String {
        switch self {
        case .deviceReceived: "device_received"
        case .diagnosing: "diagnosing"
        case .readyToQuote: "ready_to_quote"
        case .companyRejected: "company_rejected"
        case .awaitingAuthorisation: "awaiting_authorisation"
        case .authorisedSourceParts: "authorised_source_parts"
        case .authorisedAwaitingParts: "authorised_awaiting_parts"
        case .readyToRepair: "ready_to_repair"
        case .repairing: "repairing"
        case .awaitingRevisedQuote: "awaiting_revised_quote"
        case .repairedQC: "repaired_qc"
        case .repairedReady: "repaired_ready"
        case .rejected: "rejected"
        case .rejectionQC: "rejection_qc"
        case .rejectionReady: "rejection_ready"
        case .collected: "collected"
        case .despatched: "despatched"
        case .readyToPay: "ready_to_pay"
        case .paymentMade: "payment_made"
        case .addedToBuyback: "added_to_buyback"
        case .unknown(let raw): raw
        }
    }

    /// The name the apps show, as the server writes it (`status_label`).
    public var displayName: String {
        switch self {
        case .deviceReceived: "Device Received"
        case .diagnosing: "Diagnosing"
        case .readyToQuote: "Ready to Quote"
        case .companyRejected: "Company Rejected"
        case .awaitingAuthorisation: "Awaiting Authorisation"
        case .authorisedSourceParts: "Authorised - Source Parts"
        case .authorisedAwaitingParts: "Awaiting Parts"
        case .readyToRepair: "Ready to Repair"
        case .repairing: "Repairing"
        case .awaitingRevisedQuote: "Awaiting Revised Quote"
        case .repairedQC: "Repaired - QC"
        case .repairedReady: "Repaired - Ready"
        case .rejected: "Rejected"
        case .rejectionQC: "Rejection - QC"
        case .rejectionReady: "Rejection - Ready"
        case .collected: "Collected"
        case .despatched: "Despatched"
        case .readyToPay: "Ready to Pay"
        case .paymentMade: "Payment Made"
        case .addedToBuyback: "Added to Buyback"
        case .unknown(let raw): OpenEnumDisplay.humanize(raw)
        }
    }
}

public enum WorkflowType: OpenEnum {
    case repair
    case buyback
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [WorkflowType] = [.repair, .buyback]

    public var rawValue: String {
        switch self {
        case .repair: "repair"
        case .buyback: "buyback"
        case .unknown(let raw): raw
        }
    }
}

/// The set is (decided).
public enum DevicePriority: OpenEnum {
    case low
    case normal
    case high
    case urgent
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [DevicePriority] = [.low, .normal, .high, .urgent]

    public var rawValue: String {
        switch self {
        case .low: "low"
        case .normal: "normal"
        case .high: "high"
        case .urgent: "urgent"
        case .unknown(let raw): raw
        }
    }
}

public enum IntakeMethod: OpenEnum {
    case walkIn
    case mailIn
    case collection
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [IntakeMethod] = [.walkIn, .mailIn, .collection]

    public var rawValue: String {
        switch self {
        case .walkIn: "walk_in"
        case .mailIn: "mail_in"
        case .collection: "collection"
        case .unknown(let raw): raw
        }
    }
}

/// Computed from the totals (decided rule, docs/resources.md).
public enum PaymentStatus: OpenEnum {
    case unpaid
    case partiallyPaid
    case paid
    case noCharge
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [PaymentStatus] = [.unpaid, .partiallyPaid, .paid, .noCharge]

    public var rawValue: String {
        switch self {
        case .unpaid: "unpaid"
        case .partiallyPaid: "partially_paid"
        case .paid: "paid"
        case .noCharge: "no_charge"
        case .unknown(let raw): raw
        }
    }
}

/// The customer's answer to a device's quote.
public enum AuthorizationStatus: OpenEnum {
    case pending
    case approved
    case rejected
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [AuthorizationStatus] = [.pending, .approved, .rejected]

    public var rawValue: String {
        switch self {
        case .pending: "pending"
        case .approved: "approved"
        case .rejected: "rejected"
        case .unknown(let raw): raw
        }
    }
}

public enum TicketStatus: OpenEnum {
    case open
    case pending
    case resolved
    case closed
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [TicketStatus] = [.open, .pending, .resolved, .closed]

    public var rawValue: String {
        switch self {
        case .open: "open"
        case .pending: "pending"
        case .resolved: "resolved"
        case .closed: "closed"
        case .unknown(let raw): raw
        }
    }
}

/// `lead`: an enquiry not (yet) tied to an order; `order`: the conversation of an order.
public enum TicketType: OpenEnum {
    case lead
    case order
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [TicketType] = [.lead, .order]

    public var rawValue: String {
        switch self {
        case .lead: "lead"
        case .order: "order"
        case .unknown(let raw): raw
        }
    }
}

public enum MessageType: OpenEnum {
    case outbound
    case inbound
    case internalNote
    case outboundSMS
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [MessageType] = [.outbound, .inbound, .internalNote, .outboundSMS]

    public var rawValue: String {
        switch self {
        case .outbound: "outbound"
        case .inbound: "inbound"
        case .internalNote: "internal_note"
        case .outboundSMS: "outbound_sms"
        case .unknown(let raw): raw
        }
    }
}

/// Which of the company's four VAT rates a line item uses.
public enum ItemType: OpenEnum {
    case repair
    case deviceSale
    case accessory
    case devicePurchase
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [ItemType] = [.repair, .deviceSale, .accessory, .devicePurchase]

    public var rawValue: String {
        switch self {
        case .repair: "repair"
        case .deviceSale: "device_sale"
        case .accessory: "accessory"
        case .devicePurchase: "device_purchase"
        case .unknown(let raw): raw
        }
    }
}

public enum PaymentMethod: OpenEnum {
    case cash
    case card
    case bankTransfer
    case other
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [PaymentMethod] = [.cash, .card, .bankTransfer, .other]

    public var rawValue: String {
        switch self {
        case .cash: "cash"
        case .card: "card"
        case .bankTransfer: "bank_transfer"
        case .other: "other"
        case .unknown(let raw): raw
        }
    }
}

public enum SignatureType: OpenEnum {
    case dropOff
    case authorisation
    case collection
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [SignatureType] = [.dropOff, .authorisation, .collection]

    public var rawValue: String {
        switch self {
        case .dropOff: "drop_off"
        case .authorisation: "authorisation"
        case .collection: "collection"
        case .unknown(let raw): raw
        }
    }
}

/// Where in a shop a device sits.
public enum SubLocationType: OpenEnum {
    case shelf
    case bin
    case bench
    case drawer
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [SubLocationType] = [.shelf, .bin, .bench, .drawer]

    public var rawValue: String {
        switch self {
        case .shelf: "shelf"
        case .bin: "bin"
        case .bench: "bench"
        case .drawer: "drawer"
        case .unknown(let raw): raw
        }
    }
}

public enum DeviceImageType: OpenEnum {
    case intake
    case damage
    case preRepair
    case postRepair
    case serialLabel
    case other
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [DeviceImageType] = [.intake, .damage, .preRepair, .postRepair, .serialLabel, .other]

    public var rawValue: String {
        switch self {
        case .intake: "intake"
        case .damage: "damage"
        case .preRepair: "pre_repair"
        case .postRepair: "post_repair"
        case .serialLabel: "serial_label"
        case .other: "other"
        case .unknown(let raw): raw
        }
    }
}

public enum AccessoryType: OpenEnum {
    case `case`
    case charger
    case cable
    case simCard
    case simTray
    case stylus
    case box
    case other
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [AccessoryType] = [.`case`, .charger, .cable, .simCard, .simTray, .stylus, .box, .other]

    public var rawValue: String {
        switch self {
        case .`case`: "case"
        case .charger: "charger"
        case .cable: "cable"
        case .simCard: "sim_card"
        case .simTray: "sim_tray"
        case .stylus: "stylus"
        case .box: "box"
        case .other: "other"
        case .unknown(let raw): raw
        }
    }
}

/// A window from the start of the period, in UTC, up to the mock clock's now (decided).
public enum DashboardPeriod: OpenEnum {
    case today
    case week
    case month
    case year
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [DashboardPeriod] = [.today, .week, .month, .year]

    public var rawValue: String {
        switch self {
        case .today: "today"
        case .week: "week"
        case .month: "month"
        case .year: "year"
        case .unknown(let raw): raw
        }
    }
}

/// The mock's plans (decided: the seeds name none).
public enum SubscriptionPlan: OpenEnum {
    case starter
    case professional
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [SubscriptionPlan] = [.starter, .professional]

    public var rawValue: String {
        switch self {
        case .starter: "starter"
        case .professional: "professional"
        case .unknown(let raw): raw
        }
    }
}

public enum StaffRole: OpenEnum {
    case masterAdmin
    case admin
    case seniorEngineer
    case engineer
    case office
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [StaffRole] = [.masterAdmin, .admin, .seniorEngineer, .engineer, .office]

    public var rawValue: String {
        switch self {
        case .masterAdmin: "master_admin"
        case .admin: "admin"
        case .seniorEngineer: "senior_engineer"
        case .engineer: "engineer"
        case .office: "office"
        case .unknown(let raw): raw
        }
    }
}

/// Only an `active` company's users may call the app API (quarantine, docs/auth.md).
public enum CompanyStatus: OpenEnum {
    case active
    case pendingApproval
    case suspended
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [CompanyStatus] = [.active, .pendingApproval, .suspended]

    public var rawValue: String {
        switch self {
        case .active: "active"
        case .pendingApproval: "pending_approval"
        case .suspended: "suspended"
        case .unknown(let raw): raw
        }
    }
}

/// Which app: the staff app or the customer app.
public enum AppType: OpenEnum {
    case staff
    case customer
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [AppType] = [.staff, .customer]

    public var rawValue: String {
        switch self {
        case .staff: "staff"
        case .customer: "customer"
        case .unknown(let raw): raw
        }
    }
}
