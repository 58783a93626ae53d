import BatonTransforms

/// The one naming function for storage-key constants (`Slots.Character.name`,
/// `Slots.Query.character_3f9a2c`): the emitter declares and refers to them by it, and the
/// language server shows it on hover. A key without arguments is named by its field; a key with
/// arguments by its field and six hex digits of a hash of its whole text (variables as `$name`),
/// so the name is stable whatever else the target holds.
package enum StorageKeyNaming {
    package static func constantName(_ key: StorageKey) -> String {
        guard !key.arguments.isEmpty else {
            // Names generated code spells inside `Slots` must not be shadowed by a constant.
            return reserved.contains(key.fieldName) ? key.fieldName + "_" : key.fieldName
        }
        return key.fieldName + "_" + String(PersistedDocumentID.id(of: templateText(key), algorithm: .sha256).prefix(6))
    }

    static let reserved: Set<String> = ["Baton", "Types", "Slots", "Guards", "AbstractSlots", "Swift", "Foundation"]

    /// The key's text with each variable written `$name`: what the name hashes and what comments show.
    package static func templateText(_ key: StorageKey) -> String {
        var parts: [String] = []
        for argument in key.arguments {
            var text = argument.name + ":"
            for segment in argument.segments {
                switch segment {
                case .literal(let literal): text += literal
                case .variable(let name): text += "$" + name
                }
            }
            parts.append(text)
        }
        return parts.isEmpty ? key.fieldName : key.fieldName + "(" + parts.joined(separator: ",") + ")"
    }
}
