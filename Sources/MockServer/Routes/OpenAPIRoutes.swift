import Foundation
import MockHTTP
import MockRouting

/// `GET /openapi.yaml` and `GET /openapi.json`, open to anyone: the contract this server speaks
/// (MockRouting's `OpenAPIDocument`, bundled there). Both answers set `servers` to the URL the
/// request came to: `http://<Host>`, plus `/ns/<name>` for a request in a namespace (only the prefix
/// when the `Host` header is missing or implausible).
enum OpenAPIRoutes {
    static func register(on router: inout Router) {
        router.get("/openapi.yaml") { (context: RequestContext) in
            let document = try OpenAPIDocument.bundled.get()
            return response(document.yaml(server: serverURL(context)), contentType: "application/yaml; charset=utf-8")
        }

        router.get("/openapi.json") { (context: RequestContext) in
            let document = try OpenAPIDocument.bundled.get()
            return response(document.json(server: serverURL(context)), contentType: "application/json; charset=utf-8")
        }
    }

    /// Where the client reached us; `/` (relative) when the request names no plausible host.
    static func serverURL(_ context: some RouteContext) -> String {
        let url = context.baseURL
        return url.isEmpty ? "/" : url
    }

    private static func response(_ text: String, contentType: String) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add("Content-Type", contentType)
        return HTTPResponse(status: 200, headers: headers, body: Data(text.utf8))
    }
}
