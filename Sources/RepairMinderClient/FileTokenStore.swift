import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A store in one JSON file, for Linux tools and tests: `{"staff_credentials": {...},
/// "customer_credentials": {...}, "user_role": "staff"}`.
///
/// Writes go to a temporary file created with mode 0600 in the same folder, are flushed, then
/// renamed over the target, so a reader sees the old or the new file, never half of one.
/// Every read reloads the file, so two stores on the same path see each other's writes.
/// A missing folder is created (0700) on the first write.
public actor FileTokenStore: TokenStore {
    public nonisolated let url: URL

    public init(url: URL) {
        self.url = url
    }

    public func read(_ slot: TokenSlot) throws -> Data? {
        let object = try load()
        guard let value = object[slot.rawValue], !(value is NSNull) else { return nil }
        if slot == .role, let string = value as? String { return Data(string.utf8) }
        return try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
    }

    public func write(_ data: Data?, to slot: TokenSlot) throws {
        var object = try load()
        if let data {
            if slot == .role {
                object[slot.rawValue] = String(decoding: data, as: UTF8.self)
            } else {
                object[slot.rawValue] = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            }
        } else {
            object.removeValue(forKey: slot.rawValue)
        }
        let bytes = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted])
        try Self.atomicWrite(bytes, to: url)
    }

    private func load() throws -> [String: Any] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            if !FileManager.default.fileExists(atPath: url.path) { return [:] }
            throw TokenStoreError.io("cannot read \(url.path): \(error.localizedDescription)")
        }
        if data.isEmpty { return [:] }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw TokenStoreError.corrupt("\(url.path) is not a JSON object")
        }
        return object
    }

    static func atomicWrite(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent().path
        if !FileManager.default.fileExists(atPath: directory) {
            do {
                try FileManager.default.createDirectory(
                    atPath: directory, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
            } catch {
                throw TokenStoreError.io("cannot create \(directory): \(error.localizedDescription)")
            }
        }
        let temporary = directory + "/." + url.lastPathComponent + "." + UUID().uuidString + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { throw TokenStoreError.io("cannot create \(temporary): errno \(errno)") }
        var ok = data.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let written = Glue.write(fd, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
        if ok { ok = fsync(fd) == 0 }
        close(fd)
        guard ok, rename(temporary, url.path) == 0 else {
            let code = errno
            unlink(temporary)
            throw TokenStoreError.io("cannot write \(url.path): errno \(code)")
        }
    }
}

/// Disambiguates libc's `write` from the actor method of the same name.
private enum Glue {
    static func write(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(fd, pointer, count)
        #elseif canImport(Musl)
        Musl.write(fd, pointer, count)
        #else
        Darwin.write(fd, pointer, count)
        #endif
    }
}
