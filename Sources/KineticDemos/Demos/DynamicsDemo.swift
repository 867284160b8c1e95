import Kinetic
import KineticDynamics
import KineticHost
import KineticScene

/// The dynamics catalog the objc.io article points at (Apple's "UIKit Dynamics Catalog"),
/// rebuilt on KineticDynamics: five exhibits picked by the buttons at the top, each a fresh
/// `DynamicAnimator` whose reference bounds are the area below the buttons.
///
/// - **Gravity**: boxes and balls fall under `GravityBehavior` onto the reference-bounds
///   boundary, a slanted ledge (`CollisionBehavior.addBoundary(withIdentifier:from:to:)`) and
///   each other.
/// - **Pendulum**: a ball on a rigid `AttachmentBehavior` to a fixed anchor, and a chain of
///   eight links attached end to end, swinging under gravity.
/// - **Snap**: tap anywhere and the square snaps there (`SnapBehavior`).
/// - **Push**: tap anywhere and every item gets an instantaneous `PushBehavior` away from the
///   tap, stronger the closer it is.
/// - **Field**: a radial gravity field plus a vortex field centred on the ring; drag the ring
///   and the field's centre follows.
///
/// In every exhibit any item can be grabbed (`ItemGrabber`: an attachment from the touched
/// point to the finger) and thrown with the release velocity.
public final class DynamicsDemo: LifetimeOwner, HostedScene {
    /// The catalog entry: `dynamics`.
    public static var entry: SceneEntry {
        SceneEntry(name: "dynamics", title: "The dynamics catalog", description: "UIKit Dynamics, the physics engine the objc.io article drives its pane with, shown the way Apple's Dynamics Catalog sample does, on Kinetic's deterministic rigid-body solver. Pick an exhibit at the top. Gravity: boxes and balls fall onto the floor, a ledge and each other. Pendulum: a ball on a rod and a chain of links swing from their anchors. Snap: tap anywhere and the square snaps there. Push: tap anywhere to push every item away from your finger. Field: a radial gravity field with a vortex pulls the items round the ring; drag the ring to move it. In every exhibit, grab any item: it hangs from your finger on an attachment, and when you let go it flies off with your finger's velocity.", hint: "Pick an exhibit, then grab any item and throw it.") { DynamicsDemo(engine: $0) }
    }

    /// The exhibits, in button order.
    public enum Exhibit: Int, Sendable, Equatable, CaseIterable {
        case gravity, pendulum, snap, push, field

        var title: String {
            switch self {
            case .gravity: return "Gravity"
            case .pendulum: return "Pendulum"
            case .snap: return "Snap"
            case .push: return "Push"
            case .field: return "Field"
            }
        }
        var hint: String {
            switch self {
            case .gravity: return "Grab and throw the boxes and balls"
            case .pendulum: return "Grab the pendulum or the chain and swing it"
            case .snap: return "Tap anywhere: the square snaps there"
            case .push: return "Tap anywhere to push the items away"
            case .field: return "Drag the ring: the field follows"
            }
        }
    }

    /// The most items an exhibit has: the recorded channels have this many item slots.
    public static let itemSlots = 12
    /// The height of the button bar; the world (the animator's reference bounds) is below it.
    public static let barHeight = 52.0
    /// The world's size: the reference bounds are `(0, 0, width, height)` in world coordinates.
    public static let worldSize = Size(width: DemoCatalog.screenSize.width, height: DemoCatalog.screenSize.height - barHeight)

    /// The token of the demo's zeroing references (its closures' way back to it).
    public let lifetime = Lifetime()
    /// The scene.
    public let scene: Scene
    /// The node whose coordinates the animator works in (the area under the buttons).
    public let world: Node
    /// The exhibit shown. Setting it rebuilds the world with a fresh animator.
    public var exhibit: Exhibit = .gravity {
        didSet { build() }
    }
    /// The running animator.
    public private(set) var animator: DynamicAnimator!
    /// The exhibit's items (its dynamic items, in channel order).
    public private(set) var items: [Node] = []
    /// The field of the field exhibit (the radial gravity; the vortex moves with it).
    private(set) var field: FieldBehavior?
    private var vortex: FieldBehavior?
    private(set) var snap: SnapBehavior?
    private var pushes: [PushBehavior] = []
    private(set) var grabber: ItemGrabber!
    private var itemBehavior: DynamicItemBehavior!
    /// Lines redrawn every frame: (rope, from, to); the ends are closures of the nodes' places.
    private var ropes: [(rope: Rope, ends: () -> (Point, Point))] = []
    private var marker: Node?
    private var hint: Node
    private var buttons: [Node] = []
    /// The numbers hosts record, in column order.
    public private(set) var channels: [SceneChannel] = []

    /// Builds the demo on `engine`, showing the gravity exhibit.
    public init(engine: AnimationEngine) {
        let scene = DemoCatalog.screen(on: engine, background: Palette.background)
        self.scene = scene
        let w = DynamicsDemo.worldSize
        world = Widgets.box("world", Rect(x: 0, y: DynamicsDemo.barHeight, width: w.width, height: w.height), .white, engine: engine)
        scene.root.addChild(world)
        hint = Widgets.label("hint", "", Rect(x: 0, y: 8, width: w.width, height: 20), size: 13, color: Palette.gray, engine: engine)
        hint.isUserInteractionEnabled = false
        // The buttons and recognizers live in the scene this object owns: they reach it through
        // a zeroing reference, so the scene never keeps it alive.
        let me = zeroingReference
        for e in Exhibit.allCases {
            let b = Widgets.button("exhibit." + e.title.lowercased(), e.title, Rect(x: 6 + Double(e.rawValue) * 73, y: 10, width: 69, height: 32),
                                   in: scene.root, color: Palette.gray) { me.object?.exhibit = e }
            b.fontSize = 13
            buttons.append(b)
        }
        world.addGestureRecognizer(TapGestureRecognizer { tap in
            guard let self = me.object else { return }
            self.didTap(at: tap.location(in: self.world))
        })

        channels = [SceneChannel(name: "exhibit") {
            let v = Double(me.object?.exhibit.rawValue ?? 0)
            return (v, v, 0)
        }]
        for i in 0..<DynamicsDemo.itemSlots {
            channels.append(SceneChannel(name: "item\(i).x") {
                guard let items = me.object?.items, i < items.count else { return (0, 0, 0) }
                let v = items[i].center.x
                return (v, v, 0)
            })
            channels.append(SceneChannel(name: "item\(i).y") {
                guard let items = me.object?.items, i < items.count else { return (0, 0, 0) }
                let v = items[i].center.y
                return (v, v, 0)
            })
            channels.append(SceneChannel(name: "item\(i).angle") {
                guard let items = me.object?.items, i < items.count else { return (0, 0, 0) }
                let v = items[i].transform.rotation
                return (v, v, 0)
            })
        }
        build()
    }

    /// Redraws the ropes (pendulum rods, chain links, grab lines) between their moved ends.
    public func didAdvance(to time: Double) { redrawRopes() }

    // MARK: Building the exhibits

    private func build() {
        grabber?.release()
        animator?.removeAllBehaviors()
        for child in world.children { child.removeFromParent() }
        items = []
        ropes = []
        pushes = []
        field = nil
        vortex = nil
        snap = nil
        marker = nil
        world.addChild(hint)
        hint.text = exhibit.hint
        for (i, b) in buttons.enumerated() { b.backgroundColor = i == exhibit.rawValue ? Palette.blue : Palette.gray }
        let w = DynamicsDemo.worldSize
        animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: w.width, height: w.height), engine: engine)
        itemBehavior = DynamicItemBehavior(items: [])
        if let grabber {
            grabber.attach(to: animator, itemBehavior: itemBehavior)
        } else {
            grabber = ItemGrabber(animator: animator, world: world, itemBehavior: itemBehavior)
        }
        switch exhibit {
        case .gravity: buildGravity()
        case .pendulum: buildPendulum()
        case .snap: buildSnap()
        case .push: buildPush()
        case .field: buildField()
        }
        for item in items { itemBehavior.addItem(item) }
        animator.addBehavior(itemBehavior)
        if exhibit == .pendulum, let last = items.last {
            // The chain's last link is thrown sideways, so the chain swings from the start.
            itemBehavior.addLinearVelocity(Vector(dx: -500, dy: 0), for: last)
        }
        redrawRopes()
    }

    private static let colors = [Palette.blue, Palette.orange, Palette.green, Palette.pink, Palette.purple, Palette.teal, Palette.yellow, Palette.red]

    @discardableResult
    private func addBox(_ center: Point, _ size: Size, rotation: Double = 0) -> Node {
        let i = items.count
        let node = Widgets.box("item\(i)", Rect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height),
                               DynamicsDemo.colors[i % DynamicsDemo.colors.count], radius: 3, engine: engine)
        if rotation != 0 { node.transform = AffineTransform(rotationAngle: rotation) }
        world.addChild(node)
        items.append(node)
        grabber.makeGrabbable(node)
        return node
    }

    @discardableResult
    private func addBall(_ center: Point, radius: Double) -> Node {
        let i = items.count
        let node = Widgets.box("item\(i)", Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius),
                               DynamicsDemo.colors[i % DynamicsDemo.colors.count], radius: radius, engine: engine)
        node.collisionBoundsType = .ellipse
        world.addChild(node)
        items.append(node)
        grabber.makeGrabbable(node)
        return node
    }

    private func addMarker(_ name: String, at p: Point, radius: Double) -> Node {
        let node = Widgets.box(name, Rect(x: p.x - radius, y: p.y - radius, width: 2 * radius, height: 2 * radius),
                               Color(rgb: 0x8E8E93, alpha: 0.35), radius: radius, engine: engine)
        world.addChild(node)
        return node
    }

    private func addRope(_ name: String, thickness: Double = 2, ends: @escaping () -> (Point, Point)) {
        let rope = Rope(name, thickness: thickness, color: Palette.dark, engine: engine)
        world.addChild(rope.node)
        ropes.append((rope, ends))
    }

    private func redrawRopes() {
        for r in ropes {
            let (a, b) = r.ends()
            r.rope.set(from: a, to: b)
        }
    }

    /// A collision behaviour for every item, inside the reference bounds.
    private func addCollisions() -> CollisionBehavior {
        let collision = CollisionBehavior(items: dynamicItems(items))
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        return collision
    }

    private func buildGravity() {
        for i in 0..<5 {
            addBox(Point(x: 60 + Double(i) * 62, y: 70 + Double(i % 2) * 70), Size(width: 36 + Double(i % 3) * 10, height: 36 + Double((i + 1) % 3) * 8),
                   rotation: Double(i) * 0.3 - 0.6)
        }
        for i in 0..<5 {
            addBall(Point(x: 45 + Double(i) * 68, y: 230 + Double(i % 2) * 60), radius: 16 + Double(i % 3) * 6)
        }
        itemBehavior.elasticity = 0.5
        itemBehavior.friction = 0.3
        animator.addBehavior(GravityBehavior(items: dynamicItems(items)))
        let collision = addCollisions()
        let ledgeFrom = Point(x: 40, y: 380), ledgeTo = Point(x: 220, y: 430)
        collision.addBoundary(withIdentifier: "ledge", from: ledgeFrom, to: ledgeTo)
        addRope("ledge", thickness: 4) { (ledgeFrom, ledgeTo) }
    }

    private func buildPendulum() {
        // The pendulum: a rigid rod (an attachment keeps the distance it starts with) from the
        // anchor to a ball started 60° out, so it swings at once.
        let anchor = Point(x: 110, y: 80)
        _ = addMarker("anchor.pendulum", at: anchor, radius: 5)
        let bob = addBall(Point(x: anchor.x + 150 * 0.866, y: anchor.y + 150 * 0.5), radius: 22)
        animator.addBehavior(AttachmentBehavior(item: bob, attachedToAnchor: anchor))
        // The ropes' ends are closures this object keeps (not the scene), so they hold the nodes.
        addRope("rod") { (anchor, bob.center) }
        // The chain: eight links hanging end to end, each attached by its top to the bottom of
        // the one above (the first to a fixed anchor), the last thrown sideways.
        let chainAnchor = Point(x: 270, y: 60)
        _ = addMarker("anchor.chain", at: chainAnchor, radius: 5)
        let linkSize = Size(width: 12, height: 26), gap = 6.0
        var links: [Node] = []
        let world = self.world
        for i in 0..<8 {
            let link = addBox(Point(x: chainAnchor.x, y: chainAnchor.y + gap + linkSize.height / 2 + Double(i) * (linkSize.height + gap)), linkSize)
            let top = Vector(dx: 0, dy: -linkSize.height / 2), bottom = Vector(dx: 0, dy: linkSize.height / 2)
            if let above = links.last {
                animator.addBehavior(AttachmentBehavior(item: link, offsetFromCenter: top, attachedTo: above, offsetFromCenter: bottom))
                addRope("link\(i)") {
                    (above.convert(Point(x: linkSize.width / 2, y: linkSize.height), to: world) ?? above.center,
                     link.convert(Point(x: linkSize.width / 2, y: 0), to: world) ?? link.center)
                }
            } else {
                animator.addBehavior(AttachmentBehavior(item: link, offsetFromCenter: top, attachedToAnchor: chainAnchor))
                addRope("link\(i)") {
                    (chainAnchor, link.convert(Point(x: linkSize.width / 2, y: 0), to: world) ?? link.center)
                }
            }
            links.append(link)
        }
        animator.addBehavior(GravityBehavior(items: dynamicItems(items)))
        _ = addCollisions()
        itemBehavior.elasticity = 0.3
        itemBehavior.friction = 0.2
    }

    private func buildSnap() {
        let square = addBox(Point(x: 187.5, y: 250), Size(width: 70, height: 70))
        addBall(Point(x: 90, y: 450), radius: 24)
        _ = addCollisions()
        itemBehavior.elasticity = 0.4
        itemBehavior.resistance = 0.5
        marker = addMarker("snap.point", at: square.center, radius: 8)
        marker?.isUserInteractionEnabled = false
    }

    private func buildPush() {
        for i in 0..<8 {
            addBall(Point(x: 30 + Double(i) * 45, y: 560 - Double(i % 2) * 40), radius: 18)
        }
        for i in 0..<4 {
            addBox(Point(x: 60 + Double(i) * 85, y: 470), Size(width: 40, height: 40))
        }
        itemBehavior.elasticity = 0.45
        itemBehavior.friction = 0.4
        animator.addBehavior(GravityBehavior(items: dynamicItems(items)))
        _ = addCollisions()
    }

    private func buildField() {
        let centre = Point(x: 187.5, y: 300)
        let ring = addMarker("field.ring", at: centre, radius: 24)
        // The recognizer lives on the ring: it finds the ring as its node and this object through
        // a zeroing reference, so it keeps neither alive.
        let me = zeroingReference
        let pan = PanGestureRecognizer { pan in
            guard let self = me.object, let ring = pan.node else { return }
            guard pan.state == .began || pan.state == .changed else { return }
            let p = pan.location(in: self.world)
            ring.center = p
            self.field?.position = p
            self.vortex?.position = p
        }
        pan.minimumDistance = 0
        ring.addGestureRecognizer(pan)
        for i in 0..<8 {
            addBall(Point(x: 40 + Double(i % 4) * 95, y: 90 + Double(i / 4) * 420), radius: 14 + Double(i % 3) * 4)
        }
        for i in 0..<4 {
            addBox(Point(x: 60 + Double(i) * 85, y: 300 + (i % 2 == 0 ? -150 : 150)), Size(width: 30, height: 30))
        }
        // Accelerations of 1000·strength points/s² (uniform: falloff 0), towards the centre
        // and clockwise round it: the items spiral in and pile up round the ring.
        let radial = FieldBehavior.radialGravityField(position: centre)
        radial.strength = 0.8
        radial.minimumRadius = 30
        let swirl = FieldBehavior.vortexField()
        swirl.position = centre
        swirl.strength = 0.12
        swirl.minimumRadius = 30
        for item in items {
            radial.addItem(item)
            swirl.addItem(item)
        }
        animator.addBehavior(radial)
        animator.addBehavior(swirl)
        field = radial
        vortex = swirl
        addRing(round: ring)
        _ = addCollisions()
        itemBehavior.elasticity = 0.3
        itemBehavior.resistance = 1.2
    }

    /// Draws the field's ring above the items (the ring node, under them, is what a finger
    /// grabs): a 24-sided outline of radius 24 made of ropes that follow the ring's centre, so
    /// the items piled round it never hide it.
    private func addRing(round ring: Node) {
        let sides = 24, radius = 24.0
        // cos and sin of 360°/24 = 15°: the vertices by repeated rotation, without libm.
        let c = 0.9659258262890683, s = 0.25881904510252074
        var vertices: [Point] = [Point(x: radius, y: 0)]
        for k in 1..<sides {
            let p = vertices[k - 1]
            vertices.append(Point(x: p.x * c - p.y * s, y: p.x * s + p.y * c))
        }
        for k in 0..<sides {
            // Each edge a fifth longer at both ends, so neighbours overlap into one outline.
            let p = vertices[k], q = vertices[(k + 1) % sides]
            let a = Point(x: p.x - (q.x - p.x) * 0.2, y: p.y - (q.y - p.y) * 0.2)
            let b = Point(x: q.x + (q.x - p.x) * 0.2, y: q.y + (q.y - p.y) * 0.2)
            addRope("field.ring.edge\(k)", thickness: 3) {
                let o = ring.center
                return (Point(x: o.x + a.x, y: o.y + a.y), Point(x: o.x + b.x, y: o.y + b.y))
            }
        }
    }

    // MARK: Taps

    /// The area the solver gives an item (π r² for a ball), in square points.
    private func area(of item: Node) -> Double {
        let b = item.bounds
        return item.collisionBoundsType == .ellipse ? Double.pi * b.width * b.height / 4 : b.width * b.height
    }

    func didTap(at p: Point) {
        switch exhibit {
        case .snap:
            guard let square = items.first else { return }
            if let snap { animator.removeBehavior(snap) }
            let s = SnapBehavior(item: square, snapTo: p)
            s.damping = 0.5
            animator.addBehavior(s)
            snap = s
            marker?.center = p
        case .push:
            for push in pushes { animator.removeBehavior(push) }
            pushes = []
            for item in items {
                let d = item.center - p
                let distance = d.x * d.x + d.y * d.y
                guard distance > 1 else { continue }
                let length = distance.squareRoot()
                // Away from the tap sideways and always upwards (the items lie on the floor, so
                // straight away from a tap above them would push them into it): ~900 points/s
                // next to the tap, falling off over ~150 points. Magnitude 1 changes a
                // 100 × 100, density-1 item's velocity by 100 pt/s; the mass is density × area.
                let mass = area(of: item) / 10_000
                let speed = 900 / (1 + length / 150)
                var direction = Vector(dx: d.x / length, dy: -0.8 - Swift.max(0, -d.y / length))
                let n = (direction.dx * direction.dx + direction.dy * direction.dy).squareRoot()
                direction = Vector(dx: direction.dx / n * speed * mass / 100, dy: direction.dy / n * speed * mass / 100)
                let push = PushBehavior(items: [item], mode: .instantaneous)
                push.pushDirection = direction
                animator.addBehavior(push)
                pushes.append(push)
            }
        default:
            break
        }
    }
}
