import Foundation
import MockHTTP
import MockBasics
import MockRouting

/// `GET|PUT /__mock/variance`: the shape variants this namespace's app-API answers take
/// (docs/http.md, "Shape variance"). The server's `--vary` at first and after a reset.
enum VarianceRoutes {
    static func register(on router: inout ControlRouter) {
        router.get("/__mock/variance") { context in
            JSONBody.success(VarianceState(context.environment.currentVariance))
        }

        router.put("/__mock/variance") { context in
            let body = try context.body(VarianceChange.self)
            var variants: [JSONVariance.Variant] = []
            for name in body.vary {
                guard let variant = JSONVariance.Variant(rawValue: name) else {
                    let names = JSONVariance.Variant.allCases.map(\.rawValue).joined(separator: ", ")
                    throw APIFailure.badRequest("Unknown variant \"\(name)\" (one of \(names))")
                }
                variants.append(variant)
            }
            guard let variance = JSONVariance(variants: variants) else {
                throw APIFailure.badRequest(JSONVariance.VarianceError.bothTimestampForms.description.capitalizedFirst)
            }
            context.environment.variance.set(variance)
            return JSONBody.success(VarianceState(variance))
        }
    }
}

/// `PUT /__mock/variance`: the variants to take, replacing the ones there are (`[]` = none). Unknown
/// keys are ignored.
/*@RequestBody(component: "VarianceChange")*/
struct VarianceChange {
    /// Names of `VarianceVariant`; an unknown one is a 400 listing them.
    let vary: [String]
}

/// `GET|PUT /__mock/variance`: the shape variants the namespace's answers take now.
/*@JSONObject(component: "VarianceState")*/
struct VarianceState {
    var vary: [JSONVariance.Variant]
    /// Every variant there is, for a test to loop over.
    var variants: [JSONVariance.Variant] = JSONVariance.Variant.allCases

    init(_ variance: JSONVariance) { vary = Array(variance.variants) }
}

private extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
