// The pointers a step's solver functions work through, taken in one place (Box2D v3's b2StepContext).
import Kinetic

/// One step's figures (its duration, substeps and softness), and the world's lists and its step
/// buffers as the step's solver functions see them: pointers taken once a step by `init(_:)`,
/// after the awake and active lists are made. The world's
/// bodies and joints are `StableArray`s made unshared for it, so their addresses hold for the
/// step (nothing adds a body or a joint during one); the contact part is empty until
/// `takeContacts(of:)`, after the collision pass and the colouring, which replace the contact
/// list and the active contacts' order. A pointer into an empty list is never dereferenced (its
/// list of indices is empty too).
struct StepContext {
    /// The step's duration, its substeps (`PhysicsWorld.substepCount`), a substep's duration and
    /// its inverse.
    let h: Double
    let substeps: Int
    let hs: Double
    let invHs: Double
    /// The contacts' softness over a substep, against a moving body and a fixed one
    /// (`ContactSolver.softness(h:)`), and the rigid pins' (`JointSolver.pinSoftness(h:)`).
    let softness: (moving: Softness, fixed: Softness)
    let pinSoftness: Softness

    let motions: UnsafeMutablePointer<Motion>
    let bodies: UnsafeMutablePointer<BodyRecord>
    /// At least one per body: the step's start state (velocities, pose, applied forces' share).
    let start: UnsafeMutableBufferPointer<StartState>
    /// One per body of `start`: whether a contact or joint acted on the body this step.
    let constrained: UnsafeMutablePointer<Bool>
    /// The awake bodies that can move, in index order.
    let awake: UnsafeBufferPointer<Int32>
    let joints: UnsafeMutablePointer<Joint>
    let activeJoints: UnsafeBufferPointer<Int32>

    private(set) var contacts: UnsafeMutablePointer<Contact>
    /// The contacts the step solves (in colour order once `ContactColouring` ordered them).
    private(set) var activeContacts = UnsafeBufferPointer<Int32>(start: nil, count: 0)
    /// The bundles the active contacts are solved in (`ContactSolver.prepare` fills them), the
    /// first slot of each and one past the last (`ContactColouring.bundleStarts`), and each
    /// bundle's restitution figures.
    private(set) var bundles = UnsafeMutableBufferPointer<ContactBundle>(start: nil, count: 0)
    private(set) var bundleStarts = UnsafeBufferPointer<Int32>(start: nil, count: 0)
    private(set) var bounces = UnsafeMutableBufferPointer<BounceLanes>(start: nil, count: 0)

    /// The step context of `world` as it is now, its start states and flags grown to one per body.
    init(_ world: PhysicsWorld) {
        h = world.stepDuration
        substeps = world.substepCount
        hs = h / Double(substeps)
        invHs = 1 / hs
        softness = ContactSolver.softness(h: hs)
        pinSoftness = JointSolver.pinSoftness(h: hs)
        let buffers = world.stepBuffers
        buffers.start.grow(to: world.bodies.records.count, with: StartState())
        buffers.constrained.grow(to: world.bodies.records.count, with: false)
        motions = world.bodies.motions.uniqueBase()
        bodies = world.bodies.records.uniqueBase()
        start = buffers.start.buffer
        constrained = buffers.constrained.base
        awake = buffers.awake.elements
        joints = world.joints.uniqueBase()
        activeJoints = buffers.activeJoints.elements
        contacts = UnsafeMutablePointer(bitPattern: MemoryLayout<Contact>.alignment)!
    }

    /// Takes the contacts of `world` and their order and bundles as the colouring left them, after
    /// growing the bundles to the colouring's count.
    mutating func takeContacts(of world: PhysicsWorld) {
        let buffers = world.stepBuffers
        let bundleCount = buffers.colouring.bundleCount
        buffers.bundles.reserve(bundleCount)
        buffers.bounces.grow(to: bundleCount, with: BounceLanes())
        contacts = world.contacts.uniqueBase()
        activeContacts = buffers.activeContacts.elements
        bundles = buffers.bundles.prefix(bundleCount)
        bundleStarts = buffers.colouring.bundleStarts.elements
        bounces = UnsafeMutableBufferPointer(start: buffers.bounces.base, count: bundleCount)
    }
}
