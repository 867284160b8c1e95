// Zeroing references for Embedded Swift, where `weak` and `unowned` do not compile.

/// A token an object keeps as its own stored property so that ``ZeroingReference``s to the
/// object learn when it is gone: what `weak var` is on Apple platforms, for code that must also
/// compile as Embedded Swift (which rejects `weak` and safe `unowned`).
///
/// ```swift
/// final class DrawerController: LifetimeOwner {
///     let lifetime = Lifetime()
///     init(drawer: Node) {
///         let me = zeroingReference
///         drawer.addGestureRecognizer(PanGestureRecognizer { pan in me.object?.didPan(pan) })
///     }
/// }
/// ```
///
/// The token must be the object's own stored `let`, never shared or kept elsewhere; how it
/// works, the full contract and the `deinit` caveat are in <doc:ZeroingReferences>.
public final class Lifetime {
    let state = LifetimeState()

    /// A new token (alive until it is deinitialized).
    public init() {}

    deinit { state.isAlive = false }
}

/// The flag a ``Lifetime`` and its references share; it outlives the token as long as a
/// reference holds it (a few bytes per owner, freed with the last reference).
final class LifetimeState {
    var isAlive = true
    /// The object the first reference was made to; a token presented by another object gives
    /// only dead references, so a shared token cannot hand out a dangling one.
    var owner: ObjectIdentifier?
}

/// An object that can be referred to by ``ZeroingReference``s: it owns a ``Lifetime``.
public protocol LifetimeOwner: AnyObject {
    /// The object's own token: declare it `public let lifetime = Lifetime()` (see ``Lifetime``).
    var lifetime: Lifetime { get }
}

/// A reference that does not keep its object alive and reads nil once the object is gone: the
/// Embedded-Swift-compatible stand-in for a `weak` capture (see ``Lifetime``).
///
/// A reference is a value of two words; copying it is cheap, and it keeps alive only the small
/// shared flag, never the object.
public struct ZeroingReference<Object: LifetimeOwner> {
    private let watch: LifetimeWatch
    // Guarded by `watch`: read only while the object's token is alive, i.e. while it lives.
    private unowned(unsafe) let target: Object

    /// A reference to `object`. It is nil from the start if `object`'s token was already used
    /// by another object (a shared token breaks ``Lifetime``'s contract).
    public init(_ object: Object) {
        watch = LifetimeWatch(object)
        target = object
    }

    /// The object, or nil once it has been deinitialized.
    public var object: Object? { watch.isAlive ? target : nil }
}

/// Whether a ``LifetimeOwner`` still lives, without keeping it alive: what a
/// ``ZeroingReference`` is made of, for a reference it cannot express, such as a delegate held
/// as an existential (`any SomeDelegate` where the protocol refines ``LifetimeOwner``): keep the
/// object `unowned(unsafe)` beside a watch, and use it only while ``isAlive`` is true.
public struct LifetimeWatch {
    private let state: LifetimeState

    /// A watch on `object`: dead from the start if `object`'s token was already used by another
    /// object (a shared token breaks ``Lifetime``'s contract).
    public init(_ object: some LifetimeOwner) {
        self.init(lifetime: object.lifetime, of: object)
    }

    /// A watch on `object`, whose ``LifetimeOwner/lifetime`` is `lifetime`: the form for an
    /// existential (`any SomeDelegate`), which Embedded Swift cannot pass to a generic.
    public init(lifetime: Lifetime, of object: AnyObject) {
        let state = lifetime.state
        let id = ObjectIdentifier(object)
        if state.owner == nil { state.owner = id }
        self.state = state.owner == id ? state : LifetimeState.dead
    }

    /// Whether the object is alive (false from the moment its stored properties are destroyed).
    public var isAlive: Bool { state.isAlive }
}

extension LifetimeState {
    /// The flag of references that never had a live object.
    static var dead: LifetimeState {
        let state = LifetimeState()
        state.isAlive = false
        return state
    }
}

extension LifetimeOwner {
    /// A ``ZeroingReference`` to this object.
    public var zeroingReference: ZeroingReference<Self> { ZeroingReference(self) }
}
