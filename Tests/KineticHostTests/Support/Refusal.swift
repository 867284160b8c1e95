// The message a session call refused with, for tests that check it.
import KineticHost

/// The message `call` was refused with (`HostSession.Refusal`), or nil if it returned.
func refusal<T>(_ call: () throws(HostSession.Refusal) -> T) -> String? {
    do {
        _ = try call()
        return nil
    } catch {
        return error.message
    }
}
