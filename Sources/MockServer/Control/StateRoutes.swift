import Foundation
import MockHTTP
import MockBasics
import MockRouting
import MockStore

/// `/__mock/snapshot` (a namespace's whole state as an SQLite file, out and in, and pinning it as
/// what reset returns to) and `/__mock/namespaces` (the isolated mocks this server hosts).
enum StateRoutes {
    static func register(on router: inout ControlRouter) {
        router.get("/__mock/snapshot") { context in
            let data = try StateFile.data(of: context.store)
            var headers = HTTPHeaders()
            headers.add("Content-Type", "application/vnd.sqlite3")
            let name = "repairminder-mock-\(context.environment.namespace ?? "default").sqlite"
            headers.add("Content-Disposition", "attachment; filename=\"\(name)\"")
            return HTTPResponse(status: 200, headers: headers, body: data)
        }

        router.put("/__mock/snapshot") { context in
            let started = ContinuousClock.now
            let snapshot: SeedSnapshot
            do {
                snapshot = try StateFile.load(context.request.body)
            } catch let error as StateFileError {
                throw APIFailure.badRequest(error.message)
            }
            try snapshot.restore(into: context.store)
            return JSONBody.success(StateChange(bytes: context.request.body.count,
                                                durationMs: started.duration(to: .now).milliseconds))
        }

        router.post("/__mock/snapshot/pin") { context in
            let started = ContinuousClock.now
            let data = try StateFile.data(of: context.store)
            context.environment.resetPoint.pin(try StateFile.load(data))
            return JSONBody.success(StateChange(bytes: data.count, durationMs: started.duration(to: .now).milliseconds))
        }

        // Most recently used first: a limit keeps the most recently used. `X-Total-Count` counts
        // the namespaces.
        router.get("/__mock/namespaces") { context in
            if let own = context.environment.namespace { throw APIFailure.otherNamespaces(from: own) }
            let namespaces = context.namespaces
            let listed = PageOf(first: try context.controlListLimit(), of: namespaces.list())
            return JSONBody.success(NamespaceList(max: namespaces.capacity,
                                                  idleTimeoutSeconds: Int(namespaces.idleTimeout.components.seconds),
                                                  namespaces: listed.items))
                .totalCount(listed.total)
        }

        router.delete("/__mock/namespaces/:name") { context in
            let name = try context.parameter("name")
            // A namespace's endpoints act on their namespace: it may drop itself, no other.
            if let own = context.environment.namespace, own != name { throw APIFailure.otherNamespaces(from: own) }
            guard context.namespaces.drop(name) else { throw APIFailure.notFound }
            return JSONBody.success(Dropped(name: name))
        }
    }
}

extension APIFailure {
    /// A namespace's control API listing the namespaces, or dropping another: only the root's does.
    static func otherNamespaces(from namespace: String) -> APIFailure {
        APIFailure(status: 403, message: "Namespace \(namespace) cannot list or drop other namespaces: use the root control API (/__mock/namespaces)")
    }
}

/// A state file saved or loaded: its size, and how long it took.
/*@JSONObject(component: "StateChange")*/
struct StateChange {
    /// Size of the state file.
    /*@Schema(.integer(minimum: 0))*/ var bytes: Int
    /// To the microsecond.
    var duration_ms: Double

    init(bytes: Int, durationMs: Double) {
        self.bytes = bytes
        duration_ms = (durationMs * 1000).rounded() / 1000
    }
}

/// `GET /__mock/namespaces`: the namespaces there are, and the limits they live under.
/*@JSONObject(component: "NamespaceList")*/
struct NamespaceList {
    var max: Int
    var idle_timeout_seconds: Int
    var namespaces: [Namespaces.Summary]

    init(max: Int, idleTimeoutSeconds: Int, namespaces: [Namespaces.Summary]) {
        self.max = max
        idle_timeout_seconds = idleTimeoutSeconds
        self.namespaces = namespaces
    }
}

/*@JSONObject*/
struct Dropped {
    var name: String
    let dropped = true
}
