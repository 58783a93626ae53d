@_spi(Generated) import Baton

/// Every operation the manifest names, by name, with the manifest's read paths bound to the
/// generated accessors that read them. A path is response keys, so it crosses fragment spreads
/// (`character.name` of TestProfileQuery is `character?.testProfile?.name`) and type conditions
/// (`search.#.label` is the Character's or the Location's `label`); a connection's paths read its
/// lens's declared fields, over the connection's merged edges and page info.
///
/// A path with no accessor is left unbound on purpose, so its case fails saying so (see
/// spec/conformance/STATUS.md).
enum GeneratedOperations {
    static let byName: [String: GeneratedOperation] = [
        "Fixture": .of(
            Fixture.self,
            reads: [
                "characters.info.count": { d, _ in d.characters?.info?.count },
                "characters.info.pages": { d, _ in d.characters?.info?.pages },
                "characters.info.next": { d, _ in d.characters?.info?.next },
                "characters.results.#.name": { d, i in try d.characters?.results?.at(i[0]).name },
                "characters.results.#.episode.#.characters.#.id": { d, i in
                    try d.characters?.results?.at(i[0]).episode.at(i[1]).characters.at(i[2]).id
                },
                "characters.results.#.episode.#.characters.#.image": { d, i in
                    try d.characters?.results?.at(i[0]).episode.at(i[1]).characters.at(i[2]).image
                },
            ]),
        "TestEpisodesQuery": .of(
            TestEpisodesQuery.self,
            reads: [
                "character.episode.#.id": { d, i in try d.character?.episode.at(i[0]).id },
                "character.episode.#.name": { d, i in try d.character?.episode.at(i[0]).name },
            ]),
        "TestFreshCharacter": .of(
            TestFreshCharacter.self,
            reads: [
                "character.name": { d, _ in d.character?.name }
            ]),
        "TestHeaderQuery": .of(
            TestHeaderQuery.self,
            reads: [
                "character.name": { d, _ in d.character?.testHeader.name },
                "character.status": { d, _ in d.character?.testHeader.status },
                "character.species": { d, _ in d.character?.testHeader.species },
                "character.origin.name": { d, _ in d.character?.testHeader.origin?.name },
            ]),
        "TestAddNote": .of(
            TestAddNote.self,
            reads: [
                "addNote.noteEdge.cursor": { d, _ in d.addNote?.noteEdge?.cursor },
                "addNote.noteEdge.node.id": { d, _ in d.addNote?.noteEdge?.node?.id },
                "addNote.noteEdge.node.text": { d, _ in d.addNote?.noteEdge?.node?.text },
            ]),
        "TestAddNoteFirst": .of(
            TestAddNoteFirst.self,
            reads: [
                "addNote.noteEdge.cursor": { d, _ in d.addNote?.noteEdge?.cursor },
                "addNote.noteEdge.node.id": { d, _ in d.addNote?.noteEdge?.node?.id },
                "addNote.noteEdge.node.text": { d, _ in d.addNote?.noteEdge?.node?.text },
            ]),
        "TestAddNoteNode": .of(
            TestAddNoteNode.self,
            reads: [
                "addNote.note.id": { d, _ in d.addNote?.note?.id },
                "addNote.note.text": { d, _ in d.addNote?.note?.text },
            ]),
        "TestAddNoteNodeFirst": .of(
            TestAddNoteNodeFirst.self,
            reads: [
                "addNote.note.id": { d, _ in d.addNote?.note?.id },
                "addNote.note.text": { d, _ in d.addNote?.note?.text },
            ]),
        "TestNoteAdded": .of(
            TestNoteAdded.self,
            reads: [
                "noteAdded.noteEdge.cursor": { d, _ in d.noteAdded?.noteEdge?.cursor },
                "noteAdded.noteEdge.node.id": { d, _ in d.noteAdded?.noteEdge?.node?.id },
                "noteAdded.noteEdge.node.text": { d, _ in d.noteAdded?.noteEdge?.node?.text },
            ]),
        "TestDeleteNote": .of(
            TestDeleteNote.self,
            reads: [
                "removeNote.removedNoteId": { d, _ in d.removeNote?.removedNoteId }
            ]),
        "TestRemoveNote": .of(
            TestRemoveNote.self,
            reads: [
                "removeNote.removedNoteId": { d, _ in d.removeNote?.removedNoteId },
                "removeNote.deleted": { d, _ in d.removeNote?.deleted },
            ]),
        "TestSetFavorite": .of(
            TestSetFavorite.self,
            reads: [
                "setFavorite.character.id": { d, _ in d.setFavorite?.character?.id },
                "setFavorite.character.name": { d, _ in d.setFavorite?.character?.name },
                "setFavorite.character.favorite": { d, _ in d.setFavorite?.character?.favorite },
            ]),
        "TestRename": .of(
            TestRename.self,
            reads: [
                "rename.character.id": { d, _ in d.rename?.character?.id },
                "rename.character.name": { d, _ in d.rename?.character?.name },
            ]),
        "TestAssetQuery": .of(
            TestAssetQuery.self,
            reads: [
                "asset.owner.name": { d, _ in d.asset?.owner?.name },
                "asset.uuid": { d, _ in d.asset?.uuid },
                "asset.name": { d, _ in d.asset?.name },
            ]),
        "TestAssetsQuery": .of(
            TestAssetsQuery.self,
            reads: [
                "assets.#.name": { d, i in try d.assets?.at(i[0]).name },
                "assets.#.size": { d, i in try d.assets?.at(i[0]).size },
            ]),
        "TestQuoteQuery": .of(
            TestQuoteQuery.self,
            reads: [
                "quote.base": { d, _ in d.quote?.base },
                "quote.quote": { d, _ in d.quote?.quote },
                "quote.rate": { d, _ in d.quote?.rate },
            ]),
        "TestQuotesQuery": .of(
            TestQuotesQuery.self,
            reads: [
                "quotes.#.rate": { d, i in try d.quotes?.at(i[0]).rate }
            ]),
        "TestKeys": .of(
            TestKeys.self,
            reads: [
                "search": { d, _ in d.search.map { $0.map(RecordReading.record) } },
                "character.name": { d, _ in d.character?.name },
                "charactersByIds.#.name": { d, i in try d.charactersByIds?.at(i[0]).name },
                "characters.info.count": { d, _ in d.characters?.info?.count },
            ]),
        "TestList": .of(
            TestList.self,
            reads: [
                "characters.results.#.name": { d, i in try d.characters?.results?.at(i[0]).testRow.name },
                "characters.results.#.status": { d, i in try d.characters?.results?.at(i[0]).testRow.status },
                "characters.results.#.image": { d, i in try d.characters?.results?.at(i[0]).testRow.image },
            ]),
        "TestConditions": .of(
            TestConditions.self,
            reads: [
                "character.name": { d, _ in d.character?.name },
                "character.status": { d, _ in d.character?.status },
                "character.species": { d, _ in d.character?.species },
                "character.origin.id": { d, _ in d.character?.origin?.id },
                "character.origin.name": { d, _ in d.character?.origin?.name },
                "character.origin.dimension": { d, _ in d.character?.origin?.dimension },
            ]),
        "TestTwoSpreads": .of(
            TestTwoSpreads.self,
            reads: [
                "character.name": { d, _ in d.character?.testRow.name },
                "character.status": { d, _ in d.character?.testRow.status },
                "character.image": { d, _ in d.character?.testRow.image },
            ]),
        "TestProfileQuery": .of(
            TestProfileQuery.self,
            reads: [
                "character.name": { d, _ in d.character?.testProfile?.name },
                "character.status": { d, _ in d.character?.testProfile?.status },
                "character.origin": { d, _ in RecordReading.record(d.character?.testProfile?.origin) },
                "character.origin.name": { d, _ in d.character?.testProfile?.origin.name },
                // `location` is caught: a failure reads absent.
                "character.location.name": { d, _ in (try? d.character?.testProfile?.location.get())?.name },
                // `strict` is `@throwOnFieldError`: a spread that throws reads absent (format 1's rows).
                "character.type": { d, _ in (try? d.character?.strict)?.type },
                "character.species": { d, _ in try (try? d.character?.strict)?.species },
                "character.episode.#.name": { d, i in try d.character?.testAppearances?.episode.at(i[0]).name },
                "character.episode.#.air_date": { d, i in try d.character?.testAppearances?.episode.at(i[0]).air_date },
            ]),
        "TestStrictQuery": .of(
            TestStrictQuery.self,
            reads: [
                "character.name": { d, _ in d.character?.name },
                "character.species": { d, _ in try d.character?.species },
            ]),
        "TestRequiredOrigin": .of(
            TestRequiredOrigin.self,
            reads: [
                "character.origin.name": { d, _ in d.character.origin.name }
            ]),
        "TestNodeFields": .of(
            TestNodeFields.self,
            reads: [
                "node.id": { d, _ in d.node?.id },
                "node.name": { d, _ in d.node?.asCharacter?.name },
            ]),
        "TestNodeDeferred": .of(
            TestNodeDeferred.self,
            reads: [
                "node.id": { d, _ in d.node?.id },
                "node.name": { d, _ in d.node?.asCharacter?.name },
                "node.episode.#.name": { d, i in try d.node?.appearances?.episode.at(i[0]).name },
                "node.episode.#.air_date": { d, i in try d.node?.appearances?.episode.at(i[0]).air_date },
            ]),
        "TestUnion": .of(
            TestUnion.self,
            reads: [
                "search.#.label": { d, i in
                    let member = try d.search?.at(i[0])
                    if let character = member?.asCharacter { return character.label }
                    return member?.asLocation?.label
                },
                "search.#.name": { d, i in try d.search?.at(i[0]).asNamed?.name },
                "search.#.status": { d, i in try d.search?.at(i[0]).asCharacter?.status },
                "search.#.type": { d, i in try d.search?.at(i[0]).asLocation?.type },
                "search.#.air_date": { d, i in try d.search?.at(i[0]).asEpisode?.air_date },
            ]),
        "TestSearch": .of(
            TestSearch.self,
            reads: [
                "search.#.id": { d, i in
                    let member = try d.search?.at(i[0])
                    if let character = member?.asCharacter { return character.id }
                    return member?.asLocation?.id
                },
                "search.#.name": { d, i in
                    let member = try d.search?.at(i[0])
                    if let character = member?.asCharacter { return character.name }
                    return member?.asLocation?.name
                },
                "search.#.dimension": { d, i in try d.search?.at(i[0]).asLocation?.dimension },
            ]),
        "TestSearchOrigins": .of(
            TestSearchOrigins.self,
            reads: [
                "search.#.origin": { d, i in RecordReading.record(try d.search?.at(i[0]).asCharacter?.origin) },
                "search.#.origin.name": { d, i in try d.search?.at(i[0]).asCharacter?.origin?.name },
            ]),
        "TestNotesQuery": .of(
            TestNotesQuery.self,
            reads: [
                "character.name": { d, _ in d.character?.testNotes.name },
                "character.notes.totalCount": { d, _ in d.character?.testNotes.notes.totalCount },
                "character.notes.edges.#.cursor": { d, i in try d.character?.testNotes.notes.edges?.at(i[0]).cursor },
                "character.notes.edges.#.node.id": { d, i in try d.character?.testNotes.notes.edges?.at(i[0]).node?.id },
                "character.notes.edges.#.node.text": { d, i in try d.character?.testNotes.notes.edges?.at(i[0]).node?.text },
                "character.notes.pageInfo.hasNextPage": { d, _ in d.character?.testNotes.notes.pageInfo.hasNextPage },
                "character.notes.pageInfo.endCursor": { d, _ in d.character?.testNotes.notes.pageInfo.endCursor },
            ]),
        "TestNotesPaginationQuery": .of(
            TestNotesPaginationQuery.self,
            reads: [
                "node.id": { d, _ in d.node?.id },
                "node.name": { d, _ in d.node?.testNotes?.name },
                "node.notes.totalCount": { d, _ in d.node?.testNotes?.notes.totalCount },
                "node.notes.edges.#.cursor": { d, i in try d.node?.testNotes?.notes.edges?.at(i[0]).cursor },
                "node.notes.edges.#.node.id": { d, i in try d.node?.testNotes?.notes.edges?.at(i[0]).node?.id },
                "node.notes.edges.#.node.text": { d, i in try d.node?.testNotes?.notes.edges?.at(i[0]).node?.text },
                "node.notes.pageInfo.hasNextPage": { d, _ in d.node?.testNotes?.notes.pageInfo.hasNextPage },
                "node.notes.pageInfo.endCursor": { d, _ in d.node?.testNotes?.notes.pageInfo.endCursor },
            ]),
        "TestRecentNotesQuery": .of(
            TestRecentNotesQuery.self,
            reads: [
                "character.notes.edges.#.cursor": { d, i in try d.character?.testRecentNotes.notes.edges?.at(i[0]).cursor },
                "character.notes.edges.#.node.id": { d, i in try d.character?.testRecentNotes.notes.edges?.at(i[0]).node?.id },
                "character.notes.edges.#.node.text": { d, i in try d.character?.testRecentNotes.notes.edges?.at(i[0]).node?.text },
                "character.notes.pageInfo.hasPreviousPage": { d, _ in d.character?.testRecentNotes.notes.pageInfo.hasPreviousPage },
                "character.notes.pageInfo.startCursor": { d, _ in d.character?.testRecentNotes.notes.pageInfo.startCursor },
            ]),
        "TestRecentNotesPaginationQuery": .of(
            TestRecentNotesPaginationQuery.self,
            reads: [
                "node.id": { d, _ in d.node?.id },
                "node.notes.edges.#.cursor": { d, i in try d.node?.testRecentNotes?.notes.edges?.at(i[0]).cursor },
                "node.notes.edges.#.node.id": { d, i in try d.node?.testRecentNotes?.notes.edges?.at(i[0]).node?.id },
                "node.notes.edges.#.node.text": { d, i in try d.node?.testRecentNotes?.notes.edges?.at(i[0]).node?.text },
                "node.notes.pageInfo.hasPreviousPage": { d, _ in d.node?.testRecentNotes?.notes.pageInfo.hasPreviousPage },
                "node.notes.pageInfo.startCursor": { d, _ in d.node?.testRecentNotes?.notes.pageInfo.startCursor },
            ]),
        "TestAuthorNotesQuery": .of(
            TestAuthorNotesQuery.self,
            reads: [
                "node.id": { d, _ in d.node?.note?.id },
                "node.author.id": { d, _ in d.node?.note?.author?.id },
                "node.author.name": { d, _ in d.node?.note?.author?.name },
                "node.author.notes.edges.#.node.id": { d, i in try d.node?.note?.author?.notes.nodes.at(i[0]).id },
                "node.author.notes.edges.#.node.text": { d, i in try d.node?.note?.author?.notes.nodes.at(i[0]).text },
            ]),
        "TestTokenizerQuery": .of(
            TestTokenizerQuery.self,
            reads: [
                "tokenizer.id": { d, _ in d.tokenizer?.id },
                "tokenizer.text": { d, _ in d.tokenizer?.text },
                "tokenizer.strings": { d, _ in d.tokenizer?.strings },
                "tokenizer.count": { d, _ in d.tokenizer?.count },
                "tokenizer.counts": { d, _ in d.tokenizer?.counts },
                "tokenizer.ratio": { d, _ in d.tokenizer?.ratio },
                "tokenizer.ratios": { d, _ in d.tokenizer?.ratios },
                "tokenizer.flag": { d, _ in d.tokenizer?.flag },
                "tokenizer.flags": { d, _ in d.tokenizer?.flags },
            ]),
        // The operations the `transport` script sends, bound for their requests alone.
        "TestPinnedCharacter": .of(TestPinnedCharacter.self),
        "TestCharactersWithStatus": .of(TestCharactersWithStatus.self),
        "TestPricedAssetsQuery": .of(TestPricedAssetsQuery.self),
        "TestFilteredCharacters": .of(TestFilteredCharacters.self),
    ]
}
