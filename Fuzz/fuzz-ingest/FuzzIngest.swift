// libFuzzer target: a server's response ingested through a real plan, as the runtime reads
// every response off the main actor: the plans `batonc` generated for spec/conformance's
// operations (Generated/ is a link to Conformance/BatonConformance/Generated, compiled in here).
// The input's first byte picks the operation, the second whether the response is complete; the
// rest is the response, or when it holds NUL bytes, an incremental response's parts (the first
// read by `Ingest.firstPart`, each later one by `Ingest.laterPart`, as `@defer`/`@stream`
// parts arrive). `scripts/fuzz ingest` builds and runs it.
@_spi(Generated) import Baton
import CFuzzDriver
import Foundation

/// Every generated operation's plan, by name; scripts/fuzz reads these names, in this order, to
/// give each conformance response the byte that picks its operation.
let plans: [(name: String, plan: Baton.Plan)] = [
    ("Fixture", Fixture.plan),
    ("HostileArgumentsRefetchQuery", HostileArgumentsRefetchQuery.plan),
    ("HostileBodiesRefetchQuery", HostileBodiesRefetchQuery.plan),
    ("HostileConnectionRefetchQuery", HostileConnectionRefetchQuery.plan),
    ("HostileHidden", HostileHidden.plan),
    ("HostileInlineReach", HostileInlineReach.plan),
    ("HostileMutationVariables", HostileMutationVariables.plan),
    ("HostileNamesake", HostileNamesake.plan),
    ("HostilePayload", HostilePayload.plan),
    ("HostileReach", HostileReach.plan),
    ("HostileRequired", HostileRequired.plan),
    ("HostileSubscriptionVariables", HostileSubscriptionVariables.plan),
    ("HostileVariables", HostileVariables.plan),
    ("TestAddNote", TestAddNote.plan),
    ("TestAddNoteFirst", TestAddNoteFirst.plan),
    ("TestAddNoteNode", TestAddNoteNode.plan),
    ("TestAddNoteNodeFirst", TestAddNoteNodeFirst.plan),
    ("TestAddNoteNodeOfAnotherType", TestAddNoteNodeOfAnotherType.plan),
    ("TestAliasQuery", TestAliasQuery.plan),
    ("TestAppendCastNodes", TestAppendCastNodes.plan),
    ("TestAppendEpisodeNodes", TestAppendEpisodeNodes.plan),
    ("TestAssetNameQuery", TestAssetNameQuery.plan),
    ("TestAssetPricesQuery", TestAssetPricesQuery.plan),
    ("TestAssetQuery", TestAssetQuery.plan),
    ("TestAssetValuesQuery", TestAssetValuesQuery.plan),
    ("TestAssetsQuery", TestAssetsQuery.plan),
    ("TestAuthorNotesQuery", TestAuthorNotesQuery.plan),
    ("TestAuthorNotesPaginationQuery", TestAuthorNotesPaginationQuery.plan),
    ("TestBuilderNames", TestBuilderNames.plan),
    ("TestCaughtEpisodes", TestCaughtEpisodes.plan),
    ("TestCaughtNames", TestCaughtNames.plan),
    ("TestCaughtPartQuery", TestCaughtPartQuery.plan),
    ("TestCaughtSpreads", TestCaughtSpreads.plan),
    ("TestCaughtValueQuery", TestCaughtValueQuery.plan),
    ("TestCharacterSecret", TestCharacterSecret.plan),
    ("TestCharactersWithStatus", TestCharactersWithStatus.plan),
    ("TestCollidingErrors", TestCollidingErrors.plan),
    ("TestCollidingRequired", TestCollidingRequired.plan),
    ("TestCommitVariable", TestCommitVariable.plan),
    ("TestConditionNames", TestConditionNames.plan),
    ("TestConditions", TestConditions.plan),
    ("TestDeferredNotesPaginationQuery", TestDeferredNotesPaginationQuery.plan),
    ("TestDeferredValueQuery", TestDeferredValueQuery.plan),
    ("TestDeleteNote", TestDeleteNote.plan),
    ("TestDrafts", TestDrafts.plan),
    ("TestEdgesNamesQuery", TestEdgesNamesQuery.plan),
    ("TestEpisodesQuery", TestEpisodesQuery.plan),
    ("TestEscapedText", TestEscapedText.plan),
    ("TestFavoriteQuery", TestFavoriteQuery.plan),
    ("TestFilteredCharacters", TestFilteredCharacters.plan),
    ("TestFoldedNode", TestFoldedNode.plan),
    ("TestFragmentNamedFields", TestFragmentNamedFields.plan),
    ("TestFreshCharacter", TestFreshCharacter.plan),
    ("TestHasherVariable", TestHasherVariable.plan),
    ("TestHeaderQuery", TestHeaderQuery.plan),
    ("TestHiddenNotesQuery", TestHiddenNotesQuery.plan),
    ("TestHiddenNotesPaginationQuery", TestHiddenNotesPaginationQuery.plan),
    ("TestHiddenRecentNotesQuery", TestHiddenRecentNotesQuery.plan),
    ("TestHiddenRecentNotesPaginationQuery", TestHiddenRecentNotesPaginationQuery.plan),
    ("TestInlineQuery", TestInlineQuery.plan),
    ("TestKeys", TestKeys.plan),
    ("TestKeywordVariables", TestKeywordVariables.plan),
    ("TestList", TestList.plan),
    ("TestListPayload", TestListPayload.plan),
    ("TestLoggedOrigin", TestLoggedOrigin.plan),
    ("TestLowercaseSpreads", TestLowercaseSpreads.plan),
    ("TestModuleNamedPayload", TestModuleNamedPayload.plan),
    ("TestNamedSpread", TestNamedSpread.plan),
    ("TestNodeDeferred", TestNodeDeferred.plan),
    ("TestNodeFields", TestNodeFields.plan),
    ("TestNoteAdded", TestNoteAdded.plan),
    ("TestNotesQuery", TestNotesQuery.plan),
    ("TestNotesPaginationQuery", TestNotesPaginationQuery.plan),
    ("TestPinnedCharacter", TestPinnedCharacter.plan),
    ("TestPricedAssetsQuery", TestPricedAssetsQuery.plan),
    ("TestProfileQuery", TestProfileQuery.plan),
    ("TestQuoteQuery", TestQuoteQuery.plan),
    ("TestQuotesQuery", TestQuotesQuery.plan),
    ("TestRecentNotesQuery", TestRecentNotesQuery.plan),
    ("TestRecentNotesPaginationQuery", TestRecentNotesPaginationQuery.plan),
    ("TestRemoveNote", TestRemoveNote.plan),
    ("TestRename", TestRename.plan),
    ("TestRequiredOrigin", TestRequiredOrigin.plan),
    ("TestRootNotesQuery", TestRootNotesQuery.plan),
    ("TestSearch", TestSearch.plan),
    ("TestSearchOrigins", TestSearchOrigins.plan),
    ("TestSecrets", TestSecrets.plan),
    ("TestSetFavorite", TestSetFavorite.plan),
    ("TestSetStatuses", TestSetStatuses.plan),
    ("TestStrictQuery", TestStrictQuery.plan),
    ("TestTokenizerQuery", TestTokenizerQuery.plan),
    ("TestTwoSpreads", TestTwoSpreads.plan),
    ("TestUnion", TestUnion.plan),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 2 else { return 0 }
    let plan = plans[Int(data[0]) % plans.count].plan
    let complete = data[1] & 1 == 1
    let parts = UnsafeBufferPointer(start: data + 2, count: size - 2).split(separator: 0, omittingEmptySubsequences: false)
        .map { Array($0) }
    if parts.count == 1 {
        _ = try? Ingest.changeSet(parts[0], plan: plan, complete: complete)
        return 0
    }
    do throws(IngestError) {
        var (_, state) = try Ingest.firstPart(parts[0], plan: plan, complete: complete)
        for part in parts.dropFirst() {
            _ = try Ingest.laterPart(part, state: &state)
        }
    } catch {
        _ = error.description
    }
    return 0
}

@main
enum FuzzIngest {
    static func main() {
        exit(baton_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv) { data, size in data.map { fuzz($0, size) } ?? 0 })
    }
}
