import Foundation
import MockHTTP
import MockBasics

/// The logo the backend serves at `/api/branding/<company id>/logo` (seed 002's customer
/// `logoUrl`). The mock keeps no image files: it draws one per company, 96 × 96 pixels, a disc in a
/// colour of its own (from the company id) on a lighter square, so two companies never share a
/// logo and the app's image view really loads and shows something (decided). A valid PNG
/// (RGB, 8-bit, zlib "stored" blocks: uncompressed, about 28 KiB), made in microseconds.
enum BrandingLogo {
    static let side = 96

    static func png(for companyID: String) -> Data {
        let digest = Array(Secrets.sha256Hex(companyID).utf8)
        func byte(_ i: Int) -> UInt8 { UInt8(hexValue(digest[2 * i]) << 4 | hexValue(digest[2 * i + 1])) }
        // A saturated colour: one channel strong, one weak, one from the hash.
        let channels = [byte(0) | 0xC0, byte(1) & 0x3F, byte(2)]
        let shift = Int(byte(3)) % 3
        let ink = (0..<3).map { channels[($0 + shift) % 3] }
        let paper = ink.map { UInt8(min(255, 200 + Int($0) / 5)) }

        var raw = [UInt8]()
        raw.reserveCapacity(side * (side * 3 + 1))
        let centre = Double(side - 1) / 2, radius = Double(side) * 0.36
        for y in 0..<side {
            raw.append(0)   // filter: none
            for x in 0..<side {
                let dx = Double(x) - centre, dy = Double(y) - centre
                raw += (dx * dx + dy * dy <= radius * radius) ? ink : paper
            }
        }
        var header = [UInt8]()
        header += bigEndian(UInt32(side)) + bigEndian(UInt32(side))
        header += [8, 2, 0, 0, 0]   // 8-bit depth, colour type RGB, deflate, adaptive filter, no interlace
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += chunk("IHDR", header)
        out += chunk("IDAT", zlibStored(raw))
        out += chunk("IEND", [])
        return Data(out)
    }

    private static func hexValue(_ c: UInt8) -> UInt8 { c <= 57 ? c - 48 : c - 87 }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// RFC 1950 with RFC 1951 "stored" blocks (at most 65,535 bytes each).
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let final: UInt8 = offset + count == data.count ? 1 : 0
            out.append(final)
            out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<offset + count]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}

/// `GET /api/branding/{id}/logo`: open, as an image tag's request is (no bearer token).
enum BrandingRoutes {
    static func register(on router: inout Router) {
        router.get("/api/branding/:id/logo") { (context: RequestContext) in
            guard let company = try context.store.company(id: try context.parameter("id")), company.logoURL != nil else {
                throw APIFailure.notFound
            }
            var headers = HTTPHeaders()
            headers.add("Content-Type", "image/png")
            headers.add("Cache-Control", "public, max-age=3600")
            return HTTPResponse(status: 200, headers: headers, body: BrandingLogo.png(for: company.id))
        }
    }
}
