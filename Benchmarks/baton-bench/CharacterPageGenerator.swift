/// A seeded page of Rick and Morty characters shaped like the public API's `characters(page:)`
/// response for the benchmark query: real-looking names, statuses and dates, a pool of 51 episodes
/// and 126 locations shared between characters (so records repeat as in a real page), origins that
/// are sometimes unknown (id and dimension null, as the API answers them), and a long tail of
/// characters who appear in many episodes.
struct CharacterPageGenerator {
    var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    private static let firstNames = [
        "Rick", "Morty", "Summer", "Beth", "Jerry", "Abadango", "Abradolf", "Adjudicator",
        "Agency", "Alan", "Albert", "Alexander", "Alien", "Amish", "Annie", "Antenna",
        "Ants", "Aqua", "Arcade", "Armagheadon", "Armothy", "Arthricia", "Baby", "Bearded",
        "Beebo", "Benjamin", "Bepisian", "Beta", "Bill", "Birdperson", "Blim", "Blue",
    ]
    private static let lastNames = [
        "Sanchez", "Smith", "Cluster Princess", "Lincler", "Rick", "Director", "Rails",
        "Einstein", "Doctor", "Lady", "Man", "Shrimp", "Morty", "Cop", "Footleg",
        "Shmlamantha", "Trooper", "Glorbo", "Mr. Needful", "Squanchy", "Poopybutthole",
    ]
    private static let statuses = ["Alive", "Alive", "Alive", "Dead", "Dead", "unknown"]
    private static let species = [
        "Human", "Human", "Human", "Alien", "Alien", "Humanoid", "Robot", "Mythological Creature",
        "Animal", "Cronenberg", "Poopybutthole", "Disease", "unknown",
    ]
    private static let kinds = [
        "", "", "", "", "", "Genetic experiment", "Superhuman (Ghost trains summoner)",
        "Parasite", "Fish-Person", "Cromulon", "Self-aware arm",
    ]
    private static let genders = ["Male", "Male", "Male", "Female", "Female", "unknown", "Genderless"]
    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ]
    private static let words = [
        "Pilot", "Lawnmower", "Dog", "Anatomy", "Park", "M. Night", "Shaym-Aliens!", "Meeseeks",
        "and", "Destroy", "Rick", "Potion", "Raising", "Gazorpazorp", "Rixty", "Minutes",
        "Something", "Ricked", "This", "Way", "Comes", "Close", "Rick-counters", "of", "the",
        "Ricklantis", "Mixup", "Ricktional", "Mortpoon", "Vat", "Acid", "Wedding", "Squanchers",
    ]

    private mutating func pick(_ values: [String]) -> String { values[Int(random.next() % UInt64(values.count))] }
    private mutating func number(_ range: Range<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }

    private mutating func timestamp(year: Int) -> String {
        let time =
            "\(year)-\(pad(number(1..<13)))-\(pad(number(1..<29)))T\(pad(number(0..<24))):\(pad(number(0..<60))):\(pad(number(0..<60))).\(number(100..<1000))Z"
        return "\"" + time + "\""
    }

    private func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// JSON text of the whole response (`{"data":{"characters":{…}}}`) for `count` characters. Every
    /// id (characters', episodes', locations') is moved by `idBase`, so pages of other bases share no
    /// record; the rest of the text does not depend on it.
    mutating func page(characters count: Int, idBase: Int = 0) -> [UInt8] {
        let episodes = (1...51).map { id -> String in
            let title = (0..<number(1..<4)).map { _ in pick(Self.words) }.joined(separator: " ")
            let code = "S0\((id - 1) / 11 + 1)E\(pad((id - 1) % 11 + 1))"
            let aired = "\(pick(Self.months)) \(number(1..<29)), \(2013 + (id - 1) / 11)"
            return "{\"id\":\"\(idBase + id)\",\"name\":\"\(title)\",\"air_date\":\"\(aired)\",\"episode\":\"\(code)\"}"
        }
        let locations = (1...126).map { id -> (full: String, short: String) in
            let name = pick(Self.words) + " " + pick(["Planet", "Dimension", "Citadel", "Station", "Earth (C-\(number(100..<999)))"])
            let dimension = pick([
                "\"Dimension C-137\"", "\"Replacement Dimension\"", "\"unknown\"", "\"Cronenberg Dimension\"",
                "\"Fantasy Dimension\"", "null",
            ])
            return (
                "{\"id\":\"\(idBase + id)\",\"name\":\"\(name)\",\"dimension\":\(dimension)}",
                "{\"id\":\"\(idBase + id)\",\"name\":\"\(name)\"}"
            )
        }
        var text = "{\"data\":{\"characters\":{\"info\":{\"count\":\(count * 7),\"pages\":7,\"next\":2,\"prev\":null},\"results\":["
        for index in 0..<count {
            let id = idBase + index + 1
            if index > 0 { text += "," }
            text += "{\"id\":\"\(id)\",\"name\":\"\(pick(Self.firstNames)) \(pick(Self.lastNames))\""
            text += ",\"status\":\"\(pick(Self.statuses))\",\"species\":\"\(pick(Self.species))\""
            text += ",\"type\":\"\(pick(Self.kinds))\",\"gender\":\"\(pick(Self.genders))\""
            // About one origin in five is unknown, as the API writes it: no id, no dimension.
            if random.next() % 5 == 0 {
                text += ",\"origin\":{\"id\":null,\"name\":\"unknown\",\"dimension\":null}"
            } else {
                text += ",\"origin\":" + locations[number(0..<locations.count)].full
            }
            text += ",\"location\":" + locations[number(0..<locations.count)].short
            text += ",\"image\":\"https://rickandmortyapi.com/api/character/avatar/\(id).jpeg\""
            // Most characters appear in a few episodes; one in twelve in many.
            let appearances = random.next() % 12 == 0 ? number(12..<51) : number(1..<6)
            let first = number(0..<(51 - appearances + 1))
            text += ",\"episode\":[" + episodes[first..<(first + appearances)].joined(separator: ",") + "]"
            text += ",\"created\":" + timestamp(year: 2017) + "}"
        }
        text += "]}}}"
        return Array(text.utf8)
    }
}
