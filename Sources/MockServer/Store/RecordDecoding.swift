import GRDB

// How every record of Records.swift is read: the one way the store decodes a row. `init(columns:)`
// reads the columns in `databaseColumns` order, which is the table's order: by index from a
// stepped statement (RecordColumns.swift), or by name from a GRDB row for `init(row:)`. It throws
// (never traps) on a NULL in a non-optional property or an unknown enum value.
//
// Maintained by hand, next to the record: a new column goes into the record, its CodingKeys (which
// write it), `databaseColumns` at the table's position, and `init(columns:)`. RecordDecodingTests
// checks `databaseColumns` against every table, and that every record read from a row in which
// every table has rows encodes back to that row.

extension CompanyRecord: ColumnDecodable {
    static let databaseColumns = ["id", "name", "status", "currency_code", "vat_number", "logo_url",
        "vat_rate_repair", "vat_rate_device_sale", "vat_rate_accessory", "vat_rate_device_purchase",
        "subscription_plan", "created_at"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        name = try columns.next("name")
        status = try columns.next("status")
        currencyCode = try columns.next("currency_code")
        vatNumber = try columns.next("vat_number")
        logoURL = try columns.next("logo_url")
        vatRateRepair = try columns.next("vat_rate_repair")
        vatRateDeviceSale = try columns.next("vat_rate_device_sale")
        vatRateAccessory = try columns.next("vat_rate_accessory")
        vatRateDevicePurchase = try columns.next("vat_rate_device_purchase")
        subscriptionPlan = try columns.next("subscription_plan")
        createdAt = try columns.next("created_at")
    }
}

extension CompanyLocationRecord: ColumnDecodable {
    static let databaseColumns = ["id", "company_id", "name", "address_line1", "address_line2", "city",
        "postcode", "country", "phone", "email", "is_primary", "created_at"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        companyID = try columns.next("company_id")
        name = try columns.next("name")
        addressLine1 = try columns.next("address_line1")
        addressLine2 = try columns.next("address_line2")
        city = try columns.next("city")
        postcode = try columns.next("postcode")
        country = try columns.next("country")
        phone = try columns.next("phone")
        email = try columns.next("email")
        isPrimary = try columns.next("is_primary")
        createdAt = try columns.next("created_at")
    }
}

extension UserRecord: ColumnDecodable {
    static let databaseColumns = ["id", "company_id", "email", "first_name", "last_name", "role",
        "phi_access_level", "data_classification", "is_active", "archived_at", "magic_link_enabled",
        "password_hash", "two_factor_method", "totp_secret", "totp_last_step", "avatar_url", "phone",
        "job_title", "last_login", "created_at", "updated_at"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        companyID = try columns.next("company_id")
        email = try columns.next("email")
        firstName = try columns.next("first_name")
        lastName = try columns.next("last_name")
        role = try columns.next("role")
        phiAccessLevel = try columns.next("phi_access_level")
        dataClassification = try columns.next("data_classification")
        isActive = try columns.next("is_active")
        archivedAt = try columns.next("archived_at")
        magicLinkEnabled = try columns.next("magic_link_enabled")
        passwordHash = try columns.next("password_hash")
        twoFactorMethod = try columns.next("two_factor_method")
        totpSecret = try columns.next("totp_secret")
        totpLastStep = try columns.next("totp_last_step")
        avatarURL = try columns.next("avatar_url")
        phone = try columns.next("phone")
        jobTitle = try columns.next("job_title")
        lastLogin = try columns.next("last_login")
        createdAt = try columns.next("created_at")
        updatedAt = try columns.next("updated_at")
    }
}

extension UserRecoveryCodeRecord: ColumnDecodable {
    static let databaseColumns = ["id", "user_id", "code_hash", "used_at"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        userID = try columns.next("user_id")
        codeHash = try columns.next("code_hash")
        usedAt = try columns.next("used_at")
    }
}

extension ClientRecord: ColumnDecodable {
    static let databaseColumns = ["id", "email", "first_name", "last_name", "phone", "address_line1",
        "address_line2", "city", "postcode", "email_suppressed", "created_at", "is_generated_email"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        email = try columns.next("email")
        firstName = try columns.next("first_name")
        lastName = try columns.next("last_name")
        phone = try columns.next("phone")
        addressLine1 = try columns.next("address_line1")
        addressLine2 = try columns.next("address_line2")
        city = try columns.next("city")
        postcode = try columns.next("postcode")
        emailSuppressed = try columns.next("email_suppressed")
        createdAt = try columns.next("created_at")
        isGeneratedEmail = try columns.next("is_generated_email")
    }
}

extension ClientCompanyRecord: ColumnDecodable {
    static let databaseColumns = ["client_id", "company_id", "created_at"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        clientID = try columns.next("client_id")
        companyID = try columns.next("company_id")
        createdAt = try columns.next("created_at")
    }
}

extension AuthCodeRecord: ColumnDecodable {
    static let databaseColumns = ["id", "purpose", "subject", "code_hash", "attempts", "expires_at",
        "created_at"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        purpose = try columns.next("purpose")
        subject = try columns.next("subject")
        codeHash = try columns.next("code_hash")
        attempts = try columns.next("attempts")
        expiresAt = try columns.next("expires_at")
        createdAt = try columns.next("created_at")
    }
}

extension RefreshTokenFamilyRecord: ColumnDecodable {
    static let databaseColumns = ["id", "user_id", "is_mobile", "created_at", "revoked_at", "revoked_reason"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        userID = try columns.next("user_id")
        isMobile = try columns.next("is_mobile")
        createdAt = try columns.next("created_at")
        revokedAt = try columns.next("revoked_at")
        revokedReason = try columns.next("revoked_reason")
    }
}

extension RefreshTokenRecord: ColumnDecodable {
    static let databaseColumns = ["id", "family_id", "token_hash", "created_at", "expires_at", "rotated_at"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        familyID = try columns.next("family_id")
        tokenHash = try columns.next("token_hash")
        createdAt = try columns.next("created_at")
        expiresAt = try columns.next("expires_at")
        rotatedAt = try columns.next("rotated_at")
    }
}

extension CustomerSessionRecord: ColumnDecodable {
    static let databaseColumns = ["id", "client_id", "company_id", "created_at", "expires_at", "revoked_at"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        clientID = try columns.next("client_id")
        companyID = try columns.next("company_id")
        createdAt = try columns.next("created_at")
        expiresAt = try columns.next("expires_at")
        revokedAt = try columns.next("revoked_at")
    }
}

extension DeviceTokenRecord: ColumnDecodable {
    static let databaseColumns = ["device_token", "platform", "app_type", "user_id", "client_id",
        "company_id", "created_at", "updated_at"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        deviceToken = try columns.next("device_token")
        platform = try columns.next("platform")
        appType = try columns.next("app_type")
        userID = try columns.next("user_id")
        clientID = try columns.next("client_id")
        companyID = try columns.next("company_id")
        createdAt = try columns.next("created_at")
        updatedAt = try columns.next("updated_at")
    }
}

extension PushPreferenceRecord: ColumnDecodable {
    static let databaseColumns = ["owner_type", "owner_id", "push_enabled", "order_updates",
        "device_updates", "ticket_messages", "quote_updates", "marketing", "updated_at"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        ownerType = try columns.next("owner_type")
        ownerID = try columns.next("owner_id")
        pushEnabled = try columns.next("push_enabled")
        orderUpdates = try columns.next("order_updates")
        deviceUpdates = try columns.next("device_updates")
        ticketMessages = try columns.next("ticket_messages")
        quoteUpdates = try columns.next("quote_updates")
        marketing = try columns.next("marketing")
        updatedAt = try columns.next("updated_at")
    }
}

extension OutboxRecord: ColumnDecodable {
    static let databaseColumns = ["id", "to_address", "kind", "subject", "body", "code", "sent_at"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        toAddress = try columns.next("to_address")
        kind = try columns.next("kind")
        subject = try columns.next("subject")
        body = try columns.next("body")
        code = try columns.next("code")
        sentAt = try columns.next("sent_at")
    }
}

extension PushLogRecord: ColumnDecodable {
    static let databaseColumns = ["id", "device_token", "app_type", "recipient_type", "recipient_id",
        "payload", "sent_at"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        deviceToken = try columns.next("device_token")
        appType = try columns.next("app_type")
        recipientType = try columns.next("recipient_type")
        recipientID = try columns.next("recipient_id")
        payload = try columns.next("payload")
        sentAt = try columns.next("sent_at")
    }
}

extension OrderRecord: ColumnDecodable {
    static let databaseColumns = ["id", "company_id", "order_number", "client_id", "location_id",
        "assigned_user_id", "intake_method", "notes", "created_at", "updated_at", "quote_sent_at",
        "authorised_at", "collected_at", "status"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        companyID = try columns.next("company_id")
        orderNumber = try columns.next("order_number")
        clientID = try columns.next("client_id")
        locationID = try columns.next("location_id")
        assignedUserID = try columns.next("assigned_user_id")
        intakeMethod = try columns.next("intake_method")
        notes = try columns.next("notes")
        createdAt = try columns.next("created_at")
        updatedAt = try columns.next("updated_at")
        quoteSentAt = try columns.next("quote_sent_at")
        authorisedAt = try columns.next("authorised_at")
        collectedAt = try columns.next("collected_at")
        status = try columns.next("status")
    }
}

extension DeviceRecord: ColumnDecodable {
    static let databaseColumns = ["id", "company_id", "order_id", "workflow_type", "status", "priority",
        "assigned_engineer_id", "brand", "model", "brand_id", "model_id", "sub_location_id", "serial_number",
        "imei", "colour", "storage_capacity", "passcode_type", "find_my_status", "condition_grade",
        "customer_reported_issues", "technician_found_issues", "diagnosis_notes", "repair_notes",
        "technician_notes", "authorization_status", "authorization_method", "authorization_notes",
        "created_at", "updated_at", "received_at", "diagnosis_started_at", "quote_sent_at", "authorised_at",
        "rejected_at", "parts_ordered_at", "parts_received_at", "repair_started_at", "repair_completed_at",
        "qc_completed_at", "ready_at", "collected_at", "despatched_at", "paid_at"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        companyID = try columns.next("company_id")
        orderID = try columns.next("order_id")
        workflowType = try columns.next("workflow_type")
        status = try columns.next("status")
        priority = try columns.next("priority")
        assignedEngineerID = try columns.next("assigned_engineer_id")
        brand = try columns.next("brand")
        model = try columns.next("model")
        brandID = try columns.next("brand_id")
        modelID = try columns.next("model_id")
        subLocationID = try columns.next("sub_location_id")
        serialNumber = try columns.next("serial_number")
        imei = try columns.next("imei")
        colour = try columns.next("colour")
        storageCapacity = try columns.next("storage_capacity")
        passcodeType = try columns.next("passcode_type")
        findMyStatus = try columns.next("find_my_status")
        conditionGrade = try columns.next("condition_grade")
        customerReportedIssues = try columns.next("customer_reported_issues")
        technicianFoundIssues = try columns.next("technician_found_issues")
        diagnosisNotes = try columns.next("diagnosis_notes")
        repairNotes = try columns.next("repair_notes")
        technicianNotes = try columns.next("technician_notes")
        authorizationStatus = try columns.next("authorization_status")
        authorizationMethod = try columns.next("authorization_method")
        authorizationNotes = try columns.next("authorization_notes")
        createdAt = try columns.next("created_at")
        updatedAt = try columns.next("updated_at")
        receivedAt = try columns.next("received_at")
        diagnosisStartedAt = try columns.next("diagnosis_started_at")
        quoteSentAt = try columns.next("quote_sent_at")
        authorisedAt = try columns.next("authorised_at")
        rejectedAt = try columns.next("rejected_at")
        partsOrderedAt = try columns.next("parts_ordered_at")
        partsReceivedAt = try columns.next("parts_received_at")
        repairStartedAt = try columns.next("repair_started_at")
        repairCompletedAt = try columns.next("repair_completed_at")
        qcCompletedAt = try columns.next("qc_completed_at")
        readyAt = try columns.next("ready_at")
        collectedAt = try columns.next("collected_at")
        despatchedAt = try columns.next("despatched_at")
        paidAt = try columns.next("paid_at")
    }
}

extension OrderItemRecord: ColumnDecodable {
    static let databaseColumns = ["id", "company_id", "order_id", "device_id", "item_type", "description",
        "quantity", "unit_price_pence", "vat_rate", "created_at"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        companyID = try columns.next("company_id")
        orderID = try columns.next("order_id")
        deviceID = try columns.next("device_id")
        itemType = try columns.next("item_type")
        description = try columns.next("description")
        quantity = try columns.next("quantity")
        unitPricePence = try columns.next("unit_price_pence")
        vatRate = try columns.next("vat_rate")
        createdAt = try columns.next("created_at")
    }
}

extension PaymentRecord: ColumnDecodable {
    static let databaseColumns = ["id", "company_id", "order_id", "amount_pence", "refunded_pence",
        "payment_method", "payment_date", "is_deposit", "recorded_by", "notes", "created_at"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        companyID = try columns.next("company_id")
        orderID = try columns.next("order_id")
        amountPence = try columns.next("amount_pence")
        refundedPence = try columns.next("refunded_pence")
        paymentMethod = try columns.next("payment_method")
        paymentDate = try columns.next("payment_date")
        isDeposit = try columns.next("is_deposit")
        recordedBy = try columns.next("recorded_by")
        notes = try columns.next("notes")
        createdAt = try columns.next("created_at")
    }
}

extension SignatureRecord: ColumnDecodable {
    static let databaseColumns = ["id", "company_id", "order_id", "device_id", "client_id", "signature_type",
        "typed_name", "terms_agreed", "captured_at"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        companyID = try columns.next("company_id")
        orderID = try columns.next("order_id")
        deviceID = try columns.next("device_id")
        clientID = try columns.next("client_id")
        signatureType = try columns.next("signature_type")
        typedName = try columns.next("typed_name")
        termsAgreed = try columns.next("terms_agreed")
        capturedAt = try columns.next("captured_at")
    }
}

extension TicketRecord: ColumnDecodable {
    static let databaseColumns = ["id", "company_id", "ticket_number", "ticket_type", "status", "subject",
        "client_id", "order_id", "location_id", "assigned_user_id", "created_at", "updated_at",
        "requires_location", "received_email_id"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        companyID = try columns.next("company_id")
        ticketNumber = try columns.next("ticket_number")
        ticketType = try columns.next("ticket_type")
        status = try columns.next("status")
        subject = try columns.next("subject")
        clientID = try columns.next("client_id")
        orderID = try columns.next("order_id")
        locationID = try columns.next("location_id")
        assignedUserID = try columns.next("assigned_user_id")
        createdAt = try columns.next("created_at")
        updatedAt = try columns.next("updated_at")
        requiresLocation = try columns.next("requires_location")
        receivedEmailID = try columns.next("received_email_id")
    }
}

extension TicketMessageRecord: ColumnDecodable {
    static let databaseColumns = ["id", "company_id", "ticket_id", "type", "from_email", "from_name",
        "to_email", "subject", "body_text", "body_html", "device_id", "created_by", "created_at"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        companyID = try columns.next("company_id")
        ticketID = try columns.next("ticket_id")
        type = try columns.next("type")
        fromEmail = try columns.next("from_email")
        fromName = try columns.next("from_name")
        toEmail = try columns.next("to_email")
        subject = try columns.next("subject")
        bodyText = try columns.next("body_text")
        bodyHTML = try columns.next("body_html")
        deviceID = try columns.next("device_id")
        createdBy = try columns.next("created_by")
        createdAt = try columns.next("created_at")
    }
}

extension TicketEventRecord: ColumnDecodable {
    static let databaseColumns = ["id", "ticket_id", "message_id", "event_type", "event_data", "created_at"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        ticketID = try columns.next("ticket_id")
        messageID = try columns.next("message_id")
        eventType = try columns.next("event_type")
        eventData = try columns.next("event_data")
        createdAt = try columns.next("created_at")
    }
}

extension TicketAttachmentRecord: ColumnDecodable {
    static let databaseColumns = ["id", "message_id", "filename", "content_type", "size_bytes", "created_at"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        messageID = try columns.next("message_id")
        filename = try columns.next("filename")
        contentType = try columns.next("content_type")
        sizeBytes = try columns.next("size_bytes")
        createdAt = try columns.next("created_at")
    }
}

extension MacroRecord: ColumnDecodable {
    static let databaseColumns = ["id", "company_id", "name", "description", "is_active", "created_at"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        companyID = try columns.next("company_id")
        name = try columns.next("name")
        description = try columns.next("description")
        isActive = try columns.next("is_active")
        createdAt = try columns.next("created_at")
    }
}

extension MacroStageRecord: ColumnDecodable {
    static let databaseColumns = ["id", "macro_id", "position", "delay_minutes", "subject", "body"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        macroID = try columns.next("macro_id")
        position = try columns.next("position")
        delayMinutes = try columns.next("delay_minutes")
        subject = try columns.next("subject")
        body = try columns.next("body")
    }
}

extension MacroRunRecord: ColumnDecodable {
    static let databaseColumns = ["id", "company_id", "ticket_id", "macro_id", "stage_id", "status",
        "scheduled_for", "message_id", "variables", "created_by", "created_at"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        companyID = try columns.next("company_id")
        ticketID = try columns.next("ticket_id")
        macroID = try columns.next("macro_id")
        stageID = try columns.next("stage_id")
        status = try columns.next("status")
        scheduledFor = try columns.next("scheduled_for")
        messageID = try columns.next("message_id")
        variables = try columns.next("variables")
        createdBy = try columns.next("created_by")
        createdAt = try columns.next("created_at")
    }
}

extension CompanyEmailRecord: ColumnDecodable {
    static let databaseColumns = ["id", "company_id", "location_id", "email_address", "display_name",
        "created_at"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        companyID = try columns.next("company_id")
        locationID = try columns.next("location_id")
        emailAddress = try columns.next("email_address")
        displayName = try columns.next("display_name")
        createdAt = try columns.next("created_at")
    }
}

extension BrandRecord: ColumnDecodable {
    static let databaseColumns = ["id", "name"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        name = try columns.next("name")
    }
}

extension ModelRecord: ColumnDecodable {
    static let databaseColumns = ["id", "brand_id", "name"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        brandID = try columns.next("brand_id")
        name = try columns.next("name")
    }
}

extension SubLocationRecord: ColumnDecodable {
    static let databaseColumns = ["id", "company_id", "location_id", "code", "description", "type"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        companyID = try columns.next("company_id")
        locationID = try columns.next("location_id")
        code = try columns.next("code")
        description = try columns.next("description")
        type = try columns.next("type")
    }
}

extension DeviceImageRecord: ColumnDecodable {
    static let databaseColumns = ["id", "company_id", "device_id", "image_type", "filename", "caption",
        "r2_key", "created_at"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        companyID = try columns.next("company_id")
        deviceID = try columns.next("device_id")
        imageType = try columns.next("image_type")
        filename = try columns.next("filename")
        caption = try columns.next("caption")
        r2Key = try columns.next("r2_key")
        createdAt = try columns.next("created_at")
    }
}

extension DeviceAccessoryRecord: ColumnDecodable {
    static let databaseColumns = ["id", "company_id", "device_id", "accessory_type", "description",
        "returned_at", "created_at"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        companyID = try columns.next("company_id")
        deviceID = try columns.next("device_id")
        accessoryType = try columns.next("accessory_type")
        description = try columns.next("description")
        returnedAt = try columns.next("returned_at")
        createdAt = try columns.next("created_at")
    }
}

extension DevicePartRecord: ColumnDecodable {
    static let databaseColumns = ["id", "company_id", "device_id", "part_name", "part_sku",
        "part_cost_pence", "supplier", "is_oem", "created_at"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        companyID = try columns.next("company_id")
        deviceID = try columns.next("device_id")
        partName = try columns.next("part_name")
        partSKU = try columns.next("part_sku")
        partCostPence = try columns.next("part_cost_pence")
        supplier = try columns.next("supplier")
        isOEM = try columns.next("is_oem")
        createdAt = try columns.next("created_at")
    }
}

extension DeviceNoteRecord: ColumnDecodable {
    static let databaseColumns = ["id", "company_id", "device_id", "body", "created_by", "created_at"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        companyID = try columns.next("company_id")
        deviceID = try columns.next("device_id")
        body = try columns.next("body")
        createdBy = try columns.next("created_by")
        createdAt = try columns.next("created_at")
    }
}

extension DeviceChecklistItemRecord: ColumnDecodable {
    static let databaseColumns = ["id", "company_id", "device_id", "position", "label", "completed_at",
        "completed_by"]

    init(row: Row) throws {
        var columns = RowColumns(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: RecordColumns>(columns: inout Columns) throws {
        id = try columns.next("id")
        companyID = try columns.next("company_id")
        deviceID = try columns.next("device_id")
        position = try columns.next("position")
        label = try columns.next("label")
        completedAt = try columns.next("completed_at")
        completedBy = try columns.next("completed_by")
    }
}

// The stored enums the records hold, read as their raw text.
extension AccessoryType: ColumnValue {}
extension AppType: ColumnValue {}
extension AuthCodePurpose: ColumnValue {}
extension AuthorizationStatus: ColumnValue {}
extension CompanyStatus: ColumnValue {}
extension DeviceImageType: ColumnValue {}
extension DevicePriority: ColumnValue {}
extension DeviceStatus: ColumnValue {}
extension IntakeMethod: ColumnValue {}
extension ItemType: ColumnValue {}
extension MessageType: ColumnValue {}
extension OrderStatus: ColumnValue {}
extension PaymentMethod: ColumnValue {}
extension SignatureType: ColumnValue {}
extension SubLocationType: ColumnValue {}
extension SubscriptionPlan: ColumnValue {}
extension TicketStatus: ColumnValue {}
extension TicketType: ColumnValue {}
extension TwoFactorMethod: ColumnValue {}
extension UserRole: ColumnValue {}
extension WorkflowType: ColumnValue {}
