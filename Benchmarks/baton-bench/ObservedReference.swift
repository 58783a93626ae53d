import Observation

/// What the `@Observable` macro writes for a class with eight stored properties, by hand (the macro
/// plugin is not needed to build the benchmark): each getter registers its key path and returns the
/// field; `created` is settable, so a change fires the scopes that read it. The tracked read figures
/// are printed beside reads of these, the cost Observation itself puts on any tracked property read.
final class ObservedCharacter: Observable, @unchecked Sendable {
    private let registrar = ObservationRegistrar()
    private var values: [String?]

    init(_ values: [String?]) { self.values = values }

    var id: String? {
        registrar.access(self, keyPath: \.id)
        return values[0]
    }
    var name: String? {
        registrar.access(self, keyPath: \.name)
        return values[1]
    }
    var status: String? {
        registrar.access(self, keyPath: \.status)
        return values[2]
    }
    var species: String? {
        registrar.access(self, keyPath: \.species)
        return values[3]
    }
    var type: String? {
        registrar.access(self, keyPath: \.type)
        return values[4]
    }
    var gender: String? {
        registrar.access(self, keyPath: \.gender)
        return values[5]
    }
    var image: String? {
        registrar.access(self, keyPath: \.image)
        return values[6]
    }
    var created: String? {
        get {
            registrar.access(self, keyPath: \.created)
            return values[7]
        }
        set { registrar.withMutation(of: self, keyPath: \.created) { values[7] = newValue } }
    }
}
