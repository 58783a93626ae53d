/// The accessor lines generated code writes most: `read` of a built-in scalar at a constant slot. These are
/// concrete and compiled here, so overload resolution picks them over the generic reads; they are
/// called rather than inlined (a lens held by a view is borrowed for the call, not copied), and the
/// common case, a value of the field's own kind, is matched in place in the record's slot array
/// without copying the slot's `Value`. Anything else takes the generic conversion.
@_spi(Generated) extension Anchor {
    @MainActor public func read(_ key: Slot) -> String? {
        let ref = key.ref(in: self)
        record.track(ref)
        let index = Int(ref)
        if index >= 0 && index < record.fixed.count, case .string(let text)? = record.fixed[index] { return text }
        return convert(ref)
    }

    @MainActor public func read(_ key: Slot) -> Int? {
        let ref = key.ref(in: self)
        record.track(ref)
        let index = Int(ref)
        if index >= 0 && index < record.fixed.count, case .int(let number)? = record.fixed[index] { return number }
        return convert(ref)
    }

    @MainActor public func read(_ key: Slot) -> Double? {
        let ref = key.ref(in: self)
        record.track(ref)
        let index = Int(ref)
        if index >= 0 && index < record.fixed.count, case .float(let number)? = record.fixed[index] { return number }
        return convert(ref)
    }

    @MainActor public func read(_ key: Slot) -> Bool? {
        let ref = key.ref(in: self)
        record.track(ref)
        let index = Int(ref)
        if index >= 0 && index < record.fixed.count, case .bool(let flag)? = record.fixed[index] { return flag }
        return convert(ref)
    }

    @MainActor public func read(_ key: Slot) -> String {
        let ref = key.ref(in: self)
        record.track(ref)
        let index = Int(ref)
        if index >= 0 && index < record.fixed.count, case .string(let text)? = record.fixed[index] { return text }
        return convert(ref)
    }

    @MainActor public func read(_ key: Slot) -> Int {
        let ref = key.ref(in: self)
        record.track(ref)
        let index = Int(ref)
        if index >= 0 && index < record.fixed.count, case .int(let number)? = record.fixed[index] { return number }
        return convert(ref)
    }

    @MainActor public func read(_ key: Slot) -> Double {
        let ref = key.ref(in: self)
        record.track(ref)
        let index = Int(ref)
        if index >= 0 && index < record.fixed.count, case .float(let number)? = record.fixed[index] { return number }
        return convert(ref)
    }

    @MainActor public func read(_ key: Slot) -> Bool {
        let ref = key.ref(in: self)
        record.track(ref)
        let index = Int(ref)
        if index >= 0 && index < record.fixed.count, case .bool(let flag)? = record.fixed[index] { return flag }
        return convert(ref)
    }
}
