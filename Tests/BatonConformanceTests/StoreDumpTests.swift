import BatonInspector
import Foundation
import Testing
@_spi(Generated) import Baton

/// Every manifest case committed through the plans batonc generated (Generated/), the store's dump
/// compared with the case's `.store.json` byte for byte.
@MainActor @Suite struct StoreDumpTests {
    nonisolated static let operations: [String: GeneratedOperation] = [
        "Fixture": .of(Fixture.self),
        "TestAddNote": .of(TestAddNote.self),
        "TestAddNoteFirst": .of(TestAddNoteFirst.self),
        "TestAddNoteNode": .of(TestAddNoteNode.self),
        "TestAddNoteNodeFirst": .of(TestAddNoteNodeFirst.self),
        "TestAssetQuery": .of(TestAssetQuery.self),
        "TestAssetsQuery": .of(TestAssetsQuery.self),
        "TestAuthorNotesQuery": .of(TestAuthorNotesQuery.self),
        "TestConditions": .of(TestConditions.self),
        "TestDeleteNote": .of(TestDeleteNote.self),
        "TestEpisodesQuery": .of(TestEpisodesQuery.self),
        "TestHeaderQuery": .of(TestHeaderQuery.self),
        "TestKeys": .of(TestKeys.self),
        "TestList": .of(TestList.self),
        "TestNodeDeferred": .of(TestNodeDeferred.self),
        "TestNodeFields": .of(TestNodeFields.self),
        "TestNoteAdded": .of(TestNoteAdded.self),
        "TestNotesPaginationQuery": .of(TestNotesPaginationQuery.self),
        "TestNotesQuery": .of(TestNotesQuery.self),
        "TestProfileQuery": .of(TestProfileQuery.self),
        "TestQuoteQuery": .of(TestQuoteQuery.self),
        "TestQuotesQuery": .of(TestQuotesQuery.self),
        "TestRecentNotesPaginationQuery": .of(TestRecentNotesPaginationQuery.self),
        "TestRecentNotesQuery": .of(TestRecentNotesQuery.self),
        "TestRemoveNote": .of(TestRemoveNote.self),
        "TestRename": .of(TestRename.self),
        "TestSearch": .of(TestSearch.self),
        "TestSearchOrigins": .of(TestSearchOrigins.self),
        "TestSetFavorite": .of(TestSetFavorite.self),
        "TestStrictQuery": .of(TestStrictQuery.self),
        "TestTokenizerQuery": .of(TestTokenizerQuery.self),
        "TestTwoSpreads": .of(TestTwoSpreads.self),
        "TestUnion": .of(TestUnion.self),
    ]

    nonisolated static let manifest: [Manifest.Case] = (try? Manifest.load().cases) ?? []

    /// The cases whose responses and dump were recovered (the copy of the suite is partial).
    nonisolated static let cases: [Manifest.Case] = manifest.filter { testCase in
        (testCase.responses + [testCase.records]).allSatisfy {
            FileManager.default.fileExists(atPath: Fixtures.root.appendingPathComponent($0).path)
        }
    }

    /// Dumps recorded by an older version, compared after the named rewrite (CORRECTIONS.md):
    /// add-note-node-n0 kept a mutation root field's arguments in its key; the contract keys it
    /// without them (`addNote`).
    nonisolated static let rewrites: [String: (String, String)] = [
        "tests/add-note-node-n0": (#"addNote(characterId:\"1\",text:\"Node first\")"#, "addNote"),
    ]

    @Test func manifestIsRead() {
        #expect(Self.manifest.count > 40)
        #expect(Self.cases.count > 40)
    }

    @Test(arguments: cases)
    func dumpMatches(_ testCase: Manifest.Case) async throws {
        let operation = try #require(Self.operations[testCase.operation], "no generated operation \(testCase.operation)")
        let environment = Environment()
        let payloads = try testCase.responses.map { Payload(try Fixtures.bytes($0)) }
        try await operation.commit(environment, (testCase.variables ?? [:]).mapValues(\.value), payloads, testCase.complete)
        var expected = try Fixtures.text(testCase.records)
        if let (old, new) = Self.rewrites[testCase.name] {
            #expect(expected.contains(old))
            expected = expected.replacingOccurrences(of: old, with: new)
        }
        #expect(StoreExport.text(of: environment.store) == expected)
    }
}
