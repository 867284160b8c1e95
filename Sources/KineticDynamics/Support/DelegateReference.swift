// A delegate held as UIKit holds one, weakly, in code that must also compile as Embedded Swift.
import Kinetic

/// A zeroing reference to a delegate held as an existential (`any SomeDelegate`, where the
/// protocol refines `LifetimeOwner`): `delegate` is the object while it lives and nil once it is
/// gone, and the reference never keeps it alive.
///
/// `ZeroingReference` cannot hold an existential, and a generic stored `unowned(unsafe)` needs a
/// class type, which `any SomeDelegate` is not as a generic argument; so the object is kept by a
/// closure that captures it `unowned(unsafe)` (the caller writes that capture, where the type is
/// concrete) and is called only while the object's `LifetimeWatch` says it lives.
///
///     private var delegateReference = DelegateReference<any SomeDelegate>()
///     delegateReference = DelegateReference(lifetime: newValue?.lifetime, of: newValue) {
///         [unowned(unsafe) newValue] in newValue
///     }
struct DelegateReference<Delegate> {
    private let watch: LifetimeWatch?
    private let target: () -> Delegate?

    /// No delegate.
    init() {
        watch = nil
        target = { nil }
    }

    /// A reference to `object` (nil: no delegate), whose token is `lifetime`; `target` returns
    /// the object without keeping it alive (a closure capturing it `unowned(unsafe)`).
    init(lifetime: Lifetime?, of object: AnyObject?, _ target: @escaping () -> Delegate?) {
        if let lifetime, let object {
            watch = LifetimeWatch(lifetime: lifetime, of: object)
            self.target = target
        } else {
            watch = nil
            self.target = { nil }
        }
    }

    /// The delegate, or nil once it has been deinitialized (or if none was set).
    var delegate: Delegate? { watch?.isAlive == true ? target() : nil }
}
