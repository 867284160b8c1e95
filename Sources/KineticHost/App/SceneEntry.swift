// A scene an app offers: its identifier, title, description and factory.
import Kinetic

/// A scene an app offers (``KineticApp/scenes``): what a picker lists and a host builds.
public struct SceneEntry {
    /// The identifier (`"drawer"`): `render`'s SCENE argument and the page's `#name`. Letters
    /// `a`–`z`, digits and `-` only, so it is safe in a URL, a file name and a shell.
    public let name: String
    /// A short title for a picker (`"The drawer"`).
    public let title: String
    /// One paragraph: what the scene shows and what to try (may be empty).
    public let description: String
    /// One line telling a newcomer what to do first (`"Tap Toggle Drawer, then catch the
    /// drawer mid-flight"`), for a picker's subtitle (may be empty).
    public let hint: String
    /// Builds the scene fresh on an engine; called once per selection or render.
    public let make: (AnimationEngine) -> any HostedScene

    public init(name: String, title: String, description: String = "", hint: String = "",
                make: @escaping (AnimationEngine) -> any HostedScene) {
        self.name = name
        self.title = title
        self.description = description
        self.hint = hint
        self.make = make
    }

    /// A text field of an entry, as a picker or the page asks for it (``subscript(_:)``).
    public enum Field: Sendable, Equatable, CaseIterable {
        /// ``SceneEntry/name``.
        case name
        /// ``SceneEntry/title``.
        case title
        /// ``SceneEntry/description``.
        case description
        /// ``SceneEntry/hint``.
        case hint
    }

    /// The text of `field`: ``name``, ``title``, ``description`` or ``hint``.
    public subscript(_ field: Field) -> String {
        switch field {
        case .name: name
        case .title: title
        case .description: description
        case .hint: hint
        }
    }

    /// Whether `name` is a valid identifier: non-empty, `[a-z0-9-]+`.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 }
    }
}
