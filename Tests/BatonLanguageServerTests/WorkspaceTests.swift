import BatonJSON
import Foundation
import Testing

@testable import BatonLanguageServer

/// Follows configuration and GraphQL files on disk, as the project feature will.
final class WatchingFeature: LanguageFeature {
    var events: [[FileEvent]] = []
    var folderChanges: [(added: [String], removed: [String])] = []
    var watchedFilePatterns: [String] { ["**/baton.json", "**/*.graphql"] }
    func watchedFilesDidChange(_ events: [FileEvent], server: LanguageServer) { self.events.append(events) }
    func workspaceFoldersDidChange(added: [WorkspaceFolder], removed: [WorkspaceFolder], server: LanguageServer) {
        folderChanges.append((added.map(\.uri), removed.map(\.uri)))
    }
}

@Suite struct WorkspaceTests {
    func initialize(_ h: Harness, _ params: JSONValue) -> JSONValue? {
        h.request(1, "initialize", params)
        guard case .success(let result)? = h.answer(1) else { return nil }
        return result
    }

    @Test func foldersComeFromInitializeAndFollowChanges() throws {
        let h = Harness()
        let feature = WatchingFeature()
        h.server.add(feature)
        let result = try #require(
            initialize(
                h,
                [
                    "processId": nil, "rootUri": "file:///ignored", "capabilities": [:],
                    "workspaceFolders": [["uri": "file:///a", "name": "a"], ["uri": "file:///b", "name": "b"]],
                ]))
        #expect(result["capabilities"]?["workspace"]?["workspaceFolders"]?["changeNotifications"] == true)
        #expect(h.server.workspaceFolders.map(\.uri) == ["file:///a", "file:///b"])
        h.notify(
            "workspace/didChangeWorkspaceFolders",
            ["event": ["added": [["uri": "file:///c", "name": "c"]], "removed": [["uri": "file:///a", "name": "a"]]]])
        #expect(h.server.workspaceFolders.map(\.uri) == ["file:///b", "file:///c"])
        #expect(feature.folderChanges.map(\.added) == [["file:///c"]])
        #expect(feature.folderChanges.map(\.removed) == [["file:///a"]])
    }

    @Test func rootURIIsTheFolderWhenNoFoldersAreGiven() throws {
        let h = Harness()
        _ = try #require(initialize(h, ["processId": nil, "rootUri": "file:///work/My%20App", "capabilities": [:]]))
        #expect(h.server.workspaceFolders == [WorkspaceFolder(uri: "file:///work/My%20App", name: "My App")])
    }

    @Test func watchersAreRegisteredWhenTheClientCan() throws {
        let h = Harness()
        let feature = WatchingFeature()
        h.server.add(feature)
        _ = try #require(
            initialize(
                h,
                [
                    "processId": nil, "rootUri": nil,
                    "capabilities": ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]],
                ]))
        h.notify("initialized", [:])
        guard case .request(let id, "client/registerCapability", let params)? = h.host.take().last else {
            Issue.record("no registration sent")
            return
        }
        let registration = try #require(params?["registrations"]?[0])
        #expect(registration["method"] == "workspace/didChangeWatchedFiles")
        #expect(registration["registerOptions"]?["watchers"] == [["globPattern": "**/baton.json"], ["globPattern": "**/*.graphql"]])
        h.server.dispatch(.response(id: id, result: .success(.null)))
        h.notify(
            "workspace/didChangeWatchedFiles",
            ["changes": [["uri": "file:///a/baton.json", "type": 2], ["uri": "file:///a/x.graphql", "type": 3]]])
        #expect(
            feature.events == [
                [FileEvent(uri: "file:///a/baton.json", type: .changed), FileEvent(uri: "file:///a/x.graphql", type: .deleted)]
            ])
        // A malformed event list reaches no feature.
        h.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": "file:///a/y.graphql", "type": 9]]])
        #expect(feature.events.count == 1)
        #expect(h.host.logs.contains { $0.contains("params.changes[0].type: expected 1, 2 or 3, found 9") })
    }

    @Test func noRegistrationWithoutClientSupportOrPatterns() throws {
        let withoutSupport = Harness()
        withoutSupport.server.add(WatchingFeature())
        _ = try #require(initialize(withoutSupport, ["processId": nil, "rootUri": nil, "capabilities": [:]]))
        withoutSupport.notify("initialized", [:])
        #expect(withoutSupport.host.take().isEmpty)
        let withoutPatterns = Harness()
        _ = try #require(
            initialize(
                withoutPatterns,
                [
                    "processId": nil, "rootUri": nil,
                    "capabilities": ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]],
                ]))
        withoutPatterns.notify("initialized", [:])
        #expect(withoutPatterns.host.take().isEmpty)
    }

    @Test func theServerExitsWhenItsClientProcessIsGone() throws {
        let alive = Harness()
        _ = try #require(initialize(alive, ["processId": .number(Int(getpid())), "rootUri": nil, "capabilities": [:]]))
        alive.host.fireTimers()
        #expect(alive.host.exitCode == nil)
        #expect(alive.host.activeTimers == 1)  // checks again later

        // No process has the largest pid (Linux's pid_max is at most 2^22).
        let orphan = Harness()
        _ = try #require(initialize(orphan, ["processId": .number(Int(Int32.max)), "rootUri": nil, "capabilities": [:]]))
        orphan.host.fireTimers()
        #expect(orphan.host.exitCode == 1)
    }
}
