import Testing

@testable @_spi(Generated) import Baton

/// The responses an environment keeps for recommitting (ARCHITECTURE.md's limits): eight, or 8 MB of
/// bytes, the oldest dropped first, and the newest always kept however large.
@MainActor @Suite struct CommittedResponsesLimitTests {
    static func bytes(_ count: Int, _ fill: UInt8) -> [UInt8] { [UInt8](repeating: fill, count: count) }

    @Test func theNinthResponseDropsTheOldest() {
        let store = Store()
        var kept = CommittedResponses()
        let plan = TestStreamedList.plan
        for page in 0..<9 {
            kept.remember(
                plan, ["page": .int(page)], Self.bytes(10, UInt8(page)), complete: true, changes: ChangeSet(), in: store)
        }
        #expect(CommittedResponses.limit == 8)
        #expect(kept.keptChanges(plan, ["page": .int(0)], Self.bytes(10, 0), complete: true) == nil)
        for page in 1..<9 {
            #expect(kept.keptChanges(plan, ["page": .int(page)], Self.bytes(10, UInt8(page)), complete: true) != nil)
        }
        // Other bytes for a kept plan and variables are not the kept response.
        #expect(kept.keptChanges(plan, ["page": .int(8)], Self.bytes(10, 0), complete: true) == nil)
    }

    @Test func bytesPastTheLimitDropTheOlderButNeverTheNewest() {
        let store = Store()
        var kept = CommittedResponses()
        let plan = TestStreamedList.plan
        let large = CommittedResponses.byteLimit / 2 + 1
        kept.remember(plan, ["page": .int(1)], Self.bytes(large, 1), complete: true, changes: ChangeSet(), in: store)
        kept.remember(plan, ["page": .int(2)], Self.bytes(large, 2), complete: true, changes: ChangeSet(), in: store)
        #expect(kept.keptChanges(plan, ["page": .int(1)], Self.bytes(large, 1), complete: true) == nil)
        #expect(kept.keptChanges(plan, ["page": .int(2)], Self.bytes(large, 2), complete: true) != nil)
        // One response larger than the whole limit is still kept: it is the newest.
        let huge = CommittedResponses.byteLimit + 1
        kept.remember(plan, ["page": .int(3)], Self.bytes(huge, 3), complete: true, changes: ChangeSet(), in: store)
        #expect(kept.keptChanges(plan, ["page": .int(3)], Self.bytes(huge, 3), complete: true) != nil)
        #expect(kept.keptChanges(plan, ["page": .int(2)], Self.bytes(large, 2), complete: true) == nil)
    }
}
