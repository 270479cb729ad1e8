import Foundation
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
