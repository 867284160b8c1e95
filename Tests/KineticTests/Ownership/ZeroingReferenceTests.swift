// ZeroingReference: the Embedded-compatible weak reference reads nil once its object is gone.
import Testing
@testable import Kinetic

private final class Owner: LifetimeOwner {
    let lifetime = Lifetime()
    var value = 0
}

/// Presents another object's token, breaking ``Lifetime``'s contract.
private final class Impostor: LifetimeOwner {
    let other: Owner
    init(_ other: Owner) { self.other = other }
    var lifetime: Lifetime { other.lifetime }
}

@Suite("ZeroingReference")
struct ZeroingReferenceTests {
    @Test func aReferenceReadsItsObjectWhileItLivesAndNilAfter() {
        var reference: ZeroingReference<Owner>?
        weak var watched: Owner?
        do {
            let owner = Owner()
            owner.value = 42
            reference = owner.zeroingReference
            watched = owner
            #expect(reference?.object === owner)
            #expect(reference?.object?.value == 42)
        }
        // The reference alone does not keep the object: it is gone, and the reference says so.
        #expect(watched == nil)
        #expect(reference != nil)
        #expect(reference?.object == nil)
    }

    @Test func aClosureCapturingAReferenceDoesNotKeepItsObjectAlive() {
        var call: (() -> Int?)?
        weak var watched: Owner?
        do {
            let owner = Owner()
            owner.value = 7
            let me = owner.zeroingReference
            call = { me.object?.value }
            watched = owner
            #expect(call?() == 7)
        }
        #expect(watched == nil)
        #expect(call?() == nil)
    }

    @Test func copiesOfAReferenceAllZeroTogether() {
        var copies: [ZeroingReference<Owner>] = []
        do {
            let owner = Owner()
            let first = ZeroingReference(owner)
            copies = [first, first, owner.zeroingReference]
            #expect(copies.allSatisfy { $0.object === owner })
        }
        #expect(copies.allSatisfy { $0.object == nil })
    }

    @Test func anObjectPresentingAnotherObjectsTokenGetsOnlyDeadReferences() {
        let owner = Owner()
        _ = owner.zeroingReference               // the token is now the owner's
        let impostor = Impostor(owner)
        #expect(ZeroingReference(impostor).object == nil)
        #expect(owner.zeroingReference.object === owner)
    }
}
