// The base of the behaviours that act on a list of items (gravity, collision, push, item properties, fields): the list, adding and removing items, and the animator's books when it changes.
import Kinetic

/// A behaviour that acts on a list of distinct items: what ``GravityBehavior``,
/// ``CollisionBehavior``, ``PushBehavior``, ``DynamicItemBehavior`` and ``FieldBehavior`` share
/// (UIKit declares the same `items`, `addItem(_:)` and `removeItem(_:)` on each of them).
///
/// Adding or removing an item during a step is deferred to the step's end (see
/// ``DynamicBehavior``). An item added twice, or removed when it is not there, is rejected with a
/// diagnostic and nothing changes. While the behaviour is in an animator, an added item gets a
/// body (kept while any behaviour refers to it) and is woken.
public class ItemListBehavior: DynamicBehavior {
    let list = ItemList()

    /// A behaviour acting on `items` (each item once; a duplicate is rejected with a diagnostic).
    public init(items: [any DynamicItem] = []) {
        super.init()
        for item in items { addItem(item) }
    }

    /// The items, in the order they were added.
    public var items: [any DynamicItem] { list.items }

    /// Adds `item` (deferred to the step's end during a step). An item already here is rejected.
    public func addItem(_ item: any DynamicItem) { changeMembership(of: item, adding: true) }

    /// Removes `item` (deferred to the step's end during a step). An item not here is rejected;
    /// what the behaviour set for the item (a push's offset, an item behaviour's properties) goes
    /// with it.
    public func removeItem(_ item: any DynamicItem) { changeMembership(of: item, adding: false) }

    // MARK: Internal hooks (the subclasses override them)

    /// The type's name in diagnostics.
    var diagnosticName: StaticString { "ItemListBehavior" }

    /// `item` has just joined the list (`added`) or left it, after the animator's books (bodies,
    /// waking) were updated.
    func membershipChanged(of item: any DynamicItem, added: Bool) {}

    override var referencedItems: [any DynamicItem] { list.items }
    override func contains(_ item: any DynamicItem) -> Bool { list.contains(item) }

    /// Runs now or at the step's end: rejects an item already in (or, removing, not in) the list,
    /// retains (or releases) its body while in an animator and wakes it, then tells the subclass.
    private func changeMembership(of item: any DynamicItem, adding: Bool) {
        performStructuralChange { [self] in
            guard adding ? list.append(item) : list.remove(item) else {
                report(.invalidArgument, adding ? "\(diagnosticName).addItem: the item is already in this behaviour; nothing changed"
                                                : "\(diagnosticName).removeItem: the item is not in this behaviour; nothing changed")
                return
            }
            if let animator = animatorReference {
                if adding {
                    animator.registry.retainBody(for: item)
                    animator.registry.wake(item)
                } else {
                    animator.registry.releaseBody(for: item)
                }
                animator.setNeedsStepping()
            }
            membershipChanged(of: item, added: adding)
        }
    }

    /// A `savedState()` for a subclass whose state is the item list and the value `state`: the
    /// closure puts both back (`restore` writes the value).
    final func savedState<State>(_ state: State, _ restore: @escaping (State) -> Void) -> () -> Void {
        let list = self.list, items = list.items
        return {
            list.restore(items)
            restore(state)
        }
    }
}

/// An ordered list of distinct items, shared by the behaviours that act on several items.
///
/// A class, not a struct: adding an item to a behaviour in an animator calls back into the
/// animator, which reads the behaviour's items (masks, materials) while the addition is under
/// way; with a struct property that read would overlap the `inout` write (an exclusivity
/// violation).
final class ItemList {
    private(set) var items: [any DynamicItem] = []
    /// The items' identities, for a membership test in constant time: the animator asks it for
    /// every item whenever a behaviour's items change, and for both items of every contact event.
    private var members: Set<ObjectIdentifier> = []
    /// Bumped by every change of `items` (for caches derived from them).
    private(set) var version = 0

    init() {}

    func contains(_ item: any DynamicItem) -> Bool { members.contains(identity(of: item)) }

    /// Appends `item` unless it is already in the list; returns whether it was appended.
    func append(_ item: any DynamicItem) -> Bool {
        guard members.insert(identity(of: item)).inserted else { return false }
        items.append(item)
        version &+= 1
        return true
    }

    /// Replaces the items (a snapshot's restore).
    func restore(_ saved: [any DynamicItem]) {
        items = saved
        members = Set(saved.map { identity(of: $0) })
        version &+= 1
    }

    /// Removes `item`; returns whether it was in the list.
    func remove(_ item: any DynamicItem) -> Bool {
        guard members.remove(identity(of: item)) != nil else { return false }
        if let index = items.firstIndex(where: { $0 === item }) { items.remove(at: index) }
        version &+= 1
        return true
    }
}
