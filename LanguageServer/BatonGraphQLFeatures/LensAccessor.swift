import BatonDiagnostics
import BatonEmit
import BatonHosts
import BatonIR
import BatonLanguageService
import BatonSyntax

/// The Swift accessor a field or spread compiles to, for hover: asked of the compiler core's
/// lens naming (`LensNaming.accessorDeclaration`), never derived here. Known for the
/// selections directly in a fragment (the members of its lens).
enum LensAccessor {
    static func declaration(for symbol: GraphQLSymbol, at offset: Int, in document: HostDocument, project: Project,
                            snapshot: ProjectSnapshot) -> String? {
        guard let schema = project.schema,
              let entry = snapshot.index.entries.first(where: { $0.hostDocument.source.name == document.source.name
                  && $0.hostDocument.source.text == document.source.text
                  && $0.hostDocument.marker?.range == document.marker?.range }),
              let fragment = entry.document.fragments.first(where: { $0.range.start <= offset && offset <= $0.range.end })
        else { return nil }
        var responseKey: String?
        for selection in fragment.selectionSet.selections {
            switch selection {
            case .field(let field) where field.name.range.start <= offset && offset <= field.name.range.end:
                if case .field = symbol { responseKey = field.responseKey }
            case .fragmentSpread(let spread) where spread.name.range.start <= offset && offset <= spread.name.range.end:
                if case .fragment = symbol { responseKey = LensNaming.spreadAccessorName(fragment: spread.name.value) }
            default:
                break
            }
        }
        guard let responseKey else { return nil }
        let program = snapshot.program(schema: schema)
        var customScalars: [String: String] = [:]
        for entry in project.config?.customScalarTypes ?? [] {
            if let swift = entry.swift { customScalars[entry.scalar.value] = swift.value }
        }
        return LensNaming.accessorDeclaration(responseKey: responseKey, fragment: fragment.name.value, program: program,
                                              customScalars: customScalars)
    }
}
