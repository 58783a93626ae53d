import BatonCompiler
import BatonEmit
import BatonPlans
import BatonTransforms
import Testing

@Suite struct NamingTests {
    @Test func spreadAccessors() {
        #expect(LensNaming.spreadAccessorName(fragment: "CharacterHeader_character") == "characterHeader")
        #expect(LensNaming.spreadAccessorName(fragment: "IssueRow_issue") == "issueRow")
        #expect(LensNaming.spreadAccessorName(fragment: "HTMLRow_item") == "htmlRow")
        #expect(LensNaming.spreadAccessorName(fragment: "Plain") == "plain")
        #expect(LensNaming.spreadAccessorName(fragment: "Row_character", alias: "again") == "again")
    }

    @Test func namesKeptOffWhatGeneratedCodeSpells() {
        #expect(LensNaming.nestedLensName(responseKey: "origin") == "Origin")
        #expect(LensNaming.nestedLensName(responseKey: "string") == "String_")
        #expect(LensNaming.nestedLensName(responseKey: "mainActor") == "MainActor_")
        #expect(LensNaming.nestedLensName(responseKey: "_") == "Underscore_")
        #expect(LensNaming.fieldAccessorName(responseKey: "anchor") == "anchor_")
        #expect(LensNaming.fieldAccessorName(responseKey: "Types") == "Types_")
        #expect(LensNaming.fieldAccessorName(responseKey: "_") == "__")
        #expect(LensNaming.fieldAccessorName(responseKey: "name") == "name")
        #expect(LensNaming.variablePropertyName("variables") == "variables_")
        #expect(LensNaming.variablePropertyName("selection0") == "selection0_")
        #expect(LensNaming.variablePropertyName("id") == "id")
        #expect(LensNaming.enumTypeName("Result") == "ResultEnum")
        #expect(LensNaming.inputTypeName("Data") == "DataInput")
        #expect(LensNaming.enumCaseName("unknown") == "unknown_")
        #expect(SwiftSpelling.identifier("default") == "`default`")
        #expect(SwiftSpelling.typeConstant("Types") == "Types_")
        #expect(SwiftSpelling.typeConstant("transient") == "transient_")  // `Types.transient` is the lists
    }

    @Test func storageKeyConstants() {
        let plain = StorageKey(fieldName: "name", arguments: [])
        #expect(StorageKeyNaming.constantName(plain) == "name")
        let constant = StorageKey(fieldName: "character", arguments: [KeyArgument(name: "id", segments: [.literal("\"9\"")])])
        let dynamic = StorageKey(fieldName: "character", arguments: [KeyArgument(name: "id", segments: [.variable("id")])])
        let constantName = StorageKeyNaming.constantName(constant)
        #expect(constantName.hasPrefix("character_") && constantName.count == "character_".count + 6)
        #expect(constantName != StorageKeyNaming.constantName(dynamic))
        #expect(StorageKeyNaming.constantName(constant) == constantName)
        #expect(StorageKeyNaming.templateText(dynamic) == "character(id:$id)")
        #expect(StorageKeyNaming.constantName(StorageKey(fieldName: "Baton", arguments: [])) == "Baton_")
    }

    @Test func outputNames() {
        #expect(GenerateCommand.outputName(forSource: "Sources/App/Screen.swift") == "Sources_App_Screen.baton.swift")
        #expect(GenerateCommand.outputName(forSource: "docs/Query.graphql") == "docs_Query.graphql.baton.swift")
        #expect(GenerateCommand.outputName(forSource: "Screen.swift") == "Screen.baton.swift")
    }
}
