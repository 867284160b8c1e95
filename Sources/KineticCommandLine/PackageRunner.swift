// `kinetic render --package PATH`: builds another package's app with SwiftPM and runs the app's
// own native runner (`EXE render SCENE ...`), forwarding its output and exit status.
import Foundation
import KineticHost

enum PackageRunner {
    /// Builds `product` (default: the package's only executable product) of the package at
    /// `package` and runs it with `arguments`; returns its exit status. Its standard output and
    /// standard error are this process's; the build's output goes to standard error.
    static func run(package: String, product: String?, arguments: [String]) throws(CommandLineError) -> Int32 {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: package + "/Package.swift", isDirectory: &isDirectory),
              !isDirectory.boolValue else {
            throw CommandLineError("render: --package \(quoted(package)) is not a SwiftPM package (no Package.swift)")
        }
        // SwiftPM reads an argument starting with '-' as an option.
        let path = package.hasPrefix("-") ? "./" + package : package
        let executable: String
        if let product { executable = product } else { executable = try onlyExecutable(package: path) }
        guard case .exited(0) = Process.run(["swift", "build", "--package-path", path, "--product", executable],
                                            outputToStandardError: true) else {
            throw CommandLineError("render: building \(quoted(executable)) of \(quoted(package)) failed",
                                   status: KineticCommandLine.ioErrorStatus)
        }
        let (outcome, output) = Process.output(["swift", "build", "--package-path", path, "--show-bin-path"])
        let bin = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard case .exited(0) = outcome, !bin.isEmpty else {
            throw CommandLineError("render: cannot find the build directory of \(quoted(package))",
                                   status: KineticCommandLine.ioErrorStatus)
        }
        switch Process.run([bin + "/" + executable] + arguments) {
        case .exited(let status): return status
        case .signalled(let signal): return 128 + signal
        case .failed(let reason):
            throw CommandLineError("render: cannot run \(quoted(bin + "/" + executable)): \(reason)",
                                   status: KineticCommandLine.ioErrorStatus)
        }
    }

    /// The name of the package's only executable product (`swift package describe --type json`).
    static func onlyExecutable(package: String) throws(CommandLineError) -> String {
        let (outcome, output) = Process.output(["swift", "package", "--package-path", package, "describe", "--type", "json"])
        guard case .exited(0) = outcome else {
            throw CommandLineError("render: cannot describe the package at \(quoted(package))",
                                   status: KineticCommandLine.ioErrorStatus)
        }
        let names = executableProducts(describing: output)
        guard names.count == 1 else {
            throw CommandLineError(names.isEmpty
                ? "render: the package at \(quoted(package)) has no executable product"
                : "render: the package at \(quoted(package)) has several executable products (\(names.joined(separator: ", "))): choose one with --product")
        }
        return names[0]
    }

    /// The executable products named in SwiftPM's JSON description of a package.
    static func executableProducts(describing json: [UInt8]) -> [String] {
        // SwiftPM may print warnings before the JSON.
        guard let start = json.firstIndex(of: UInt8(ascii: "{")),
              let object = try? JSONSerialization.jsonObject(with: Data(json[start...])) as? [String: Any],
              let products = object["products"] as? [[String: Any]] else { return [] }
        return products.compactMap { product in
            guard let type = product["type"] as? [String: Any], type.keys.contains("executable") else { return nil }
            return product["name"] as? String
        }
    }
}
