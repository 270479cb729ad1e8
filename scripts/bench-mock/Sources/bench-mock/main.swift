import Foundation
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import MockServer

/// In-process figures for the closing notes: how long a test waits for its own mock, and how long
/// a reset takes as a client sees it. Prints medians and percentiles; asserts nothing.
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}
func ms(_ start: ContinuousClock.Instant) -> Double {
    let c = start.duration(to: .now).components
    return Double(c.seconds) * 1000 + Double(c.attoseconds) / 1e15
}

/// A blocking GET/POST over a plain socket-free URLSession call.
func call(_ method: String, _ url: URL) -> (Int, Data) {
    var request = URLRequest(url: url)
    request.httpMethod = method
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: (Int, Data) = (0, Data())
    URLSession.shared.dataTask(with: request) { data, response, _ in
        result = ((response as? HTTPURLResponse)?.statusCode ?? 0, data ?? Data())
        done.signal()
    }.resume()
    done.wait()
    return result
}

/// `GET /__mock/health` over a plain socket: URLSession's first call on Linux loads libcurl, which
/// an app's runner has loaded long before and which would dominate the figure.
func rawHealthStatusLine(port: Int) -> String {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    precondition(connected == 0, "connect failed")
    let request = Array("GET /__mock/health HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n".utf8)
    precondition(send(fd, request, request.count, 0) == request.count)
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = recv(fd, &buffer, buffer.count, 0)
    return String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
}

// 0. `bench-mock --first-start`: the start a UI-test bundle's first test pays, in a process that has
// started no mock yet: `MockServer(configuration: .forTesting())` (the bundled seed read, migrated,
// seeded and hashed), `start()`, and the first answer. One figure in ms; bench-mock.sh runs it in
// fresh processes and takes the median.
if CommandLine.arguments.contains("--first-start") {
    let started = ContinuousClock.now
    let server = try MockServer(configuration: .forTesting())
    let url = try server.start()
    let listening = ms(started)
    precondition(rawHealthStatusLine(port: url.port ?? server.port).hasPrefix("HTTP/1.1 200"))
    print(String(format: "%.3f %.3f", listening, ms(started)))
    server.stop()
    exit(0)
}

var configuration = MockServerConfiguration()
configuration.hosts = ["127.0.0.1"]
configuration.logger.logLevel = .error

// 1. In-process start (construct: migrate + seed; bind; first answer) and stop.
var starts: [Double] = []
var firstAnswers: [Double] = []
var stops: [Double] = []
for _ in 0..<30 {
    let started = ContinuousClock.now
    let server = try MockServer(configuration: configuration)
    try server.start()
    starts.append(ms(started))
    let (status, _) = call("GET", server.baseURL.appendingPathComponent("__mock/health"))
    precondition(status == 200)
    firstAnswers.append(ms(started))
    let stopping = ContinuousClock.now
    server.stop()
    stops.append(ms(stopping))
}
print(String(format: "in-process start (init+seed+bind): median %.2f ms, p90 %.2f ms", median(starts), percentile(starts, 0.9)))
print(String(format: "in-process start to first answer:  median %.2f ms", median(firstAnswers)))
print(String(format: "stop:                              median %.2f ms", median(stops)))

// 1b. The same with one snapshot shared by every server (what a test suite can do).
var shared = configuration
shared.seedSnapshot = try MockServer.makeSnapshot(configuration)
var sharedStarts: [Double] = []
for _ in 0..<30 {
    let started = ContinuousClock.now
    let server = try MockServer(configuration: shared)
    try server.start()
    sharedStarts.append(ms(started))
    server.stop()
}
print(String(format: "in-process start, shared snapshot:  median %.2f ms, p90 %.2f ms", median(sharedStarts),
             percentile(sharedStarts, 0.9)))

// 2. Reset: server-side duration and client round trip, against a health round trip as reference.
let server = try MockServer(configuration: configuration)
try server.start()
let resetURL = server.baseURL.appendingPathComponent("__mock/reset")
let healthURL = server.baseURL.appendingPathComponent("__mock/health")
var serverSide: [Double] = []
var resetTrips: [Double] = []
var healthTrips: [Double] = []
for _ in 0..<500 {
    var t = ContinuousClock.now
    _ = call("GET", healthURL)
    healthTrips.append(ms(t))
    t = ContinuousClock.now
    let (_, body) = call("POST", resetURL)
    resetTrips.append(ms(t))
    if let json = try JSONSerialization.jsonObject(with: body) as? [String: Any],
       let data = json["data"] as? [String: Any], let duration = data["duration_ms"] as? Double {
        serverSide.append(duration)
    }
}
server.stop()
print(String(format: "reset, server side:   median %.3f ms, p99 %.3f ms", median(serverSide), percentile(serverSide, 0.99)))
print(String(format: "reset round trip:     median %.3f ms (health round trip %.3f ms; ratio %.2f)",
             median(resetTrips), median(healthTrips), median(resetTrips) / median(healthTrips)))
