// The playground's WebAssembly module: a thin C ABI over `PlaygroundSession` (KineticDemos).
// Every decision about animation lives in Swift; these functions only move numbers across the
// boundary. Compiled as Embedded Swift by Scripts/build-playground (not a SwiftPM target).
//
// Exports (all i32/f64):
//   kinetic_demo_count() -> i32                       number of demos
//   kinetic_describe(index, field) -> i32             field 0 name, 1 title, 2 description → text; its length
//   kinetic_select(index, time) -> i32                show demo `index`, engine clock at `time` s; 1 ok
//   kinetic_pointer(phase, id, x, y, time) -> i32     phase 0 down 1 move 2 up 3 cancel; 1 accepted
//   kinetic_frame(time) -> i32                        advance to `time` s and encode; the command count
//   kinetic_numbers() / kinetic_numbers_length()      the encoding's f64 values (RenderListEncoder)
//   kinetic_bytes() / kinetic_bytes_length()          its UTF-8 names and texts
//   kinetic_text() / kinetic_text_length()            the last text (describe, record)
//   kinetic_input(length) -> ptr                      a buffer for the page to write UTF-8 into;
//                                                     0 (and the buffer emptied) for a length
//                                                     outside 0...1 MiB or a failed allocation
//   kinetic_record(index, length, fps) -> i32         run demo `index` under the script in the
//                                                     input buffer; frames (or -1, text = error:
//                                                     bad index, length beyond the input, fps
//                                                     not in (0, 1000], over 100000 frames);
//                                                     text = channel names
//
// Every entry validates its arguments and never traps: a bad index, phase, NaN or infinite
// time or position gives 0 (select, pointer, frame: nothing changes) or -1 (record).
//   kinetic_recording() / kinetic_recording_length()  its f64 values, frame × channel × (model, presentation, velocity)

import Kinetic
import KineticDemos

nonisolated(unsafe) var session = PlaygroundSession()
nonisolated(unsafe) var numbers = Buffer<Double>()
nonisolated(unsafe) var bytes = Buffer<UInt8>()
nonisolated(unsafe) var text = Buffer<UInt8>()
nonisolated(unsafe) var input = Buffer<UInt8>()
nonisolated(unsafe) var recording = Buffer<Double>()

/// A growable buffer at a stable address the page reads from linear memory.
struct Buffer<Element> {
    var pointer = UnsafeMutablePointer<Element>.allocate(capacity: 16)
    var capacity = 16
    var count = 0

    /// Makes room for `n` elements; false (the old buffer kept) if the allocation fails.
    @discardableResult
    mutating func reserve(_ n: Int) -> Bool {
        guard n > capacity else { return true }
        let size = Swift.max(n, capacity * 2)
        let fresh = UnsafeMutablePointer<Element>.allocate(capacity: size)
        // Embedded Swift's allocation returns null when malloc fails; keep the old buffer.
        guard Int(bitPattern: fresh) != 0 else { return false }
        pointer.deallocate()
        pointer = fresh
        capacity = size
        return true
    }

    mutating func set(_ elements: [Element]) {
        guard reserve(elements.count) else { count = 0; return }
        elements.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { pointer.update(from: base, count: source.count) }
        }
        count = elements.count
    }
}

func setText(_ s: String) -> Int32 {
    text.set(Array(s.utf8))
    return Int32(text.count)
}

@_expose(wasm, "kinetic_demo_count") @_cdecl("kinetic_demo_count")
public func kinetic_demo_count() -> Int32 { Int32(DemoCatalog.all.count) }

@_expose(wasm, "kinetic_describe") @_cdecl("kinetic_describe")
public func kinetic_describe(_ index: Int32, _ field: Int32) -> Int32 {
    session.describe(Int(index), field: Int(field))
    return setText(session.text)
}

@_expose(wasm, "kinetic_select") @_cdecl("kinetic_select")
public func kinetic_select(_ index: Int32, _ time: Double) -> Int32 {
    session.select(Int(index), at: time) ? 1 : 0
}

@_expose(wasm, "kinetic_pointer") @_cdecl("kinetic_pointer")
public func kinetic_pointer(_ phase: Int32, _ id: Int32, _ x: Double, _ y: Double, _ time: Double) -> Int32 {
    session.pointer(Int(phase), id: Int(id), x: x, y: y, time: time) ? 1 : 0
}

@_expose(wasm, "kinetic_frame") @_cdecl("kinetic_frame")
public func kinetic_frame(_ time: Double) -> Int32 {
    guard session.frame(at: time) else { return 0 }
    numbers.set(session.encoder.numbers)
    bytes.set(session.encoder.bytes)
    return numbers.count >= 2 ? Int32(numbers.pointer[1]) : 0
}

@_expose(wasm, "kinetic_numbers") @_cdecl("kinetic_numbers")
public func kinetic_numbers() -> UnsafeMutablePointer<Double> { numbers.pointer }
@_expose(wasm, "kinetic_numbers_length") @_cdecl("kinetic_numbers_length")
public func kinetic_numbers_length() -> Int32 { Int32(numbers.count) }
@_expose(wasm, "kinetic_bytes") @_cdecl("kinetic_bytes")
public func kinetic_bytes() -> UnsafeMutablePointer<UInt8> { bytes.pointer }
@_expose(wasm, "kinetic_bytes_length") @_cdecl("kinetic_bytes_length")
public func kinetic_bytes_length() -> Int32 { Int32(bytes.count) }
@_expose(wasm, "kinetic_text") @_cdecl("kinetic_text")
public func kinetic_text() -> UnsafeMutablePointer<UInt8> { text.pointer }
@_expose(wasm, "kinetic_text_length") @_cdecl("kinetic_text_length")
public func kinetic_text_length() -> Int32 { Int32(text.count) }

@_expose(wasm, "kinetic_input") @_cdecl("kinetic_input")
public func kinetic_input(_ length: Int32) -> UnsafeMutablePointer<UInt8>? {
    guard PlaygroundSession.acceptsInputLength(Int(length)), input.reserve(Int(length)) else {
        input.count = 0
        return nil
    }
    input.count = Int(length)
    return input.pointer
}

@_expose(wasm, "kinetic_record") @_cdecl("kinetic_record")
public func kinetic_record(_ index: Int32, _ length: Int32, _ fps: Double) -> Int32 {
    let all = DemoCatalog.all
    guard index >= 0, Int(index) < all.count, length >= 0, Int(length) <= input.count else { return setText("bad arguments") * 0 - 1 }
    let script = String(decoding: UnsafeBufferPointer(start: input.pointer, count: Int(length)), as: UTF8.self)
    let frames = session.record(demo: all[Int(index)].name, script: script, fps: fps)
    recording.set(session.recording)
    _ = setText(session.text)
    return Int32(frames)
}

@_expose(wasm, "kinetic_recording") @_cdecl("kinetic_recording")
public func kinetic_recording() -> UnsafeMutablePointer<Double> { recording.pointer }
@_expose(wasm, "kinetic_recording_length") @_cdecl("kinetic_recording_length")
public func kinetic_recording_length() -> Int32 { Int32(recording.count) }
