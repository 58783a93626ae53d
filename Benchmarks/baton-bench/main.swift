// baton-bench: speed measured beside a reference in the same run, printed as ratios.
// Run it in release: `swift run -c release baton-bench frontend`.
import Foundation

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let usage = """
    usage: baton-bench [all | <command>...]
      frontend   parse + build + validate GitHub's schema; parse + validate 500 fragments over it;
                 each beside graphql-core on the same input
      target     batonc validate --config over 300 Swift files holding 1,000 documents
      lsp        the release baton-lsp over stdio on 300 Swift files: first diagnostics, completion,
                 hover, edit → diagnostics (medians and p95)
      ingest     a 1,000-character page (~700 KB) to committed records, beside JSONSerialization
      read       one scalar field through a generated lens, untracked and tracked (ns per read)
      refetch    the same page committed again: notifications (0) and time beside the first commit
      recommit   the refetch's full path alone, synchronous (the one to run under callgrind)
      environment  the page's handle attached again (data fresh) and its availability check, beside its
                 first commit; collect() after releasing 100,000 records, beside committing them; a
                 refetch of the same bytes through a RecordedTransport: notifications and body runs (0)
      image      the page kept in an image: a relaunch's first body, the commit's cost on the main
                 actor, the file's size, each beside committing the page into an empty store
      wire       multipart and event-stream framing of 100 responses fed in 1–16 KB chunks, beside
                 ingesting them; 10,000 subscription events over graphql-transport-ws into a
                 SubscriptionHandle (a replaying sender, then the example's strawberry server):
                 client CPU per event
      all        every command (also with no argument)
    """

let commands = ["frontend", "target", "lsp", "ingest", "read", "refetch", "recommit", "environment", "image", "wire"]
var requested = Array(CommandLine.arguments.dropFirst())
if requested.isEmpty || requested == ["all"] { requested = commands }
if let unknown = requested.first(where: { !commands.contains($0) }) {
    print(usage)
    exit(unknown == "help" || unknown == "--help" ? 0 : 2)
}
let runtime = RuntimeBenchmark(root: root)
if requested.contains(where: { ["ingest", "read", "refetch", "recommit", "environment", "image", "wire"].contains($0) }) {
    runtime.checkGeneratedCode()
}
for command in requested {
    switch command {
    case "frontend": FrontendBenchmark(root: root).run()
    case "target": TargetBenchmark(root: root).run()
    case "lsp": LSPBenchmark(root: root).run()
    case "ingest": runtime.ingest()
    case "read": runtime.read()
    case "recommit": runtime.recommit()
    case "environment": await runtime.environment()
    case "image": await ImageBenchmark(runtime: runtime).run()
    case "wire": await WireBenchmark(root: root).run()
    default: await runtime.refetch()
    }
}
