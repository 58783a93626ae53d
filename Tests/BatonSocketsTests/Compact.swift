/// Payload text without spaces, so a server's JSON spacing does not matter.
func compact(_ text: String) -> String { text.filter { $0 != " " } }
