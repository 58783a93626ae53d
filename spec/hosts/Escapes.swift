let 名前 = "🎉"; @Query("query Same { a }") var same: SameQuery
@Query("query Esc { a(s: \"é\u{1F600}\\n\")\n  b }") var esc: EscQuery
@Fragment(#"fragment Raw on T { a(s: "\#t\n🎉") b }"#) var raw: Raw
@Fragment("""
    fragment Joined on T { a \
    b }
    """) var joined: Joined
