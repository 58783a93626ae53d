// Written by hand exactly as batonc is to emit it (the shared file of a target): types and
// storage-key constants, numbered by the process on first touch. The lenses beside it are held to
// batonc's reads by BatonConformanceTests/HandWrittenLensesTests.
import Foundation
@_spi(Generated) import Baton

enum Types {
    static let Query = Baton.Registry.type("Query")
    static let Character = Baton.Registry.type("Character")
    static let Characters = Baton.Registry.type("Characters")
    static let Location = Baton.Registry.type("Location")
    static let Episode = Baton.Registry.type("Episode")
    static let Info = Baton.Registry.type("Info")
    static let Tokenizer = Baton.Registry.type("Tokenizer")
    static let Quote = Baton.Registry.type("Quote")
    static let SearchResult = Baton.Registry.type("SearchResult")
    static let Node = Baton.Registry.type("Node")
    static let Note = Baton.Registry.type("Note")
    static let Robot = Baton.Registry.type("Robot")
    static let NoteConnection = Baton.Registry.type("NoteConnection")
    static let NoteEdge = Baton.Registry.type("NoteEdge")
    static let PageInfo = Baton.Registry.type("PageInfo")
    static let Node_possible = Baton.Members("Node", [Types.Character, Types.Location, Types.Episode, Types.Note])
    static let Asset = Baton.Registry.type("Asset")
    static let Mutation = Baton.Registry.type("Mutation")
    static let FavoritePayload = Baton.Registry.type("FavoritePayload")
    static let AddNotePayload = Baton.Registry.type("AddNotePayload")
    static let Subscription = Baton.Registry.type("Subscription")
    static let NoteAddedPayload = Baton.Registry.type("NoteAddedPayload")
    static let RemoveNotePayload = Baton.Registry.type("RemoveNotePayload")
}

enum Slots {
    enum Query {
        static let character_id = Baton.DynamicKey(Types.Query, "character", [.init("id", [.variable("id")])])
        static let character_2c1f0a = Baton.Registry.slot(Types.Query, "character(id:\"a,b\")")
        static let characters_page = Baton.DynamicKey(Types.Query, "characters", [.init("page", [.variable("page")])])
        static let characters_filter = Baton.DynamicKey(Types.Query, "characters", [
            .init("filter", [.literal("{\"name\":"), .variable("name"), .literal(",\"status\":\"Alive\"}")]),
        ])
        static let charactersByIds_ids = Baton.DynamicKey(Types.Query, "charactersByIds", [
            .init("ids", [.literal("["), .variable("id"), .literal(",\"2\"]")]),
        ])
        static let search_7d0e2b = Baton.Registry.slot(Types.Query, "search(name:\"$0.00\")")
        static let search_name = Baton.DynamicKey(Types.Query, "search", [.init("name", [.variable("name")])])
        static let tokenizer = Baton.Registry.slot(Types.Query, "tokenizer")
        static let notes_first2 = Baton.Registry.slot(Types.Query, "notes(first:2)")
        static let __TestRootNotes_notes_connection = Baton.Registry.clientSlot(Types.Query, "__TestRootNotes_notes_connection")
        static let assets = Baton.Registry.slot(Types.Query, "assets")
        static let quotes = Baton.Registry.slot(Types.Query, "quotes")
        static let asset_uuid = Baton.DynamicKey(Types.Query, "asset", [.init("uuid", [.variable("uuid")])])
        static let node_id = Baton.DynamicKey(Types.Query, "node", [.init("id", [.variable("id")])])
        static let quote_base_quote = Baton.DynamicKey(Types.Query, "quote", [
            .init("base", [.variable("base")]), .init("quote", [.variable("quote")]),
        ])
    }
    enum Note {
        static let id = Baton.Registry.slot(Types.Note, "id")
        static let text = Baton.Registry.slot(Types.Note, "text")
        static let author = Baton.Registry.slot(Types.Note, "author")
    }
    enum NoteConnection {
        static let totalCount = Baton.Registry.slot(Types.NoteConnection, "totalCount")
        static let edges = Baton.Registry.slot(Types.NoteConnection, "edges")
        static let pageInfo = Baton.Registry.slot(Types.NoteConnection, "pageInfo")
    }
    enum NoteEdge {
        static let node = Baton.Registry.slot(Types.NoteEdge, "node")
        static let cursor = Baton.Registry.slot(Types.NoteEdge, "cursor")
    }
    enum PageInfo {
        static let endCursor = Baton.Registry.slot(Types.PageInfo, "endCursor")
        static let hasNextPage = Baton.Registry.slot(Types.PageInfo, "hasNextPage")
        static let hasPreviousPage = Baton.Registry.slot(Types.PageInfo, "hasPreviousPage")
        static let startCursor = Baton.Registry.slot(Types.PageInfo, "startCursor")
    }
    enum Mutation {
        static let setFavorite = Baton.Registry.slot(Types.Mutation, "setFavorite")
        static let rename = Baton.Registry.slot(Types.Mutation, "rename")
        static let removeNote = Baton.Registry.slot(Types.Mutation, "removeNote")
        static let addNote = Baton.Registry.slot(Types.Mutation, "addNote")
    }
    enum Subscription {
        static let noteAdded_characterId = Baton.DynamicKey(Types.Subscription, "noteAdded", [.init("characterId", [.variable("characterId")])])
    }
    enum NoteAddedPayload {
        static let noteEdge = Baton.Registry.slot(Types.NoteAddedPayload, "noteEdge")
    }
    enum AddNotePayload {
        static let noteEdge = Baton.Registry.slot(Types.AddNotePayload, "noteEdge")
        static let note = Baton.Registry.slot(Types.AddNotePayload, "note")
    }
    enum FavoritePayload {
        static let character = Baton.Registry.slot(Types.FavoritePayload, "character")
    }
    enum RemoveNotePayload {
        static let removedNoteId = Baton.Registry.slot(Types.RemoveNotePayload, "removedNoteId")
    }
    enum Asset {
        static let id = Baton.Registry.slot(Types.Asset, "id")
        static let uuid = Baton.Registry.slot(Types.Asset, "uuid")
        static let name = Baton.Registry.slot(Types.Asset, "name")
        static let size = Baton.Registry.slot(Types.Asset, "size")
        static let owner = Baton.Registry.slot(Types.Asset, "owner")
        static let price = Baton.Registry.slot(Types.Asset, "price")
        static let listedAt = Baton.Registry.slot(Types.Asset, "listedAt")
        static let page = Baton.Registry.slot(Types.Asset, "page")
        static let prices = Baton.Registry.slot(Types.Asset, "prices")
    }
    enum Character {
        static let favorite = Baton.Registry.slot(Types.Character, "favorite")
        static let notes_first2 = Baton.Registry.slot(Types.Character, "notes(first:2)")
        static let notes_last2 = Baton.Registry.slot(Types.Character, "notes(last:2)")
        static let notes_first_after = Baton.DynamicKey(Types.Character, "notes", [
            .init("after", [.variable("cursor")]), .init("first", [.variable("count")]),
        ])
        static let notes_before_last = Baton.DynamicKey(Types.Character, "notes", [
            .init("before", [.variable("cursor")]), .init("last", [.variable("count")]),
        ])
        static let __TestNotes_notes_connection = Baton.Registry.clientSlot(Types.Character, "__TestNotes_notes_connection")
        static let __TestRecentNotes_notes_connection = Baton.Registry.clientSlot(Types.Character, "__TestRecentNotes_notes_connection")
        static let __TestAuthorNotes_notes_connection = Baton.Registry.clientSlot(Types.Character, "__TestAuthorNotes_notes_connection")
        static let id = Baton.Registry.slot(Types.Character, "id")
        static let name = Baton.Registry.slot(Types.Character, "name")
        static let status = Baton.Registry.slot(Types.Character, "status")
        static let species = Baton.Registry.slot(Types.Character, "species")
        static let type = Baton.Registry.slot(Types.Character, "type")
        static let gender = Baton.Registry.slot(Types.Character, "gender")
        static let image = Baton.Registry.slot(Types.Character, "image")
        static let origin = Baton.Registry.slot(Types.Character, "origin")
        static let location = Baton.Registry.slot(Types.Character, "location")
        static let episode = Baton.Registry.slot(Types.Character, "episode")
    }
    enum Characters {
        static let results = Baton.Registry.slot(Types.Characters, "results")
        static let info = Baton.Registry.slot(Types.Characters, "info")
    }
    enum Location {
        static let type = Baton.Registry.slot(Types.Location, "type")
        static let id = Baton.Registry.slot(Types.Location, "id")
        static let name = Baton.Registry.slot(Types.Location, "name")
        static let origin = Baton.Registry.slot(Types.Location, "origin")
        static let dimension = Baton.Registry.slot(Types.Location, "dimension")
    }
    enum Episode {
        static let id = Baton.Registry.slot(Types.Episode, "id")
        static let name = Baton.Registry.slot(Types.Episode, "name")
        static let air_date = Baton.Registry.slot(Types.Episode, "air_date")
    }
    enum Info {
        static let count = Baton.Registry.slot(Types.Info, "count")
    }
    enum Tokenizer {
        static let id = Baton.Registry.slot(Types.Tokenizer, "id")
        static let text = Baton.Registry.slot(Types.Tokenizer, "text")
        static let strings = Baton.Registry.slot(Types.Tokenizer, "strings")
        static let count = Baton.Registry.slot(Types.Tokenizer, "count")
        static let counts = Baton.Registry.slot(Types.Tokenizer, "counts")
        static let ratio = Baton.Registry.slot(Types.Tokenizer, "ratio")
        static let ratios = Baton.Registry.slot(Types.Tokenizer, "ratios")
        static let flag = Baton.Registry.slot(Types.Tokenizer, "flag")
        static let flags = Baton.Registry.slot(Types.Tokenizer, "flags")
        static let json = Baton.Registry.slot(Types.Tokenizer, "json")
        static let jsons = Baton.Registry.slot(Types.Tokenizer, "jsons")
    }
    enum Quote {
        static let base = Baton.Registry.slot(Types.Quote, "base")
        static let quote = Baton.Registry.slot(Types.Quote, "quote")
        static let rate = Baton.Registry.slot(Types.Quote, "rate")
    }
}

enum Guards {
    static let withOrigin = Baton.Guard("withOrigin", passing: true)
    static let hideStatus = Baton.Guard("hideStatus", passing: false)
    static let again = Baton.Guard("again", passing: true)
}

enum AbstractSlots {
    static let id = Baton.AbstractSlot("id")
    static let name = Baton.AbstractSlot("name")
}
