import FeedModel

/// Photo captions and comments of 20–400 characters, generated from word lists in several
/// languages (mostly English, as a feed's would be), with occasional mentions, hashtags, URLs,
/// emoji and CJK, from a seeded generator.
struct CaptionGenerator {
    private var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    static let languages: [[String]] = [
        // English
        """
        the a sunset over beach with my friends today amazing view coffee morning walk in park love this \
        place city lights never gets old weekend vibes golden hour mountains hiking trail finally made it \
        best day ever dinner at new restaurant dog puppy cat sleeping on couch street photography rainy \
        afternoon old town summer trip memories family reunion birthday cake homemade bread garden flowers
        """.split(separator: " ").map(String.init),
        // German
        """
        der die das Sonnenuntergang am Strand mit meinen Freunden heute wunderschön Aussicht Kaffee \
        Morgenspaziergang im Park Wochenende Bergwanderung endlich geschafft Geburtstagskuchen \
        Straßenfotografie Sommerurlaub Erinnerungen Familientreffen Donaudampfschifffahrt gemütlich
        """.split(separator: " ").map(String.init),
        // French
        """
        le la les coucher de soleil sur plage avec mes amis aujourd'hui magnifique vue café matin \
        promenade dans parc week-end randonnée enfin réussi gâteau d'anniversaire souvenirs été \
        très belle journée « incroyable » vraiment ! génial ?
        """.split(separator: " ").map(String.init),
        // Spanish
        """
        el la atardecer en playa con mis amigos hoy increíble vista café mañana paseo por parque fin \
        de semana montaña sendero por fin lo logré pastel de cumpleaños recuerdos verano ¡qué bonito! ¿verdad?
        """.split(separator: " ").map(String.init),
        // Greek
        """
        ηλιοβασίλεμα στην παραλία με τους φίλους μου σήμερα υπέροχη θέα καφές πρωινή βόλτα στο πάρκο \
        Σαββατοκύριακο βουνό καλοκαίρι αναμνήσεις οικογένεια
        """.split(separator: " ").map(String.init),
        // Russian
        """
        закат на пляже с друзьями сегодня потрясающий вид кофе утренняя прогулка в парке выходные \
        горы наконец-то лето воспоминания семья день рождения торт
        """.split(separator: " ").map(String.init),
    ]

    static let extras: [String] = [
        "😀", "😍", "🔥", "❤️", "🌅", "☕", "🏖️", "👍", "🎉", "#sunset", "#travel", "#photography", "@alice",
        "@bob_smith", "https://example.com/p/8f3kd92", "www.photos.example.org/summer", "東京", "北京烤鸭",
        "2024", "12:30", "3.5km", "100%",
    ]

    /// One caption of a random length in 20...400 characters.
    mutating func next() -> String {
        let target = Int.random(in: 20...400, using: &random)
        let language = Int.random(in: 0..<10, using: &random)
        let words = Self.languages[language < 5 ? 0 : language - 4]
        var caption = ""
        var sentenceStart = true
        while caption.count < target {
            var word = Int.random(in: 0..<12, using: &random) == 0
                ? Self.extras[Int.random(in: 0..<Self.extras.count, using: &random)]
                : words[Int.random(in: 0..<words.count, using: &random)]
            if sentenceStart, let first = word.first {
                word = first.uppercased() + word.dropFirst()
            }
            caption += caption.isEmpty ? word : " " + word
            sentenceStart = Int.random(in: 0..<9, using: &random) == 0
            if sentenceStart { caption += Bool.random(using: &random) ? "." : "," }
        }
        if caption.count > target { caption = String(caption.prefix(target)) }
        caption = caption.trimmingTrailingSpace()
        while caption.count < 20 { caption += "!" }
        return caption
    }
}

extension String {
    func trimmingTrailingSpace() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
