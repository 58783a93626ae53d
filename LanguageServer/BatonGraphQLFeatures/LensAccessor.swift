import BatonDiagnostics
import BatonHosts
import BatonLanguageService

/// The Swift accessor a field compiles to, for hover. The naming is the compiler core's
/// (`BatonEmit.LensNaming`); until that module is on this branch, there is none to show.
enum LensAccessor {
    static func declaration(for symbol: GraphQLSymbol, at offset: Int, in document: HostDocument, project: Project,
                            index: ProjectIndex) -> String? {
        nil
    }
}
