// A property's keyframe tracks moved onto one KeyframePath when a keyframe animation's calculation mode is not linear.

extension AnimatedProperty {
    /// Chords per keyframe when measuring a cubic path's arc length.
    static var pacedChordsPerKeyframe: Int { 256 }

    func retimeKeyframeTracks(under root: AnimationSegment, mode: KeyframeCalculationMode) {
        guard mode != .linear, let animator = root.animator else { return }
        var indices: [Int] = []
        for i in tracks.indices {
            if case .keyframe(let parent) = tracks[i].segment.kind, parent === root { indices.append(i) }
        }
        guard !indices.isEmpty else { return }
        let n = indices.count
        // Positions relative to V₀: Wₖ = Wₖ₋₁ − deltaₖ (a track's delta is old − new).
        var positions: [Value] = [.zero]
        for i in indices { positions.append(positions[positions.count - 1] - tracks[i].delta) }

        let shape: KeyframePath.Shape
        switch mode {
        case .linear, .discrete:
            shape = .discrete(starts: indices.map { tracks[$0].segment.start })
        case .paced:
            var total = 0.0
            var lengths = [0.0]
            for k in 1...n {
                total += (positions[k] - positions[k - 1]).magnitude
                lengths.append(total)
            }
            shape = .paced(lengths: total > 0 && total.isFinite
                ? lengths.map { $0 / total }
                : (0...n).map { Double($0) / Double(n) })
        case .cubic:
            var knots = [tracks[indices[0]].segment.start]
            for i in indices { knots.append(Swift.max(tracks[i].segment.end, knots[knots.count - 1])) }
            shape = .cubic(knots: knots)
        case .cubicPaced:
            let knots = (0...n).map { Double($0) / Double(n) }
            let chords = n * Self.pacedChordsPerKeyframe
            var previous = positions[0], total = 0.0
            var tableTimes = [0.0]
            var tableLengths = [0.0]
            for q in 1...chords {
                let t = Double(q) / Double(chords)
                let point = KeyframeSpline.evaluate(knots: knots, at: t, value: { positions[$0] }).value
                total += (point - previous).magnitude
                previous = point
                tableTimes.append(t)
                tableLengths.append(total)
            }
            shape = .cubicPaced(knots: knots, times: tableTimes,
                                lengths: total > 0 && total.isFinite ? tableLengths.map { $0 / total } : tableTimes)
        }
        let path = KeyframePath(shape)
        for (k, i) in indices.enumerated() {
            let track = tracks[i]
            let segment = AnimationSegment(animator: animator, start: 0, end: 1,
                                           kind: .path(parent: root, path: path, index: k + 1))
            tracks[i] = PropertyTrack(segment: segment, delta: track.delta, initialVelocity: track.initialVelocity)
        }
    }
}
