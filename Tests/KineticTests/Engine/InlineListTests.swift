import Testing
@testable import Kinetic

/// `InlineList`: the first element inline, the rest in an array, used as one list in order.
@Suite("Inline list")
struct InlineListTests {
    private func list(_ elements: [Int]) -> InlineList<Int> {
        var list = InlineList<Int>()
        for element in elements { list.append(element) }
        return list
    }

    @Test(arguments: [
        ([], [Int]()),
        ([4], [Int]()),
        ([3], [3]),
        ([2, 4, 6], [Int]()),
        ([1, 2, 3, 4, 5, 6, 7], [1, 3, 5, 7]),
        ([2, 3, 4, 5], [3, 5]),
        ([1, 2, 4], [1]),
    ])
    func removingEvenElementsKeepsTheOthersInOrder(elements: [Int], kept: [Int]) {
        var l = list(elements)
        l.removeAll { $0.isMultiple(of: 2) }
        #expect(Array(l) == kept)
        #expect(l.count == kept.count && l.isEmpty == kept.isEmpty)
        #expect(l.head == kept.first)
        l.append(9)
        #expect(Array(l) == kept + [9])
    }

    @Test func removingOneOfThousandsLeavesTheRestInOrder() {
        var l = list(Array(0..<5000))
        for k in stride(from: 0, to: 5000, by: 7) { l.removeAll { $0 == k } }
        let expected = (0..<5000).filter { !$0.isMultiple(of: 7) }
        #expect(Array(l) == expected)
        l.removeAll { _ in true }
        #expect(l.isEmpty && l.count == 0)
    }
}
