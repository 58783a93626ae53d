/// The generated-code format this runtime reads. Generated code names it once
/// (`static let format = Baton.Format2.self` in `Types`), so code generated for another format fails
/// to compile at that line, asking for a rebuild, instead of misreading plans. Raised on both sides in
/// one commit whenever the shape of plans or lens reads changes.
public enum Format2 {}
