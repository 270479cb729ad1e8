import GRDB

// Row decoding for the records of Records.swift, written out: GRDB's Codable-derived `init(row:)`
// goes through a Decoder per row and was a fifth of an authenticated request's time. Each column
// is decoded by name with `Row.decode(forColumn:)`, which throws (never traps) on a NULL in a
// non-optional property or an unknown enum value. Generated from the CodingKeys; RecordDecodingTests
// checks that every record decodes to what the Codable path gives.
// Regenerate with scripts/generate-record-decoding after changing a record.

extension CompanyRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        name = try row.decode(forColumn: "name")
        status = try row.decode(forColumn: "status")
        currencyCode = try row.decode(forColumn: "currency_code")
        vatNumber = try row.decode(forColumn: "vat_number")
        logoURL = try row.decode(forColumn: "logo_url")
        vatRateRepair = try row.decode(forColumn: "vat_rate_repair")
        vatRateDeviceSale = try row.decode(forColumn: "vat_rate_device_sale")
        vatRateAccessory = try row.decode(forColumn: "vat_rate_accessory")
        vatRateDevicePurchase = try row.decode(forColumn: "vat_rate_device_purchase")
        subscriptionPlan = try row.decode(forColumn: "subscription_plan")
        createdAt = try row.decode(forColumn: "created_at")
    }
}

extension CompanyLocationRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        companyID = try row.decode(forColumn: "company_id")
        name = try row.decode(forColumn: "name")
        addressLine1 = try row.decode(forColumn: "address_line1")
        addressLine2 = try row.decode(forColumn: "address_line2")
        city = try row.decode(forColumn: "city")
        postcode = try row.decode(forColumn: "postcode")
        country = try row.decode(forColumn: "country")
        phone = try row.decode(forColumn: "phone")
        email = try row.decode(forColumn: "email")
        isPrimary = try row.decode(forColumn: "is_primary")
        createdAt = try row.decode(forColumn: "created_at")
    }
}

extension UserRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        companyID = try row.decode(forColumn: "company_id")
        email = try row.decode(forColumn: "email")
        firstName = try row.decode(forColumn: "first_name")
        lastName = try row.decode(forColumn: "last_name")
        role = try row.decode(forColumn: "role")
        phiAccessLevel = try row.decode(forColumn: "phi_access_level")
        dataClassification = try row.decode(forColumn: "data_classification")
        isActive = try row.decode(forColumn: "is_active")
        archivedAt = try row.decode(forColumn: "archived_at")
        magicLinkEnabled = try row.decode(forColumn: "magic_link_enabled")
        passwordHash = try row.decode(forColumn: "password_hash")
        twoFactorMethod = try row.decode(forColumn: "two_factor_method")
        totpSecret = try row.decode(forColumn: "totp_secret")
        avatarURL = try row.decode(forColumn: "avatar_url")
        phone = try row.decode(forColumn: "phone")
        jobTitle = try row.decode(forColumn: "job_title")
        lastLogin = try row.decode(forColumn: "last_login")
        createdAt = try row.decode(forColumn: "created_at")
        updatedAt = try row.decode(forColumn: "updated_at")
    }
}

extension UserRecoveryCodeRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        userID = try row.decode(forColumn: "user_id")
        codeHash = try row.decode(forColumn: "code_hash")
        usedAt = try row.decode(forColumn: "used_at")
    }
}

extension ClientRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        email = try row.decode(forColumn: "email")
        firstName = try row.decode(forColumn: "first_name")
        lastName = try row.decode(forColumn: "last_name")
        phone = try row.decode(forColumn: "phone")
        addressLine1 = try row.decode(forColumn: "address_line1")
        addressLine2 = try row.decode(forColumn: "address_line2")
        city = try row.decode(forColumn: "city")
        postcode = try row.decode(forColumn: "postcode")
        emailSuppressed = try row.decode(forColumn: "email_suppressed")
        isGeneratedEmail = try row.decode(forColumn: "is_generated_email")
        createdAt = try row.decode(forColumn: "created_at")
    }
}

extension ClientCompanyRecord {
    public init(row: Row) throws {
        clientID = try row.decode(forColumn: "client_id")
        companyID = try row.decode(forColumn: "company_id")
        createdAt = try row.decode(forColumn: "created_at")
    }
}

extension AuthCodeRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        purpose = try row.decode(forColumn: "purpose")
        subject = try row.decode(forColumn: "subject")
        codeHash = try row.decode(forColumn: "code_hash")
        attempts = try row.decode(forColumn: "attempts")
        expiresAt = try row.decode(forColumn: "expires_at")
        createdAt = try row.decode(forColumn: "created_at")
    }
}

extension RefreshTokenFamilyRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        userID = try row.decode(forColumn: "user_id")
        isMobile = try row.decode(forColumn: "is_mobile")
        createdAt = try row.decode(forColumn: "created_at")
        revokedAt = try row.decode(forColumn: "revoked_at")
        revokedReason = try row.decode(forColumn: "revoked_reason")
    }
}

extension RefreshTokenRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        familyID = try row.decode(forColumn: "family_id")
        tokenHash = try row.decode(forColumn: "token_hash")
        createdAt = try row.decode(forColumn: "created_at")
        expiresAt = try row.decode(forColumn: "expires_at")
        rotatedAt = try row.decode(forColumn: "rotated_at")
    }
}

extension CustomerSessionRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        clientID = try row.decode(forColumn: "client_id")
        companyID = try row.decode(forColumn: "company_id")
        createdAt = try row.decode(forColumn: "created_at")
        expiresAt = try row.decode(forColumn: "expires_at")
        revokedAt = try row.decode(forColumn: "revoked_at")
    }
}

extension DeviceTokenRecord {
    public init(row: Row) throws {
        deviceToken = try row.decode(forColumn: "device_token")
        platform = try row.decode(forColumn: "platform")
        appType = try row.decode(forColumn: "app_type")
        userID = try row.decode(forColumn: "user_id")
        clientID = try row.decode(forColumn: "client_id")
        companyID = try row.decode(forColumn: "company_id")
        createdAt = try row.decode(forColumn: "created_at")
        updatedAt = try row.decode(forColumn: "updated_at")
    }
}

extension PushPreferenceRecord {
    public init(row: Row) throws {
        ownerType = try row.decode(forColumn: "owner_type")
        ownerID = try row.decode(forColumn: "owner_id")
        pushEnabled = try row.decode(forColumn: "push_enabled")
        orderUpdates = try row.decode(forColumn: "order_updates")
        deviceUpdates = try row.decode(forColumn: "device_updates")
        ticketMessages = try row.decode(forColumn: "ticket_messages")
        quoteUpdates = try row.decode(forColumn: "quote_updates")
        marketing = try row.decode(forColumn: "marketing")
        updatedAt = try row.decode(forColumn: "updated_at")
    }
}

extension OutboxRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        toAddress = try row.decode(forColumn: "to_address")
        kind = try row.decode(forColumn: "kind")
        subject = try row.decode(forColumn: "subject")
        body = try row.decode(forColumn: "body")
        code = try row.decode(forColumn: "code")
        sentAt = try row.decode(forColumn: "sent_at")
    }
}

extension PushLogRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        deviceToken = try row.decode(forColumn: "device_token")
        appType = try row.decode(forColumn: "app_type")
        recipientType = try row.decode(forColumn: "recipient_type")
        recipientID = try row.decode(forColumn: "recipient_id")
        payload = try row.decode(forColumn: "payload")
        sentAt = try row.decode(forColumn: "sent_at")
    }
}

extension OrderRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        companyID = try row.decode(forColumn: "company_id")
        orderNumber = try row.decode(forColumn: "order_number")
        status = try row.decode(forColumn: "status")
        clientID = try row.decode(forColumn: "client_id")
        locationID = try row.decode(forColumn: "location_id")
        assignedUserID = try row.decode(forColumn: "assigned_user_id")
        intakeMethod = try row.decode(forColumn: "intake_method")
        notes = try row.decode(forColumn: "notes")
        createdAt = try row.decode(forColumn: "created_at")
        updatedAt = try row.decode(forColumn: "updated_at")
        quoteSentAt = try row.decode(forColumn: "quote_sent_at")
        authorisedAt = try row.decode(forColumn: "authorised_at")
        collectedAt = try row.decode(forColumn: "collected_at")
    }
}

extension DeviceRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        companyID = try row.decode(forColumn: "company_id")
        orderID = try row.decode(forColumn: "order_id")
        workflowType = try row.decode(forColumn: "workflow_type")
        status = try row.decode(forColumn: "status")
        priority = try row.decode(forColumn: "priority")
        assignedEngineerID = try row.decode(forColumn: "assigned_engineer_id")
        brand = try row.decode(forColumn: "brand")
        model = try row.decode(forColumn: "model")
        brandID = try row.decode(forColumn: "brand_id")
        modelID = try row.decode(forColumn: "model_id")
        subLocationID = try row.decode(forColumn: "sub_location_id")
        serialNumber = try row.decode(forColumn: "serial_number")
        imei = try row.decode(forColumn: "imei")
        colour = try row.decode(forColumn: "colour")
        storageCapacity = try row.decode(forColumn: "storage_capacity")
        passcodeType = try row.decode(forColumn: "passcode_type")
        findMyStatus = try row.decode(forColumn: "find_my_status")
        conditionGrade = try row.decode(forColumn: "condition_grade")
        customerReportedIssues = try row.decode(forColumn: "customer_reported_issues")
        technicianFoundIssues = try row.decode(forColumn: "technician_found_issues")
        diagnosisNotes = try row.decode(forColumn: "diagnosis_notes")
        repairNotes = try row.decode(forColumn: "repair_notes")
        technicianNotes = try row.decode(forColumn: "technician_notes")
        authorizationStatus = try row.decode(forColumn: "authorization_status")
        authorizationMethod = try row.decode(forColumn: "authorization_method")
        authorizationNotes = try row.decode(forColumn: "authorization_notes")
        createdAt = try row.decode(forColumn: "created_at")
        updatedAt = try row.decode(forColumn: "updated_at")
        receivedAt = try row.decode(forColumn: "received_at")
        diagnosisStartedAt = try row.decode(forColumn: "diagnosis_started_at")
        quoteSentAt = try row.decode(forColumn: "quote_sent_at")
        authorisedAt = try row.decode(forColumn: "authorised_at")
        rejectedAt = try row.decode(forColumn: "rejected_at")
        partsOrderedAt = try row.decode(forColumn: "parts_ordered_at")
        partsReceivedAt = try row.decode(forColumn: "parts_received_at")
        repairStartedAt = try row.decode(forColumn: "repair_started_at")
        repairCompletedAt = try row.decode(forColumn: "repair_completed_at")
        qcCompletedAt = try row.decode(forColumn: "qc_completed_at")
        readyAt = try row.decode(forColumn: "ready_at")
        collectedAt = try row.decode(forColumn: "collected_at")
        despatchedAt = try row.decode(forColumn: "despatched_at")
        paidAt = try row.decode(forColumn: "paid_at")
    }
}

extension OrderItemRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        companyID = try row.decode(forColumn: "company_id")
        orderID = try row.decode(forColumn: "order_id")
        deviceID = try row.decode(forColumn: "device_id")
        itemType = try row.decode(forColumn: "item_type")
        description = try row.decode(forColumn: "description")
        quantity = try row.decode(forColumn: "quantity")
        unitPricePence = try row.decode(forColumn: "unit_price_pence")
        vatRate = try row.decode(forColumn: "vat_rate")
        createdAt = try row.decode(forColumn: "created_at")
    }
}

extension PaymentRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        companyID = try row.decode(forColumn: "company_id")
        orderID = try row.decode(forColumn: "order_id")
        amountPence = try row.decode(forColumn: "amount_pence")
        refundedPence = try row.decode(forColumn: "refunded_pence")
        paymentMethod = try row.decode(forColumn: "payment_method")
        paymentDate = try row.decode(forColumn: "payment_date")
        isDeposit = try row.decode(forColumn: "is_deposit")
        recordedBy = try row.decode(forColumn: "recorded_by")
        notes = try row.decode(forColumn: "notes")
        createdAt = try row.decode(forColumn: "created_at")
    }
}

extension SignatureRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        companyID = try row.decode(forColumn: "company_id")
        orderID = try row.decode(forColumn: "order_id")
        deviceID = try row.decode(forColumn: "device_id")
        clientID = try row.decode(forColumn: "client_id")
        signatureType = try row.decode(forColumn: "signature_type")
        typedName = try row.decode(forColumn: "typed_name")
        termsAgreed = try row.decode(forColumn: "terms_agreed")
        capturedAt = try row.decode(forColumn: "captured_at")
    }
}

extension TicketRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        companyID = try row.decode(forColumn: "company_id")
        ticketNumber = try row.decode(forColumn: "ticket_number")
        ticketType = try row.decode(forColumn: "ticket_type")
        status = try row.decode(forColumn: "status")
        subject = try row.decode(forColumn: "subject")
        clientID = try row.decode(forColumn: "client_id")
        orderID = try row.decode(forColumn: "order_id")
        locationID = try row.decode(forColumn: "location_id")
        assignedUserID = try row.decode(forColumn: "assigned_user_id")
        requiresLocation = try row.decode(forColumn: "requires_location")
        receivedEmailID = try row.decode(forColumn: "received_email_id")
        createdAt = try row.decode(forColumn: "created_at")
        updatedAt = try row.decode(forColumn: "updated_at")
    }
}

extension TicketMessageRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        companyID = try row.decode(forColumn: "company_id")
        ticketID = try row.decode(forColumn: "ticket_id")
        type = try row.decode(forColumn: "type")
        fromEmail = try row.decode(forColumn: "from_email")
        fromName = try row.decode(forColumn: "from_name")
        toEmail = try row.decode(forColumn: "to_email")
        subject = try row.decode(forColumn: "subject")
        bodyText = try row.decode(forColumn: "body_text")
        bodyHTML = try row.decode(forColumn: "body_html")
        deviceID = try row.decode(forColumn: "device_id")
        createdBy = try row.decode(forColumn: "created_by")
        createdAt = try row.decode(forColumn: "created_at")
    }
}

extension TicketEventRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        ticketID = try row.decode(forColumn: "ticket_id")
        messageID = try row.decode(forColumn: "message_id")
        eventType = try row.decode(forColumn: "event_type")
        eventData = try row.decode(forColumn: "event_data")
        createdAt = try row.decode(forColumn: "created_at")
    }
}

extension TicketAttachmentRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        messageID = try row.decode(forColumn: "message_id")
        filename = try row.decode(forColumn: "filename")
        contentType = try row.decode(forColumn: "content_type")
        sizeBytes = try row.decode(forColumn: "size_bytes")
        createdAt = try row.decode(forColumn: "created_at")
    }
}

extension MacroRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        companyID = try row.decode(forColumn: "company_id")
        name = try row.decode(forColumn: "name")
        description = try row.decode(forColumn: "description")
        isActive = try row.decode(forColumn: "is_active")
        createdAt = try row.decode(forColumn: "created_at")
    }
}

extension MacroStageRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        macroID = try row.decode(forColumn: "macro_id")
        position = try row.decode(forColumn: "position")
        delayMinutes = try row.decode(forColumn: "delay_minutes")
        subject = try row.decode(forColumn: "subject")
        body = try row.decode(forColumn: "body")
    }
}

extension MacroRunRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        companyID = try row.decode(forColumn: "company_id")
        ticketID = try row.decode(forColumn: "ticket_id")
        macroID = try row.decode(forColumn: "macro_id")
        stageID = try row.decode(forColumn: "stage_id")
        status = try row.decode(forColumn: "status")
        scheduledFor = try row.decode(forColumn: "scheduled_for")
        messageID = try row.decode(forColumn: "message_id")
        variables = try row.decode(forColumn: "variables")
        createdBy = try row.decode(forColumn: "created_by")
        createdAt = try row.decode(forColumn: "created_at")
    }
}

extension CompanyEmailRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        companyID = try row.decode(forColumn: "company_id")
        locationID = try row.decode(forColumn: "location_id")
        emailAddress = try row.decode(forColumn: "email_address")
        displayName = try row.decode(forColumn: "display_name")
        createdAt = try row.decode(forColumn: "created_at")
    }
}

extension BrandRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        name = try row.decode(forColumn: "name")
    }
}

extension ModelRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        brandID = try row.decode(forColumn: "brand_id")
        name = try row.decode(forColumn: "name")
    }
}

extension SubLocationRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        companyID = try row.decode(forColumn: "company_id")
        locationID = try row.decode(forColumn: "location_id")
        code = try row.decode(forColumn: "code")
        description = try row.decode(forColumn: "description")
        type = try row.decode(forColumn: "type")
    }
}

extension DeviceImageRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        companyID = try row.decode(forColumn: "company_id")
        deviceID = try row.decode(forColumn: "device_id")
        imageType = try row.decode(forColumn: "image_type")
        filename = try row.decode(forColumn: "filename")
        caption = try row.decode(forColumn: "caption")
        r2Key = try row.decode(forColumn: "r2_key")
        createdAt = try row.decode(forColumn: "created_at")
    }
}

extension DeviceAccessoryRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        companyID = try row.decode(forColumn: "company_id")
        deviceID = try row.decode(forColumn: "device_id")
        accessoryType = try row.decode(forColumn: "accessory_type")
        description = try row.decode(forColumn: "description")
        returnedAt = try row.decode(forColumn: "returned_at")
        createdAt = try row.decode(forColumn: "created_at")
    }
}

extension DevicePartRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        companyID = try row.decode(forColumn: "company_id")
        deviceID = try row.decode(forColumn: "device_id")
        partName = try row.decode(forColumn: "part_name")
        partSKU = try row.decode(forColumn: "part_sku")
        partCostPence = try row.decode(forColumn: "part_cost_pence")
        supplier = try row.decode(forColumn: "supplier")
        isOEM = try row.decode(forColumn: "is_oem")
        createdAt = try row.decode(forColumn: "created_at")
    }
}

extension DeviceNoteRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        companyID = try row.decode(forColumn: "company_id")
        deviceID = try row.decode(forColumn: "device_id")
        body = try row.decode(forColumn: "body")
        createdBy = try row.decode(forColumn: "created_by")
        createdAt = try row.decode(forColumn: "created_at")
    }
}

extension DeviceChecklistItemRecord {
    public init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        companyID = try row.decode(forColumn: "company_id")
        deviceID = try row.decode(forColumn: "device_id")
        position = try row.decode(forColumn: "position")
        label = try row.decode(forColumn: "label")
        completedAt = try row.decode(forColumn: "completed_at")
        completedBy = try row.decode(forColumn: "completed_by")
    }
}
