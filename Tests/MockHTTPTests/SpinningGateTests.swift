import Foundation
import Testing
@testable import MockHTTP
import MockConcurrency

/// `SpinningGate` excludes like the mutex under it, whether a waiter spins, sleeps, or both.
struct SpinningGateTests {
    /// A counter that is not atomic: only the gate keeps its increments from being lost.
    final class Counter: @unchecked Sendable {
        var value = 0
        var inside = 0
        var overlaps = 0
    }

    @Test(arguments: [0, 1, 200, 100_000])
    func threadsTakingTurnsLoseNoUpdate(spinMicroseconds: Int) {
        let gate = SpinningGate(spinMicroseconds: spinMicroseconds)
        let counter = Counter()
        let threads = 6
        let rounds = 20_000
        let group = DispatchGroup()
        for t in 0..<threads {
            group.enter()
            let thread = Thread {
                for i in 0..<rounds {
                    gate.withLock {
                        counter.inside += 1
                        if counter.inside != 1 { counter.overlaps += 1 }
                        counter.value += 1
                        // Now and then hold the gate long enough for a spinner to give up and sleep.
                        if (i + t) % 5_000 == 0 { usleep(2_000) }
                        counter.inside -= 1
                    }
                }
                group.leave()
            }
            thread.start()
        }
        group.wait()
        #expect(counter.value == threads * rounds)
        #expect(counter.overlaps == 0)
    }

    @Test func aThrowingBodyReleasesTheGate() {
        struct Failure: Error {}
        let gate = SpinningGate()
        #expect(throws: Failure.self) { try gate.withLock { throw Failure() } }
        #expect(gate.withLock { 42 } == 42)
    }
}
