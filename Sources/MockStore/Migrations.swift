import GRDB
import MockBasics

/// The schema, as GRDB migrations. Timestamps are TEXT `2026-11-21T10:15:00Z` (UTC, whole seconds,
/// comparable as strings); flags INTEGER 0/1; ids TEXT UUIDs; VAT rates TEXT "20.00";
/// money INTEGER pence in columns named `*_pence`.
///
/// Each migration's text is frozen: it is what a state file saved by that version holds, and a file
/// is accepted only if its schema is this build's. Nothing here interpolates a Swift enum: a new
/// case of a stored enum (`CompanyStatus`, `DeviceStatus`…) is a new migration that rebuilds the
/// column's CHECK, and `StoredEnumChecksTests` fails until there is one.
enum StoreMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-auth", migrate: createAuthTables)
        migrator.registerMigration("v1-resources", migrate: createResourceTables)
        migrator.registerMigration("v2-device-detail", migrate: addDeviceDetailTables)
        migrator.registerMigration("v3-enquiries", migrate: addEnquiryTables)
        migrator.registerMigration("v4-ordered-indexes", migrate: orderIndexes)
        migrator.registerMigration("v5-order-ticket-index", migrate: orderTicketIndex)
        migrator.registerMigration("v6-macro-schedule", migrate: macroSchedule)
        return migrator
    }

    static func createAuthTables(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE companies (
                id TEXT PRIMARY KEY NOT NULL,
                name TEXT NOT NULL,
                status TEXT NOT NULL CHECK (status IN ('active','pending_approval','suspended')),
                currency_code TEXT NOT NULL DEFAULT 'GBP',
                vat_number TEXT,
                logo_url TEXT,
                vat_rate_repair TEXT NOT NULL DEFAULT '20.00',
                vat_rate_device_sale TEXT NOT NULL DEFAULT '20.00',
                vat_rate_accessory TEXT NOT NULL DEFAULT '20.00',
                vat_rate_device_purchase TEXT NOT NULL DEFAULT '0.00',
                subscription_plan TEXT NOT NULL DEFAULT 'professional' CHECK (subscription_plan IN ('starter','professional')),
                created_at TEXT NOT NULL
            );
            CREATE TABLE company_locations (
                id TEXT PRIMARY KEY NOT NULL,
                company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                address_line1 TEXT NOT NULL,
                address_line2 TEXT,
                city TEXT NOT NULL,
                postcode TEXT NOT NULL,
                country TEXT NOT NULL,
                phone TEXT,
                email TEXT,
                is_primary INTEGER NOT NULL DEFAULT 0 CHECK (is_primary IN (0, 1)),
                created_at TEXT NOT NULL
            );
            CREATE INDEX company_locations_company ON company_locations(company_id);
            CREATE TABLE users (
                id TEXT PRIMARY KEY NOT NULL,
                company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
                email TEXT NOT NULL UNIQUE COLLATE NOCASE,
                first_name TEXT NOT NULL,
                last_name TEXT NOT NULL,
                role TEXT NOT NULL CHECK (role IN ('master_admin','admin','senior_engineer','engineer','office')),
                phi_access_level TEXT,
                data_classification TEXT,
                is_active INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
                archived_at TEXT,
                magic_link_enabled INTEGER NOT NULL DEFAULT 1 CHECK (magic_link_enabled IN (0, 1)),
                password_hash TEXT,
                two_factor_method TEXT NOT NULL DEFAULT 'email' CHECK (two_factor_method IN ('email','totp')),
                totp_secret TEXT,
                totp_last_step INTEGER,
                avatar_url TEXT,
                phone TEXT,
                job_title TEXT,
                last_login TEXT,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL
            );
            CREATE INDEX users_company ON users(company_id);
            CREATE TABLE user_recovery_codes (
                id TEXT PRIMARY KEY NOT NULL,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                code_hash TEXT NOT NULL,
                used_at TEXT
            );
            CREATE INDEX user_recovery_codes_user ON user_recovery_codes(user_id);
            CREATE TABLE clients (
                id TEXT PRIMARY KEY NOT NULL,
                email TEXT NOT NULL UNIQUE COLLATE NOCASE,
                first_name TEXT NOT NULL,
                last_name TEXT NOT NULL,
                phone TEXT,
                address_line1 TEXT,
                address_line2 TEXT,
                city TEXT,
                postcode TEXT,
                email_suppressed INTEGER NOT NULL DEFAULT 0 CHECK (email_suppressed IN (0, 1)),
                created_at TEXT NOT NULL
            );
            CREATE TABLE client_companies (
                client_id TEXT NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
                company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
                created_at TEXT NOT NULL,
                PRIMARY KEY (client_id, company_id)
            );
            CREATE INDEX client_companies_company ON client_companies(company_id);
            CREATE TABLE auth_codes (
                id TEXT PRIMARY KEY NOT NULL,
                purpose TEXT NOT NULL CHECK (purpose IN ('staff_2fa','staff_magic_link','customer_magic_link')),
                subject TEXT NOT NULL,
                code_hash TEXT NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0,
                expires_at TEXT NOT NULL,
                created_at TEXT NOT NULL,
                UNIQUE (purpose, subject)
            );
            CREATE TABLE refresh_token_families (
                id TEXT PRIMARY KEY NOT NULL,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                is_mobile INTEGER NOT NULL DEFAULT 0 CHECK (is_mobile IN (0, 1)),
                created_at TEXT NOT NULL,
                revoked_at TEXT,
                revoked_reason TEXT
            );
            CREATE INDEX refresh_token_families_user ON refresh_token_families(user_id);
            CREATE TABLE refresh_tokens (
                id TEXT PRIMARY KEY NOT NULL,
                family_id TEXT NOT NULL REFERENCES refresh_token_families(id) ON DELETE CASCADE,
                token_hash TEXT NOT NULL UNIQUE,
                created_at TEXT NOT NULL,
                expires_at TEXT NOT NULL,
                rotated_at TEXT
            );
            CREATE INDEX refresh_tokens_family ON refresh_tokens(family_id);
            CREATE TABLE customer_sessions (
                id TEXT PRIMARY KEY NOT NULL,
                client_id TEXT NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
                company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
                created_at TEXT NOT NULL,
                expires_at TEXT NOT NULL,
                revoked_at TEXT
            );
            CREATE INDEX customer_sessions_client ON customer_sessions(client_id);
            CREATE TABLE device_tokens (
                device_token TEXT PRIMARY KEY NOT NULL,
                platform TEXT NOT NULL,
                app_type TEXT NOT NULL CHECK (app_type IN ('staff','customer')),
                user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
                client_id TEXT REFERENCES clients(id) ON DELETE CASCADE,
                company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                CHECK ((user_id IS NULL) <> (client_id IS NULL))
            );
            CREATE INDEX device_tokens_user ON device_tokens(user_id);
            CREATE INDEX device_tokens_client ON device_tokens(client_id);
            CREATE TABLE push_preferences (
                owner_type TEXT NOT NULL CHECK (owner_type IN ('staff','customer')),
                owner_id TEXT NOT NULL,
                push_enabled INTEGER NOT NULL DEFAULT 1 CHECK (push_enabled IN (0, 1)),
                order_updates INTEGER NOT NULL DEFAULT 1 CHECK (order_updates IN (0, 1)),
                device_updates INTEGER NOT NULL DEFAULT 1 CHECK (device_updates IN (0, 1)),
                ticket_messages INTEGER NOT NULL DEFAULT 1 CHECK (ticket_messages IN (0, 1)),
                quote_updates INTEGER NOT NULL DEFAULT 1 CHECK (quote_updates IN (0, 1)),
                marketing INTEGER NOT NULL DEFAULT 0 CHECK (marketing IN (0, 1)),
                updated_at TEXT NOT NULL,
                PRIMARY KEY (owner_type, owner_id)
            );
            CREATE TABLE outbox (
                id TEXT PRIMARY KEY NOT NULL,
                to_address TEXT NOT NULL,
                kind TEXT NOT NULL,
                subject TEXT NOT NULL,
                body TEXT NOT NULL,
                code TEXT,
                sent_at TEXT NOT NULL
            );
            CREATE INDEX outbox_to ON outbox(to_address COLLATE NOCASE);
            CREATE INDEX outbox_sent ON outbox(sent_at);
            CREATE TABLE push_log (
                id TEXT PRIMARY KEY NOT NULL,
                device_token TEXT NOT NULL,
                app_type TEXT NOT NULL CHECK (app_type IN ('staff','customer')),
                recipient_type TEXT NOT NULL CHECK (recipient_type IN ('staff','customer')),
                recipient_id TEXT NOT NULL,
                payload TEXT NOT NULL,
                sent_at TEXT NOT NULL
            );
            CREATE INDEX push_log_sent ON push_log(sent_at);
            """)
    }

    static func createResourceTables(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE orders (
                id TEXT PRIMARY KEY NOT NULL,
                company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
                order_number INTEGER NOT NULL,
                client_id TEXT NOT NULL REFERENCES clients(id),
                location_id TEXT REFERENCES company_locations(id),
                assigned_user_id TEXT REFERENCES users(id),
                intake_method TEXT NOT NULL DEFAULT 'walk_in' CHECK (intake_method IN ('walk_in','mail_in','collection')),
                notes TEXT,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                quote_sent_at TEXT,
                authorised_at TEXT,
                collected_at TEXT,
                UNIQUE (company_id, order_number)
            );
            CREATE INDEX orders_company_created ON orders(company_id, created_at);
            CREATE INDEX orders_client ON orders(client_id);
            CREATE INDEX orders_location ON orders(location_id);
            CREATE INDEX orders_assigned ON orders(assigned_user_id);
            CREATE TABLE devices (
                id TEXT PRIMARY KEY NOT NULL,
                company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
                order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
                workflow_type TEXT NOT NULL CHECK (workflow_type IN ('repair','buyback')),
                status TEXT NOT NULL CHECK (status IN ('device_received','diagnosing','ready_to_quote','company_rejected','awaiting_authorisation','authorised_source_parts','authorised_awaiting_parts','ready_to_repair','repairing','awaiting_revised_quote','repaired_qc','repaired_ready','rejected','rejection_qc','rejection_ready','collected','despatched','ready_to_pay','payment_made','added_to_buyback')),
                priority TEXT NOT NULL DEFAULT 'normal' CHECK (priority IN ('low','normal','high','urgent')),
                assigned_engineer_id TEXT REFERENCES users(id),
                brand TEXT NOT NULL,
                model TEXT NOT NULL,
                serial_number TEXT,
                imei TEXT,
                colour TEXT,
                storage_capacity TEXT,
                passcode_type TEXT,
                find_my_status TEXT,
                condition_grade TEXT,
                customer_reported_issues TEXT,
                technician_found_issues TEXT,
                diagnosis_notes TEXT,
                repair_notes TEXT,
                technician_notes TEXT,
                authorization_status TEXT CHECK (authorization_status IN ('pending','approved','rejected')),
                authorization_method TEXT,
                authorization_notes TEXT,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                received_at TEXT,
                diagnosis_started_at TEXT,
                quote_sent_at TEXT,
                authorised_at TEXT,
                rejected_at TEXT,
                parts_ordered_at TEXT,
                parts_received_at TEXT,
                repair_started_at TEXT,
                repair_completed_at TEXT,
                qc_completed_at TEXT,
                ready_at TEXT,
                collected_at TEXT,
                despatched_at TEXT,
                paid_at TEXT
            );
            CREATE INDEX devices_company_status ON devices(company_id, status);
            CREATE INDEX devices_order ON devices(order_id);
            CREATE INDEX devices_assigned ON devices(assigned_engineer_id, status);
            CREATE TABLE order_items (
                id TEXT PRIMARY KEY NOT NULL,
                company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
                order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
                device_id TEXT REFERENCES devices(id) ON DELETE SET NULL,
                item_type TEXT NOT NULL CHECK (item_type IN ('repair','device_sale','accessory','device_purchase')),
                description TEXT NOT NULL,
                quantity INTEGER NOT NULL CHECK (quantity > 0),
                unit_price_pence INTEGER NOT NULL,
                vat_rate TEXT NOT NULL,
                created_at TEXT NOT NULL
            );
            CREATE INDEX order_items_order ON order_items(order_id);
            CREATE INDEX order_items_device ON order_items(device_id);
            CREATE TABLE payments (
                id TEXT PRIMARY KEY NOT NULL,
                company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
                order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
                amount_pence INTEGER NOT NULL,
                refunded_pence INTEGER NOT NULL DEFAULT 0,
                payment_method TEXT NOT NULL CHECK (payment_method IN ('cash','card','bank_transfer','other')),
                payment_date TEXT NOT NULL,
                is_deposit INTEGER NOT NULL DEFAULT 0 CHECK (is_deposit IN (0, 1)),
                recorded_by TEXT REFERENCES users(id),
                notes TEXT,
                created_at TEXT NOT NULL
            );
            CREATE INDEX payments_order ON payments(order_id);
            CREATE TABLE signatures (
                id TEXT PRIMARY KEY NOT NULL,
                company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
                order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
                device_id TEXT REFERENCES devices(id) ON DELETE SET NULL,
                client_id TEXT REFERENCES clients(id),
                signature_type TEXT NOT NULL CHECK (signature_type IN ('drop_off','authorisation','collection')),
                typed_name TEXT NOT NULL,
                terms_agreed INTEGER NOT NULL DEFAULT 0 CHECK (terms_agreed IN (0, 1)),
                captured_at TEXT NOT NULL
            );
            CREATE INDEX signatures_order ON signatures(order_id);
            CREATE TABLE tickets (
                id TEXT PRIMARY KEY NOT NULL,
                company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
                ticket_number INTEGER NOT NULL,
                ticket_type TEXT NOT NULL CHECK (ticket_type IN ('lead','order')),
                status TEXT NOT NULL CHECK (status IN ('open','pending','resolved','closed')),
                subject TEXT NOT NULL,
                client_id TEXT REFERENCES clients(id),
                order_id TEXT REFERENCES orders(id) ON DELETE SET NULL,
                location_id TEXT REFERENCES company_locations(id),
                assigned_user_id TEXT REFERENCES users(id),
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                UNIQUE (company_id, ticket_number)
            );
            CREATE INDEX tickets_company_status ON tickets(company_id, status);
            CREATE INDEX tickets_order ON tickets(order_id);
            CREATE INDEX tickets_client ON tickets(client_id);
            CREATE INDEX tickets_assigned ON tickets(assigned_user_id);
            CREATE TABLE ticket_messages (
                id TEXT PRIMARY KEY NOT NULL,
                company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
                ticket_id TEXT NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
                type TEXT NOT NULL CHECK (type IN ('outbound','inbound','internal_note','outbound_sms')),
                from_email TEXT,
                from_name TEXT,
                to_email TEXT,
                subject TEXT,
                body_text TEXT NOT NULL,
                body_html TEXT,
                device_id TEXT REFERENCES devices(id) ON DELETE SET NULL,
                created_by TEXT REFERENCES users(id),
                created_at TEXT NOT NULL
            );
            CREATE INDEX ticket_messages_ticket ON ticket_messages(ticket_id, created_at);
            CREATE TABLE ticket_events (
                id TEXT PRIMARY KEY NOT NULL,
                ticket_id TEXT NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
                message_id TEXT REFERENCES ticket_messages(id) ON DELETE CASCADE,
                event_type TEXT NOT NULL,
                event_data TEXT,
                created_at TEXT NOT NULL
            );
            CREATE INDEX ticket_events_ticket ON ticket_events(ticket_id);
            CREATE INDEX ticket_events_message ON ticket_events(message_id);
            CREATE TABLE ticket_attachments (
                id TEXT PRIMARY KEY NOT NULL,
                message_id TEXT NOT NULL REFERENCES ticket_messages(id) ON DELETE CASCADE,
                filename TEXT NOT NULL,
                content_type TEXT NOT NULL,
                size_bytes INTEGER NOT NULL,
                created_at TEXT NOT NULL
            );
            CREATE INDEX ticket_attachments_message ON ticket_attachments(message_id);
            CREATE TABLE macros (
                id TEXT PRIMARY KEY NOT NULL,
                company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                description TEXT,
                subject TEXT NOT NULL,
                body TEXT NOT NULL,
                is_active INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
                created_at TEXT NOT NULL
            );
            CREATE INDEX macros_company ON macros(company_id);
            """)
    }

    /// The device detail of seed 003 (catalogue brand/model, sub-location, images, accessories,
    /// parts, notes, checklist), four priorities, and the order's derived status. `devices` is
    /// rebuilt (SQLite cannot change a CHECK): GRDB runs migrations with foreign keys off and
    /// checks them before committing.
    static func addDeviceDetailTables(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE brands (
                id TEXT PRIMARY KEY NOT NULL,
                name TEXT NOT NULL UNIQUE
            );
            CREATE TABLE models (
                id TEXT PRIMARY KEY NOT NULL,
                brand_id TEXT NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                UNIQUE (brand_id, name)
            );
            CREATE TABLE sub_locations (
                id TEXT PRIMARY KEY NOT NULL,
                company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
                location_id TEXT NOT NULL REFERENCES company_locations(id) ON DELETE CASCADE,
                code TEXT NOT NULL,
                description TEXT,
                type TEXT NOT NULL CHECK (type IN ('shelf','bin','bench','drawer'))
            );
            CREATE INDEX sub_locations_company ON sub_locations(company_id);

            CREATE TABLE devices_v2 (
                id TEXT PRIMARY KEY NOT NULL,
                company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
                order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
                workflow_type TEXT NOT NULL CHECK (workflow_type IN ('repair','buyback')),
                status TEXT NOT NULL CHECK (status IN ('device_received','diagnosing','ready_to_quote','company_rejected','awaiting_authorisation','authorised_source_parts','authorised_awaiting_parts','ready_to_repair','repairing','awaiting_revised_quote','repaired_qc','repaired_ready','rejected','rejection_qc','rejection_ready','collected','despatched','ready_to_pay','payment_made','added_to_buyback')),
                priority TEXT NOT NULL DEFAULT 'normal' CHECK (priority IN ('low','normal','high','urgent')),
                assigned_engineer_id TEXT REFERENCES users(id),
                brand TEXT NOT NULL,
                model TEXT NOT NULL,
                brand_id TEXT REFERENCES brands(id),
                model_id TEXT REFERENCES models(id),
                sub_location_id TEXT REFERENCES sub_locations(id) ON DELETE SET NULL,
                serial_number TEXT,
                imei TEXT,
                colour TEXT,
                storage_capacity TEXT,
                passcode_type TEXT,
                find_my_status TEXT,
                condition_grade TEXT,
                customer_reported_issues TEXT,
                technician_found_issues TEXT,
                diagnosis_notes TEXT,
                repair_notes TEXT,
                technician_notes TEXT,
                authorization_status TEXT CHECK (authorization_status IN ('pending','approved','rejected')),
                authorization_method TEXT,
                authorization_notes TEXT,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                received_at TEXT,
                diagnosis_started_at TEXT,
                quote_sent_at TEXT,
                authorised_at TEXT,
                rejected_at TEXT,
                parts_ordered_at TEXT,
                parts_received_at TEXT,
                repair_started_at TEXT,
                repair_completed_at TEXT,
                qc_completed_at TEXT,
                ready_at TEXT,
                collected_at TEXT,
                despatched_at TEXT,
                paid_at TEXT
            );
            INSERT INTO devices_v2 (
                id, company_id, order_id, workflow_type, status, priority, assigned_engineer_id, brand, model,
                serial_number, imei, colour, storage_capacity, passcode_type, find_my_status, condition_grade,
                customer_reported_issues, technician_found_issues, diagnosis_notes, repair_notes, technician_notes,
                authorization_status, authorization_method, authorization_notes, created_at, updated_at,
                received_at, diagnosis_started_at, quote_sent_at, authorised_at, rejected_at, parts_ordered_at,
                parts_received_at, repair_started_at, repair_completed_at, qc_completed_at, ready_at,
                collected_at, despatched_at, paid_at)
            SELECT
                id, company_id, order_id, workflow_type, status, priority, assigned_engineer_id, brand, model,
                serial_number, imei, colour, storage_capacity, passcode_type, find_my_status, condition_grade,
                customer_reported_issues, technician_found_issues, diagnosis_notes, repair_notes, technician_notes,
                authorization_status, authorization_method, authorization_notes, created_at, updated_at,
                received_at, diagnosis_started_at, quote_sent_at, authorised_at, rejected_at, parts_ordered_at,
                parts_received_at, repair_started_at, repair_completed_at, qc_completed_at, ready_at,
                collected_at, despatched_at, paid_at
            FROM devices;
            DROP TABLE devices;
            ALTER TABLE devices_v2 RENAME TO devices;
            CREATE INDEX devices_company_status ON devices(company_id, status);
            CREATE INDEX devices_order ON devices(order_id);
            CREATE INDEX devices_assigned ON devices(assigned_engineer_id, status);
            CREATE INDEX devices_serial ON devices(company_id, serial_number);
            CREATE INDEX devices_imei ON devices(company_id, imei);

            CREATE TABLE device_images (
                id TEXT PRIMARY KEY NOT NULL,
                company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
                device_id TEXT NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
                image_type TEXT NOT NULL CHECK (image_type IN ('intake','damage','pre_repair','post_repair','serial_label','other')),
                filename TEXT NOT NULL,
                caption TEXT,
                r2_key TEXT NOT NULL,
                created_at TEXT NOT NULL
            );
            CREATE INDEX device_images_device ON device_images(device_id);
            CREATE TABLE device_accessories (
                id TEXT PRIMARY KEY NOT NULL,
                company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
                device_id TEXT NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
                accessory_type TEXT NOT NULL CHECK (accessory_type IN ('case','charger','cable','sim_card','sim_tray','stylus','box','other')),
                description TEXT,
                returned_at TEXT,
                created_at TEXT NOT NULL
            );
            CREATE INDEX device_accessories_device ON device_accessories(device_id);
            CREATE TABLE device_parts (
                id TEXT PRIMARY KEY NOT NULL,
                company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
                device_id TEXT NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
                part_name TEXT NOT NULL,
                part_sku TEXT,
                part_cost_pence INTEGER NOT NULL,
                supplier TEXT,
                is_oem INTEGER NOT NULL DEFAULT 0 CHECK (is_oem IN (0, 1)),
                created_at TEXT NOT NULL
            );
            CREATE INDEX device_parts_device ON device_parts(device_id);
            CREATE TABLE device_notes (
                id TEXT PRIMARY KEY NOT NULL,
                company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
                device_id TEXT NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
                body TEXT NOT NULL,
                created_by TEXT REFERENCES users(id),
                created_at TEXT NOT NULL
            );
            CREATE INDEX device_notes_device ON device_notes(device_id, created_at);
            CREATE TABLE device_checklist_items (
                id TEXT PRIMARY KEY NOT NULL,
                company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
                device_id TEXT NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                label TEXT NOT NULL,
                completed_at TEXT,
                completed_by TEXT REFERENCES users(id)
            );
            CREATE INDEX device_checklist_items_device ON device_checklist_items(device_id, position);

            ALTER TABLE orders ADD COLUMN status TEXT NOT NULL DEFAULT 'awaiting_device' CHECK (status IN ('awaiting_device','received','in_progress','awaiting_authorisation','ready_for_collection','collected'));
            CREATE INDEX orders_company_status ON orders(company_id, status);
            """)
        // Orders of an older database get their derived status once.
        let devices = try db.makeStatement(sql: "SELECT order_id, status FROM devices").rows(arguments: []) { sqlite in
            var columns = StatementCursor(sqlite)
            return (order: try columns.next("order_id") as String, status: try columns.next("status") as DeviceStatus)
        }
        var statuses: [String: [DeviceStatus]] = [:]
        for device in devices { statuses[device.order, default: []].append(device.status) }
        for (order, devices) in statuses {
            try db.execute(sql: "UPDATE orders SET status = ? WHERE id = ?",
                           arguments: [OrderStatus(devices: devices), order])
        }
    }

    /// Enquiries (seed 003 "Ticket/Enquiry Detail", "Ticket Actions"): the company's sending
    /// addresses (`received_custom_email`, `from_email_id`), a ticket's `requires_location`, a
    /// client's `is_generated_email`, macros as ordered stages, and macro runs (sent and scheduled).
    static func addEnquiryTables(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE clients ADD COLUMN is_generated_email INTEGER NOT NULL DEFAULT 0 CHECK (is_generated_email IN (0, 1));
            CREATE TABLE company_emails (
                id TEXT PRIMARY KEY NOT NULL,
                company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
                location_id TEXT REFERENCES company_locations(id) ON DELETE SET NULL,
                email_address TEXT NOT NULL COLLATE NOCASE,
                display_name TEXT NOT NULL,
                created_at TEXT NOT NULL,
                UNIQUE (company_id, email_address)
            );
            ALTER TABLE tickets ADD COLUMN requires_location INTEGER NOT NULL DEFAULT 0 CHECK (requires_location IN (0, 1));
            ALTER TABLE tickets ADD COLUMN received_email_id TEXT REFERENCES company_emails(id) ON DELETE SET NULL;
            CREATE TABLE macro_stages (
                id TEXT PRIMARY KEY NOT NULL,
                macro_id TEXT NOT NULL REFERENCES macros(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                delay_minutes INTEGER NOT NULL DEFAULT 0 CHECK (delay_minutes >= 0),
                subject TEXT NOT NULL,
                body TEXT NOT NULL,
                UNIQUE (macro_id, position)
            );
            CREATE TABLE macro_runs (
                id TEXT PRIMARY KEY NOT NULL,
                company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
                ticket_id TEXT NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
                macro_id TEXT NOT NULL REFERENCES macros(id) ON DELETE CASCADE,
                stage_id TEXT NOT NULL REFERENCES macro_stages(id) ON DELETE CASCADE,
                status TEXT NOT NULL CHECK (status IN ('sent', 'scheduled')),
                scheduled_for TEXT NOT NULL,
                message_id TEXT REFERENCES ticket_messages(id) ON DELETE SET NULL,
                variables TEXT NOT NULL,
                created_by TEXT REFERENCES users(id),
                created_at TEXT NOT NULL
            );
            CREATE INDEX macro_runs_ticket ON macro_runs(ticket_id);
            """)
        // A macro of an older database becomes a one-stage macro, its stage id named after the macro so
        // that a state file migrates to the same rows on every run.
        let macros = try db.makeStatement(sql: "SELECT id, subject, body FROM macros").rows(arguments: []) { sqlite in
            var columns = StatementCursor(sqlite)
            return [try columns.next("id") as String, try columns.next("subject") as String, try columns.next("body") as String]
        }
        for macro in macros {
            try db.execute(sql: "INSERT INTO macro_stages (id, macro_id, position, subject, body) VALUES (?, ?, 1, ?, ?)",
                           arguments: [Secrets.uuid(named: "macro_stage:\(macro[0])"), macro[0], macro[1], macro[2]])
        }
        try db.execute(sql: "ALTER TABLE macros DROP COLUMN subject; ALTER TABLE macros DROP COLUMN body")
    }

    /// Indexes in the order the reads want their rows, so SQLite walks them instead of sorting
    /// whole rows in a temporary b-tree: the order list by its ORDER BY, and the rows of a page
    /// of orders (devices, lines, payments, signatures) by order and then date.
    static func orderIndexes(_ db: Database) throws {
        try db.execute(sql: """
            DROP INDEX orders_company_created;
            CREATE INDEX orders_company_created ON orders(company_id, created_at, order_number);
            DROP INDEX devices_order;
            CREATE INDEX devices_order ON devices(order_id, created_at);
            DROP INDEX order_items_order;
            CREATE INDEX order_items_order ON order_items(order_id, created_at);
            DROP INDEX payments_order;
            CREATE INDEX payments_order ON payments(order_id, payment_date);
            DROP INDEX signatures_order;
            CREATE INDEX signatures_order ON signatures(order_id, captured_at);
            """)
    }

    /// An order's conversation is its newest ticket: by order then date, read newest first
    /// without sorting (`Store.orderTicketSQL`).
    static func orderTicketIndex(_ db: Database) throws {
        try db.execute(sql: """
            DROP INDEX tickets_order;
            CREATE INDEX tickets_order ON tickets(order_id, created_at);
            """)
    }

    /// A scheduled macro stage can now be `cancelled` (the customer replied, the ticket closed: the
    /// scheduler, `Store.sendDueMacroStages`), and the due ones are found by an index.
    static func macroSchedule(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE macro_runs_v6 (
                id TEXT PRIMARY KEY NOT NULL,
                company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
                ticket_id TEXT NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
                macro_id TEXT NOT NULL REFERENCES macros(id) ON DELETE CASCADE,
                stage_id TEXT NOT NULL REFERENCES macro_stages(id) ON DELETE CASCADE,
                status TEXT NOT NULL CHECK (status IN ('sent', 'scheduled', 'cancelled')),
                scheduled_for TEXT NOT NULL,
                message_id TEXT REFERENCES ticket_messages(id) ON DELETE SET NULL,
                variables TEXT NOT NULL,
                created_by TEXT REFERENCES users(id),
                created_at TEXT NOT NULL
            );
            INSERT INTO macro_runs_v6 SELECT id, company_id, ticket_id, macro_id, stage_id, status, scheduled_for,
                message_id, variables, created_by, created_at FROM macro_runs;
            DROP TABLE macro_runs;
            ALTER TABLE macro_runs_v6 RENAME TO macro_runs;
            CREATE INDEX macro_runs_ticket ON macro_runs(ticket_id);
            CREATE INDEX macro_runs_due ON macro_runs(status, scheduled_for);
            """)
    }
}
