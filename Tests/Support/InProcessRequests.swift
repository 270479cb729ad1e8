import Foundation
import MockHTTP
import MockServer

extension HTTPResponse {
    /// The header fields by name, the first of each (names as the server wrote them: lower case).
    package var firstHeaderValues: [String: String] {
        var values: [String: String] = [:]
        for field in headers where values[field.name] == nil { values[field.name] = field.value }
        return values
    }
}
