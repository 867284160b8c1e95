// The contact bundles sit on cache lines: the buffer's elements start on 64-byte boundaries
// whatever it grows to, and a bundle is whole lines, so no lane of one crosses a line.

import Kinetic
import Testing
@testable import KineticDynamics

@Suite struct CacheAlignedBufferTests {
    @Test func aBundleIsWholeCacheLines() {
        #expect(MemoryLayout<ContactBundle>.stride == 704)
        #expect(MemoryLayout<ContactBundle>.stride % CacheAlignedBuffer<ContactBundle>.alignment == 0)
    }

    /// What the warm start reads of a bundle is 6 of its 11 lines: each point's first two (its
    /// narrowed lever arms, and its impulses), the narrowed normal and inertias, and the bodies
    /// with the lanes' second points; friction and the bookkeeping share the last line.
    @Test func theWarmStartsFieldsFillSixLines() {
        func line(_ key: PartialKeyPath<ContactBundle>) -> Int? { MemoryLayout<ContactBundle>.offset(of: key).map { $0 / 64 } }
        func pointLine(_ key: PartialKeyPath<PointLanes>) -> Int? { MemoryLayout<PointLanes>.offset(of: key).map { $0 / 64 } }
        #expect(MemoryLayout<PointLanes>.stride == 256)
        #expect([\PointLanes.armNA, \.armNB, \.armTA, \.armTB, \.normalImpulse, \.tangentImpulse].map(pointLine) == [0, 0, 0, 0, 1, 1])
        #expect(line(\.p1) == 4)
        #expect([\ContactBundle.narrowNormalX, \.narrowNormalY, \.narrowInvInertiaA, \.narrowInvInertiaB].map(line) == [8, 8, 8, 8])
        #expect([\ContactBundle.a, \.b, \.secondPoints, \.anyTwoPoints].map(line) == [9, 9, 9, 9])
        #expect([\ContactBundle.friction, \.firstSlot, \.laneCount, \.anyFriction, \.anyRestitution].map(line) == [10, 10, 10, 10, 10])
    }

    @Test func elementsStartOnCacheLinesAsTheBufferGrows() {
        let buffer = CacheAlignedBuffer(ContactBundle())
        #expect(buffer.capacity == 0)
        #expect(buffer.prefix(0).isEmpty)
        var capacities: [Int] = []
        for count in [1, 3, 4, 9, 40, 41, 1000] {
            buffer.reserve(count)
            #expect(buffer.capacity >= count)
            capacities.append(buffer.capacity)
            let elements = buffer.prefix(count)
            #expect(elements.count == count)
            #expect(UInt(bitPattern: elements.baseAddress) % 64 == 0)
            // Grown elements hold the initial bundle.
            #expect(elements[count - 1].laneCount == 0)
            elements[count - 1].laneCount = 3
        }
        // It grows at least twofold, and never shrinks.
        #expect(capacities == [1, 3, 6, 12, 40, 80, 1000])
        buffer.reserve(10)
        #expect(buffer.capacity == 1000)
        #expect(buffer.prefix(1000)[999].laneCount == 3)
    }

    @Test func aWorldsBundlesAreOnCacheLines() {
        let world = PhysicsWorld()
        _ = world.addBoundary(points: [Point(x: 0, y: 0), Point(x: 400, y: 0)], isClosed: false, mask: 1)
        for i in 0..<12 {
            _ = world.addBody(PhysicsWorld.box(width: 20, height: 20), at: Point(x: 30 + 25 * Double(i), y: -10),
                              material: BodyMaterial())
        }
        for _ in 0..<5 { world.step() }
        #expect(world.stepBuffers.colouring.bundleCount > 0)
        #expect(world.stepBuffers.bundles.capacity >= world.stepBuffers.colouring.bundleCount)
        #expect(UInt(bitPattern: world.stepBuffers.bundles.prefix(world.stepBuffers.colouring.bundleCount).baseAddress) % 64 == 0)
    }
}
