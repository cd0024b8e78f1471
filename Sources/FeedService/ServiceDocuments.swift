import FeedModel
import Foundation

/// The documents the service serves as they are: `docs/openapi.yaml`.
///
/// Read once, at start-up, from `$PHOTOFEED_HOME/docs/` when that is set, else from the
/// checkout this module was built from (the source tree's `docs/`, found from this file's
/// compile-time path); nil when neither has it.
struct ServiceDocuments: Sendable {
    var openAPI: Data?

    init(openAPI: Data? = ServiceDocuments.read("openapi.yaml")) {
        self.openAPI = openAPI
    }

    static func read(_ name: String) -> Data? {
        let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let roots = [ResourceLocator.home(), sourceRoot].compactMap { $0 }
        for root in roots {
            if let data = FileManager.default.contents(atPath: root.appending(path: "docs/\(name)").path) {
                return data
            }
        }
        return nil
    }
}
