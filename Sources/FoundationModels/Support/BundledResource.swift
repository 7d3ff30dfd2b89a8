import Foundation

/// Finds a file that SwiftPM copies into a target's resource bundle, without `Bundle.module`.
///
/// SwiftPM's generated `Bundle.module` stops the process (`fatalError`) when the bundle is
/// neither beside the executable nor at the build directory it was compiled in, which is what
/// happens when a user copies `fm` into `/usr/local/bin` on its own. A missing resource is a
/// packaging mistake the user can fix, so it must surface as an error that says where we looked.
///
/// The places searched, in order:
/// 1. `$FM_RESOURCES/<bundle>/<path>`, for packagers who install the bundles elsewhere;
/// 2. `<bundle>` beside the running executable (how `swift build` lays them out, and how an
///    install that copies the executable with its `*.resources` folders works);
/// 3. the target's source directory, when the executable runs on the machine that built it.
package struct BundledResource: Sendable, Equatable {
    /// The package's name, which SwiftPM puts first in every resource bundle's name.
    package static let packageName = "FoundationModels"
    /// The environment variable naming a directory that holds the resource bundles.
    package static let directoryVariable = "FM_RESOURCES"

    /// The target whose `resources:` hold the file (`FoundationModels`, `IntentEnvelope`).
    package var target: String
    /// The file's path inside the target's resources, e.g. `Resources/guardrail-weights.tsv`.
    package var path: String
    /// The target's source directory (derive it from `#filePath` at the call site).
    package var sourceDirectory: String

    package init(target: String, path: String, sourceDirectory: String) {
        self.target = target
        self.path = path
        self.sourceDirectory = sourceDirectory
    }

    /// SwiftPM's name for the target's bundle on Linux.
    package var bundleName: String { "\(Self.packageName)_\(target).resources" }

    /// Every file path tried, in search order.
    package func candidates(environment: [String: String] = ProcessInfo.processInfo.environment,
                            executableDirectory: URL = Bundle.main.bundleURL) -> [String] {
        var paths: [String] = []
        if let directory = environment[Self.directoryVariable], !directory.isEmpty {
            paths.append(URL(fileURLWithPath: directory).appendingPathComponent(bundleName).appendingPathComponent(path).path)
        }
        paths.append(executableDirectory.appendingPathComponent(bundleName).appendingPathComponent(path).path)
        paths.append(URL(fileURLWithPath: sourceDirectory).appendingPathComponent(path).path)
        return paths
    }

    /// The first candidate that is a readable file.
    /// - throws: ``BundledResourceError`` listing every path tried.
    package func url(environment: [String: String] = ProcessInfo.processInfo.environment,
                     executableDirectory: URL = Bundle.main.bundleURL) throws(BundledResourceError) -> URL {
        let tried = candidates(environment: environment, executableDirectory: executableDirectory)
        var isDirectory: ObjCBool = false
        for path in tried where FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue {
            return URL(fileURLWithPath: path)
        }
        throw BundledResourceError(resource: self, tried: tried)
    }
}

/// A resource file is in none of the places ``BundledResource`` searches.
package struct BundledResourceError: Error, Sendable, Equatable, CustomStringConvertible {
    package var resource: BundledResource
    package var tried: [String]

    package var description: String {
        "resource '\(resource.path)' of \(resource.target) not found (looked at \(tried.joined(separator: ", "))); "
            + "install the folder \(resource.bundleName) beside the executable, or set \(BundledResource.directoryVariable) "
            + "to the directory that holds it"
    }
}

extension BundledResource {
    /// The directory `levelsUp` folders above a source file: a target's source directory from
    /// the `#filePath` of a file inside it.
    package static func sourceDirectory(of filePath: String, levelsUp: Int) -> String {
        var url = URL(fileURLWithPath: filePath)
        for _ in 0..<levelsUp { url.deleteLastPathComponent() }
        return url.path
    }
}
