import BatonGraphQLFeatures
import BatonLanguageServer

#if canImport(Glibc)
    import Glibc
#endif

// baton-lsp: the Baton language server, speaking LSP over stdin/stdout.
// Features join the server here as the compiler core grows them.

for argument in CommandLine.arguments.dropFirst() {
    switch argument {
    case "--version":
        print("\(LanguageServer.name) \(LanguageServer.version)")
        exit(0)
    case "--help", "-h":
        print("usage: baton-lsp [--stdio]\nThe Baton language server: LSP 3.17 over stdin and stdout.")
        exit(0)
    case "--stdio":
        break  // what editors pass for the only transport there is
    default:
        let warning = Array("baton-lsp: ignoring unknown argument \(argument)\n".utf8)
        _ = warning.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}

// A parent may spawn us with signals blocked (seen from Foundation's Process); an editor must
// still be able to stop the server with SIGTERM or SIGINT.
var unblocked = sigset_t()
sigemptyset(&unblocked)
sigprocmask(SIG_SETMASK, &unblocked, nil)

let loop = UVEventLoop()
let server = LanguageServer(host: loop)
server.add(GraphQLWorkspace())
loop.onInput = { bytes in server.receive(bytes) }
loop.onEndOfInput = { server.receiveEndOfInput() }
exit(loop.run())
