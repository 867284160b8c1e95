// The clients an engine advances at every tick after its animators: physics animations and
// anything added with `addDriven(_:)`.

/// Whether a physics animation is in its engine's list of ``EngineDriven`` clients: set by the
/// engine when it lists the animation, cleared when it drops it.
final class PhysicsRegistration {
    var isListed = false
    init() {}
}

/// The ``EngineDriven`` clients that are running, in the order they were listed, each listed
/// once.
struct DrivenClients {
    private(set) var clients: [any EngineDriven] = []
    /// For each client, the flag its animation keeps to know it is listed (nil for a client
    /// added with ``AnimationEngine/addDriven(_:)``), so a start is O(1), not a search.
    private var registrations: [PhysicsRegistration?] = []
    /// Whether a client without a flag was ever listed: then a flagged start must still search
    /// (the same object may have been added both ways).
    private var hasUnflagged = false

    /// Lists `client` unless it is listed.
    mutating func add(_ client: any EngineDriven) {
        if !clients.contains(where: { $0 === client }) {
            clients.append(client)
            registrations.append(nil)
            hasUnflagged = true
        }
    }

    /// Lists `client`, whose `registration` says whether it is listed already (a physics
    /// animation's start): the same as `add(_:)` without the search.
    mutating func add(_ client: any EngineDriven, registration: PhysicsRegistration) {
        if registration.isListed { return }
        if hasUnflagged, clients.contains(where: { $0 === client }) { return }
        clients.append(client)
        registrations.append(registration)
        registration.isListed = true
    }

    /// Removes the clients that stopped running, keeping the others in order (what
    /// `removeAll { !$0.isRunning }` does), and tells the removed ones they are off the list.
    mutating func dropStopped() {
        var kept = 0
        let count = clients.count
        for i in 0..<count {
            if clients[i].isRunning {
                if kept != i {
                    clients.swapAt(kept, i)
                    registrations.swapAt(kept, i)
                }
                kept += 1
            } else {
                registrations[i]?.isListed = false
            }
        }
        if kept < count {
            clients.removeLast(count - kept)
            registrations.removeLast(count - kept)
        }
    }

    /// Empties the list, telling every client it is off it; returns the clients it held.
    mutating func removeAll() -> [any EngineDriven] {
        for registration in registrations { registration?.isListed = false }
        let held = clients
        clients.removeAll()
        registrations.removeAll()
        return held
    }
}
