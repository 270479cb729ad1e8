// Usage: BenchServer [port]. Serves {"success":true,"data":{"hello":"world"}} on every path,
// prints "listening on <port>", and stops on SIGINT/SIGTERM.
import Foundation
import MockHTTP
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

var signals = sigset_t()
sigemptyset(&signals)
sigaddset(&signals, SIGINT)
sigaddset(&signals, SIGTERM)
pthread_sigmask(SIG_BLOCK, &signals, nil)   // before any thread starts, so they inherit it

let port = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 0 : 0
let body = Data(#"{"success":true,"data":{"hello":"world"}}"#.utf8)
let server = HTTPServer(configuration: HTTPServerConfiguration(hosts: ["127.0.0.1"], port: port)) { _ in
    HTTPResponse(status: 200, headers: HTTPHeaders([("Content-Type", "application/json")]), body: body)
}
do {
    try server.start()
} catch {
    FileHandle.standardError.write(Data("BenchServer: \(error)\n".utf8))
    exit(1)
}
FileHandle.standardOutput.write(Data("listening on \(server.port)\n".utf8))
var received: Int32 = 0
sigwait(&signals, &received)
server.stop()
