import BatonLanguageServer
#if canImport(Glibc)
import Glibc
#endif

// baton-lsp: the Baton language server, speaking LSP over stdin/stdout.
// Features join the server here as the compiler core grows them.
let loop = UVEventLoop()
let server = LanguageServer(host: loop)
loop.onInput = { bytes in server.receive(bytes) }
loop.onEndOfInput = { server.receiveEndOfInput() }
exit(loop.run())
