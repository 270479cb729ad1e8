import Dispatch
import Foundation
import MockHTTP
import Testing
@testable import MockServer
@testable import MockBasics
import MockConcurrency

/// `Admission`: never more than `width` bodies at once, and every caller gets its turn.
@Suite struct AdmissionTests {
    @Test func noMoreThanTheWidthRunAtOnceAndEveryCallerRuns() async throws {
        let admission = Admission(width: 3)
        let state = Locked((running: 0, most: 0, done: 0))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<24 {
                group.addTask {
                    // A thread of its own, as connections have: the semaphore blocks it.
                    await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
                        Thread.detachNewThread {
                            admission.run {
                                state.withLock { $0.running += 1; $0.most = max($0.most, $0.running) }
                                usleep(2_000)
                                state.withLock { $0.running -= 1; $0.done += 1 }
                            }
                            finished.resume()
                        }
                    }
                }
            }
        }
        let final = state.withLock { $0 }
        #expect(final.done == 24)
        #expect(final.most <= 3)
        #expect(final.running == 0)
    }

    /// A place goes to the longest waiter, never to a caller that arrives later.
    @Test func placesAreHandedOutInTheOrderCallersArrived() async throws {
        let admission = Admission(width: 1)
        let order = Locked([Int]())
        let release = DispatchSemaphore(value: 0)
        let holderIn = DispatchSemaphore(value: 0)
        let holder = Thread { admission.run { holderIn.signal(); release.wait() } }
        holder.start()
        holderIn.wait()
        // Callers 0…7 queue one after another while the place is held.
        var threads: [Thread] = []
        for n in 0..<8 {
            let queued = DispatchSemaphore(value: 0)
            let thread = Thread {
                queued.signal()
                admission.run { order.withLock { $0.append(n) } }
            }
            thread.start()
            queued.wait()
            // Let the caller reach the queue before the next one starts (it blocks there).
            while admission.waitingCount < n + 1 { usleep(200) }
            threads.append(thread)
        }
        release.signal()
        while order.withLock({ $0.count }) < 8 { usleep(500) }
        #expect(order.withLock { $0 } == Array(0..<8))
        #expect(admission.waitingCount == 0)
    }

    @Test func theDefaultWidthIsTwicePerCoreAndAtLeastTwo() {
        #expect(Admission().width == max(2, 2 * ProcessInfo.processInfo.activeProcessorCount))
    }

    @Test func aBodyThatThrowsGivesItsPlaceBack() {
        struct Failure: Error {}
        let admission = Admission(width: 1)
        for _ in 0..<3 {
            #expect(throws: Failure.self) { try admission.run { throw Failure() } }
        }
        #expect(admission.run { 42 } == 42)  // would wait forever had a place been lost
    }
}
