import Foundation
import MockStore

/// The bytes behind an attachment's `download_url`. The mock keeps no files, so it makes one of
/// exactly `size_bytes` that opens as its type where that is cheap: a one-page PDF naming the file,
/// plain text for `text/*`; other types get their format's magic number and filler (decided).
enum AttachmentContent {
    static func bytes(for attachment: TicketAttachmentRecord) -> Data {
        let size = Int(max(0, min(attachment.sizeBytes, 16 << 20)))   // a seed's claim, capped at 16 MiB
        let type = attachment.contentType.lowercased()
        if type == "application/pdf", let pdf = pdf(named: attachment.filename, size: size) { return pdf }
        if type.hasPrefix("text/") { return filled(Array("\(attachment.filename)\n".utf8), size: size, filler: UInt8(ascii: " ")) }
        let magic: [UInt8]
        switch type {
        case "image/png": magic = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        case "image/jpeg": magic = [0xFF, 0xD8, 0xFF]
        default: magic = []
        }
        return filled(magic, size: size, filler: 0)
    }

    private static func filled(_ head: [UInt8], size: Int, filler: UInt8) -> Data {
        var bytes = Array(head.prefix(size))
        bytes += Array(repeating: filler, count: size - bytes.count)
        return Data(bytes)
    }

    /// A valid one-page PDF, padded with a comment after the header to `size` bytes; nil when
    /// `size` is too small to hold it.
    static func pdf(named name: String, size: Int) -> Data? {
        let title = String(name.unicodeScalars.filter { $0.isASCII && $0 != "(" && $0 != ")" && $0 != "\\" && $0.value >= 32 }
            .map(Character.init)).prefix(80)
        let stream = "BT /F1 18 Tf 72 720 Td (\(title)) Tj ET"
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
            "<< /Length \(stream.utf8.count) >>\nstream\n\(stream)\nendstream",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ]
        func build(padding: Int) -> [UInt8] {
            var out = Array("%PDF-1.4\n".utf8)
            if padding > 0 { out += Array("%".utf8) + Array(repeating: UInt8(ascii: "x"), count: padding) + Array("\n".utf8) }
            var offsets: [Int] = []
            for (i, object) in objects.enumerated() {
                offsets.append(out.count)
                out += Array("\(i + 1) 0 obj\n\(object)\nendobj\n".utf8)
            }
            let xref = out.count
            out += Array("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8)
            for offset in offsets {
                let digits = String(offset)
                out += Array((String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n").utf8)
            }
            out += Array("trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
            return out
        }
        let bare = build(padding: 0).count
        // The padding line costs its `%`, its newline and the x's; offsets grow with it, and their
        // digit count may too, so settle by trying.
        guard size >= bare + 3 else { return size == bare ? Data(build(padding: 0)) : nil }
        var padding = size - bare - 2
        for _ in 0..<4 {
            let count = build(padding: padding).count
            if count == size { return Data(build(padding: padding)) }
            padding += size - count
        }
        return nil
    }
}
