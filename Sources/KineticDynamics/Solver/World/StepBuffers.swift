// What one step works in, apart from the world's persistent state: the lists of what is awake and
// active, the contacts' order and bundles, each body's start state, and the sleep decision's
// islands. Every step rewrites them before it reads them, so a snapshot of the world leaves them out.
import Kinetic

/// A step's buffers, owned by the world so they keep their capacity from step to step (a step
/// allocates only when the world has grown). What the solver reads through `StepContext` lives in
/// storage of its own (`StepArray`, `CacheAlignedBuffer`), whose addresses the context takes
/// without a closure each.
///
/// The lists marked `@exclusivity(unchecked)` are taken `inout` by the step many times a step
/// (appends, swaps with their twin), where a dynamic check cost more than the work. That is safe
/// because only the world's step touches them, on one thread, and no access to one of them
/// overlaps another access to the same one: a swap pairs two different lists, and nothing the
/// step calls while it holds one reaches it through the world again.
final class StepBuffers {
    /// The awake bodies that can move, in index order (`BodyStore.listAwake`).
    let awake = StepArray<Int32>()
    /// The joints the step solves, in slot order (`JointSet.listActive`).
    let activeJoints = StepArray<Int32>()
    /// The contacts the step solves: the collision pass's, interleaved
    /// (`ContactColouring.interleave`, built in `interleaved`), then in colour order (`colouring`).
    /// Swapped with the buffers they are built in, so both keep their capacity.
    @exclusivity(unchecked) var activeContacts = StepArray<Int32>()
    @exclusivity(unchecked) var interleaved = StepArray<Int32>()
    /// The contacts between an awake body and a sleeping one, which may wake the sleeper.
    @exclusivity(unchecked) var wakeCandidates: [Int32] = []
    /// Each active contact's moving bodies, by contact index (the colouring's input; written by
    /// the collision pass, read only for the active contacts of the same step).
    var contactEnds: [ContactEnds] = []
    /// The order `activeContacts` is solved in, and its bundles' first slots.
    var colouring = ContactColouring()
    /// Each body's start state (`StartState`), at least one per body.
    let start = StepArray<StartState>()
    /// Whether a contact or joint acted on each body this step: a byte per body, apart from the
    /// large start states, as the impulses' write-back marks them in the contacts' scattered order.
    let constrained = StepArray<Bool>()
    /// The active contacts as the sweeps read them, four lanes a bundle (`ContactBundle`), and
    /// each bundle's restitution figures.
    let bundles = CacheAlignedBuffer(ContactBundle())
    let bounces = StepArray<BounceLanes>()
    /// The union–find the sleep decision builds its islands in.
    @exclusivity(unchecked) var islands = IslandScratch()
}
