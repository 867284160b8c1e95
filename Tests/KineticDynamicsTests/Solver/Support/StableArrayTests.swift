// StableArray: a value (a copy is unchanged by the original's later writes) whose elements stay at
// one address while it is unshared and does not grow.
import Testing
import Kinetic
@testable import KineticDynamics

@Suite struct StableArrayTests {
    @Test func aCopyKeepsItsElementsWhenTheOriginalChanges() {
        var original: StableArray<Int> = [1, 2, 3]
        let copy = original
        original[1] = 20
        original.append(4)
        original.removeAll { $0 == 1 }
        #expect(Array(copy) == [1, 2, 3])
        #expect(Array(original) == [20, 3, 4])
    }

    @Test func theAddressStaysUntilTheListIsCopiedOrGrown() {
        var list = StableArray<Double>()
        list.reserveCapacity(4)
        for k in 0..<3 { list.append(Double(k) / 4) }
        let base = list.uniqueBase()
        list[2] = 7.5
        list.append(1.25)                       // the fourth: within the capacity
        #expect(list.uniqueBase() == base)
        #expect(base[2] == 7.5 && base[3] == 1.25)
        let snapshot = list
        let copied = list.uniqueBase()          // shared: written through a copy of its own
        #expect(copied != base)
        copied[0] = -1
        #expect(snapshot[0] == 0 && list[0] == -1)
        list.append(2)                          // a fifth: grows
        #expect(Array(list) == [-1, 0.25, 7.5, 1.25, 2])
    }

    @Test func removingKeepsTheOthersInOrderAndEmptiesTheShared() {
        var list: StableArray<Int> = [5, 6, 7, 8, 9]
        list.removeAll { $0 % 2 == 0 }
        #expect(Array(list) == [5, 7, 9])
        let copy = list
        list.removeAll()
        #expect(list.isEmpty && Array(copy) == [5, 7, 9])
    }
}
