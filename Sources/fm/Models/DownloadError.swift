import Foundation

/// A download that failed: the URL, and the HTTP status or the network's reason. Status 69
/// (the model is unavailable); a partial file stays for the next pull to resume.
struct DownloadError: Error, CustomStringConvertible {
    enum Reason: Sendable {
        case httpStatus(Int)
        case network(String)
        case notJSON(String)
        /// The body was longer than the document limit or the file's declared size.
        case tooLarge(limit: Int)
    }

    let url: URL
    let reason: Reason

    var description: String {
        switch reason {
        case .httpStatus(let status):
            "GET \(url.absoluteString) failed: HTTP status \(status)"
        case .network(let message):
            "GET \(url.absoluteString) failed: \(message)"
        case .notJSON(let message):
            "GET \(url.absoluteString) did not return the index's JSON: \(message)"
        case .tooLarge(let limit):
            "GET \(url.absoluteString) sent more than \(limit) bytes, more than expected; the download was stopped"
        }
    }

    var hint: String {
        switch reason {
        case .httpStatus(404): "The index has no such file; check FM_PYPI_INDEX or the catalog entry."
        case .notJSON: "Check FM_PYPI_INDEX (the base URL of a PyPI JSON API, such as https://pypi.org)."
        case .tooLarge: "The server does not serve what the catalog describes; check FM_PYPI_INDEX or the catalog entry."
        default: "Check the network, then run the same 'fm models pull' again: it resumes where it stopped."
        }
    }
}
