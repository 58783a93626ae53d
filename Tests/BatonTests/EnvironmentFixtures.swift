@_spi(Generated) import Baton
import BatonTesting
import Foundation

// The hand-written test operations become requestable here, with the documents batonc prints.
extension TestHeaderQuery: Baton.Query {
    static let document: Baton.Document = .text(
        "query TestHeaderQuery($id:ID!){character(id:$id){...TestHeader_character,id}} fragment TestHeader_character on Character{name,status,species,image,origin{name,id}}"
    )
}

extension TestConditions: Baton.Query {
    static let document: Baton.Document = .text(
        "query TestConditions($id:ID!,$withOrigin:Boolean!,$hideStatus:Boolean!){character(id:$id){id}}")
}

extension TestKeys: Baton.Query {
    static let document: Baton.Document = .text(
        #"query TestKeys($id:ID!,$name:String){search(name:"$0.00"){__typename,...on Node{__isNode:__typename,id}},character(id:"a,b"){name,id},charactersByIds(ids:[$id,"2"]){name,id},characters(filter:{status:"Alive",name:$name}){info{count}}}"#
    )
}

extension TestRename: Baton.Mutation {
    static let document: Baton.Document = .text("mutation TestRename($id:ID!,$name:String!){rename(id:$id,name:$name){character{id,name}}}")
}

/// TestStrictQuery under `@throwOnFieldError`: its root lens weighs the character's name and species.
struct StrictQuery: Baton.Query {
    static let name = "TestStrictQuery"
    static let document: Baton.Document = .text("query TestStrictQuery($id:ID!)@throwOnFieldError{character(id:$id){id,name,species}}")
    static let plan = TestStrictQuery.plan
    var id: String
    var variables: Baton.Variables { ["id": .string(id)] }

    struct Data: Baton.ThrowingRoot {
        static let errorScope = Baton.ErrorScope(
            [],
            links: [
                .init(Slots.Query.character_id, Baton.ErrorScope([Slots.Character.name, Slots.Character.species]))
            ])
        let anchor: Baton.Anchor
        init(anchor: Baton.Anchor) { self.anchor = anchor }
        @MainActor var character: TestStrictQuery.Data.Character? { anchor.read(link: Slots.Query.character_id) }
    }
}

/// TestHeaderQuery that says its data stays fresh 30 seconds (`@cacheExpiration(seconds: 30)`).
struct FreshHeaderQuery: Baton.Query, Baton.CacheExpiring {
    static let name = "TestFreshCharacter"
    static let document = TestHeaderQuery.document
    static let plan = TestHeaderQuery.plan
    static let cacheExpiration: Duration = .seconds(30)
    var id: String
    var variables: Baton.Variables { ["id": .string(id)] }
    typealias Data = TestHeaderQuery.Data
}

@MainActor enum EnvironmentFixtures {
    static func header(_ id: String) -> TestHeaderQuery { TestHeaderQuery(id: id) }

    static func response(_ path: String) throws -> [UInt8] { try Fixtures.bytes(path) }

    /// A held request for the operation named `name`, the latest one.
    static func held(_ transport: ScriptedTransport, _ name: String, variables: Variables? = nil) -> ScriptedTransport.Held? {
        transport.held.last {
            $0.request.operationName == name && !$0.isAnswered && (variables == nil || $0.request.variables == variables)
        }
    }

    /// The response a script names `malformed`: neither data nor errors.
    nonisolated static let malformed = Array(#"{"extensions":{}}"#.utf8)
    /// A request failure: errors, no data.
    nonisolated static let requestFailure = Array(
        #"{"data":null,"errors":[{"message":"not allowed","path":["character"],"extensions":{"code":"FORBIDDEN"}}]}"#.utf8)

    struct Offline: Error, Equatable {}

    /// Whether the phase is that kind.
    static func name<D>(_ phase: Phase<D>) -> PhaseKind { phase.kind }
}
