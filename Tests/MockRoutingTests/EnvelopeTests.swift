import Foundation
import Testing
import MockBasics
@testable import MockRouting

/// The envelope of CONTRACT §1 as MockRouting writes it, the mock's and the proxy's.
@Suite struct EnvelopeTests {
    /*@JSONObject*/
    struct Payload {
        var id = "o-1"
        var total = 12.5
        var items: [String] = ["b", "a"]
    }

    @Test func successEnvelopeIsSuccessThenDataThenPagination() {
        let response = JSONBody.success(Payload(), pagination: Pagination(page: 1, limit: 20, total: 57))
        #expect(String(decoding: response.body, as: UTF8.self)
            == #"{"success":true,"data":{"id":"o-1","total":12.5,"items":["b","a"]},"#
            + #""pagination":{"page":1,"limit":20,"total":57,"total_pages":3}}"#)
        #expect(String(decoding: JSONBody.success([1, 2]).body, as: UTF8.self) == #"{"success":true,"data":[1,2]}"#)
    }

    @Test func failureEnvelopeIsSuccessThenError() {
        let response = JSONBody.failure(.invalidField("x"))
        #expect(response.status == 400)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"success":false,"error":"Invalid or missing field: x"}"#)
    }
}
