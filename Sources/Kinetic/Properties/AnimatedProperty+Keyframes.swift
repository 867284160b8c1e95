// A property's keyframe tracks moved onto one KeyframePath when a keyframe animation's calculation mode is not linear.

extension AnimatedProperty {
    func retimeKeyframeTracks(under root: AnimationSegment, mode: KeyframeCalculationMode) {
        guard mode != .linear, let animator = root.animator else { return }
        var indices: [Int] = []
        for i in tracks.indices {
            if case .keyframe(let parent) = tracks[i].segment.kind, parent === root { indices.append(i) }
        }
        guard !indices.isEmpty else { return }
        // Positions relative to V₀: Wₖ = Wₖ₋₁ − deltaₖ (a track's delta is old − new).
        var positions: [Value] = [.zero]
        for i in indices { positions.append(positions[positions.count - 1] - tracks[i].delta) }
        let path = KeyframePath(mode, through: positions,
                                stretches: indices.map { (start: tracks[$0].segment.start, end: tracks[$0].segment.end) })
        for (k, i) in indices.enumerated() {
            let track = tracks[i]
            let segment = AnimationSegment(animator: animator, start: 0, end: 1,
                                           kind: .path(parent: root, path: path, index: k + 1))
            tracks[i] = PropertyTrack(segment: segment, delta: track.delta, initialVelocity: track.initialVelocity)
        }
    }
}
