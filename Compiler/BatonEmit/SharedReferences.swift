import BatonPlans
import BatonSchema
import BatonTransforms

/// Everything the per-source outputs name from the shared file, gathered while they are written:
/// types, storage-key constants, guards, abstract slots, membership tables, enums and input
/// objects. The shared file declares exactly these, sorted.
final class SharedReferences {
    var types: Set<String> = []
    var slots: Set<SlotReference> = []
    var guards: Set<PlanGuard> = []
    var abstractSlots: [String: StorageKey] = [:]
    var members: Set<String> = []
    var enums: Set<String> = []
    var inputObjects: Set<String> = []
    /// `Sites` constant name → its declaration.
    var sites: [String: String] = [:]

    /// `Types.X`.
    func type(_ name: String) -> String {
        types.insert(name)
        return "Types." + SwiftSpelling.typeConstant(name)
    }

    /// `Slots.X.name`.
    func slot(_ reference: SlotReference) -> String {
        slots.insert(reference)
        types.insert(reference.type)
        return "Slots." + SwiftSpelling.typeConstant(reference.type) + "." + SwiftSpelling.identifier(reference.constantName)
    }

    /// `AbstractSlots.name`.
    func abstractSlot(_ key: StorageKey) -> String {
        let name = StorageKeyNaming.constantName(key)
        abstractSlots[name] = key
        return "AbstractSlots." + SwiftSpelling.identifier(name)
    }

    func guardConstant(_ value: PlanGuard) -> String {
        guards.insert(value)
        return "Guards." + SwiftSpelling.identifier(value.constantName)
    }

    /// `Types.X_possible`.
    func membership(_ abstractType: String) -> String {
        members.insert(abstractType)
        types.insert(abstractType)
        return "Types." + abstractType + "_possible"
    }
}
