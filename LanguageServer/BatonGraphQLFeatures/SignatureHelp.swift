import BatonJSON
import BatonLanguageServer
import BatonLanguageService

/// `textDocument/signatureHelp`: inside a field's or directive's argument list, its
/// signature with one parameter per argument and the argument being written active.
/// Parameters are offsets into the label where the client reads them
/// (`labelOffsetSupport`), their text otherwise.
enum SignatureHelp {
    static let capabilities: JSONObject = [
        "signatureHelpProvider": ["triggerCharacters": ["(", ",", ":"], "retriggerCharacters": [" "]]
    ]

    static func attach(to server: LanguageServer, state: WorkspaceState) {
        server.onRequest("textDocument/signatureHelp") { context in
            let capability = "textDocument.signatureHelp.signatureInformation"
            let markdown = GraphQLRequests.clientReads(capability + ".documentationFormat", server)
            // Offsets into the label where the client takes them; the label's text otherwise.
            let offsets = server.clientParams?.clientCapability(capability + ".parameterInformation.labelOffsetSupport")?.boolValue == true
            let activeInSignature = server.clientParams?.clientCapability(capability + ".activeParameterSupport")?.boolValue == true
            GraphQLRequests.answer(context, server: server, state: state, staleOnEdit: false) { at in
                guard let schema = at.schema, let signature = ArgumentSignature.at(at.offset, in: at.document.source, schema: schema)
                else { return .null }
                func documentation(_ text: String?) -> JSONValue? {
                    guard let text, !text.isEmpty else { return nil }
                    return markdown ? ["kind": "markdown", "value": .string(text)] : .string(text)
                }
                var information: JSONObject = [
                    "label": .string(signature.label),
                    "parameters": .array(
                        signature.parameters.map { parameter in
                            let (start, end) = parameter.labelOffsets
                            var json: JSONObject = [
                                "label": offsets
                                    ? [.number(start), .number(end)]
                                    : .string(String(signature.label.utf16.dropFirst(start).prefix(end - start))!)
                            ]
                            if let text = documentation(parameter.documentation) { json["documentation"] = text }
                            return .object(json)
                        }),
                ]
                if let text = documentation(signature.documentation) { information["documentation"] = text }
                var help: JSONObject = ["activeSignature": 0]
                if let active = signature.activeParameter {
                    help["activeParameter"] = .number(active)
                    if activeInSignature { information["activeParameter"] = .number(active) }
                }
                help["signatures"] = [.object(information)]
                return .object(help)
            }
        }
    }
}
