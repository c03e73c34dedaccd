//! The words that decide a plan, in the languages people switch to in the middle of an English
//! request ([`crate::Options::code_switch`]): a schedule (`ao mesmo tempo`, `nacheinander`), the
//! output (`solo el último resultado`), a row limit (`sadece ilk 5 satır`), a projection (`sirf
//! version aur status chahiye`), a condition (`agar ... fail ho jaye, toh ...`), a retry (`kalau
//! gagal, coba lagi`), a sort, a filter or a count (`trié par`, `kitne hain?`), while the tools,
//! the values and the rest of the sentence stay English.
//!
//! Each language keeps its own words apart from the others' where they would mean different
//! things (Dutch `dan` is `then`, Indonesian `dan` is `and`: only the Indonesian one is drawn).
//! The train and dev splits draw these; the test split never does.

/// One language's words for the cues that decide a plan. Phrases carry their own leading
/// punctuation the way the English pools of [`crate::render`] do (`", luego"`, `" a la vez"`).
pub(crate) struct Tongue {
    /// Before the calls, for a parallel schedule (`Al mismo tiempo,`).
    pub parallel_pre: &'static [&'static str],
    /// After the calls, for a parallel schedule (` a la vez`).
    pub parallel_post: &'static [&'static str],
    /// Between two calls, for a parallel schedule (`, y al mismo tiempo`).
    pub parallel_join: &'static [&'static str],
    /// Before the calls, for a serial schedule (`Uno por uno:`).
    pub serial_pre: &'static [&'static str],
    /// After the calls, for a serial schedule (`, en orden`).
    pub serial_post: &'static [&'static str],
    /// Between two calls, for a serial schedule (`, luego`).
    pub serial_join: &'static [&'static str],
    /// Between two calls that name no schedule (` y`).
    pub neutral_join: &'static [&'static str],
    /// Every result (`dame todos los resultados`).
    pub out_all: &'static [&'static str],
    /// The last result only (`solo el último resultado`).
    pub out_last: &'static [&'static str],
    /// Row limits as the words before and after the number (`solo los primeros`, `filas`).
    pub limit: &'static [(&'static str, &'static str)],
    /// The word that opens a condition on a call (`si`).
    pub cond_if: &'static [&'static str],
    /// What the call does, said after it (`falla`, `no devuelve nada`).
    pub outcome: &'static [&'static str],
    /// The word before the guarded call (`entonces`); empty where the language leaves it out.
    pub cond_then: &'static [&'static str],
    /// A retry said after the call (`si falla, inténtalo otra vez`).
    pub retry: &'static [&'static str],
    /// A retry until it works, said after the call (`y sigue intentando hasta que funcione`).
    pub keep_trying: &'static [&'static str],
    /// A projection as the words before and after the field names (`solo`, ``).
    pub fields: &'static [(&'static str, &'static str)],
    /// The word before the last field name (`y`).
    pub and: &'static str,
    /// A sort as the words before and after the property (`ordenado por`, ``).
    pub sort_by: &'static [(&'static str, &'static str)],
    /// A filter on a property above a number: the words before the property, between it and the
    /// number, and after the number (`solo los que tengan`, `mayor que`, ``).
    pub filter_above: &'static [(&'static str, &'static str, &'static str)],
    /// A count of the rows instead of the rows (`¿cuántos hay?`).
    pub count: &'static [&'static str],
}

/// The languages, one record drawing at most one of them.
pub(crate) const TONGUES: &[Tongue] = &[
    // Spanish.
    Tongue {
        parallel_pre: &["Al mismo tiempo,", "A la vez,", "Todo junto:"],
        parallel_post: &[
            " al mismo tiempo",
            " a la vez",
            ", todo junto",
            " en paralelo",
        ],
        parallel_join: &[", y al mismo tiempo", ", y a la vez"],
        serial_pre: &["Uno por uno:", "En orden:", "Uno tras otro:"],
        serial_post: &[", uno por uno", ", en orden", ", uno tras otro"],
        serial_join: &[", luego", ", y después", ". Después,", ", y luego"],
        neutral_join: &[" y", ", y también"],
        out_all: &["dame todos los resultados", "todos los resultados, porfa"],
        out_last: &["solo el último resultado", "nomás el resultado final"],
        limit: &[
            ("solo los primeros", ""),
            ("máximo", "filas"),
            ("los primeros", "nada más"),
        ],
        cond_if: &["si", "cuando"],
        outcome: &[
            "falla",
            "no devuelve nada",
            "da error",
            "sale vacío",
            "funciona",
        ],
        cond_then: &["entonces"],
        retry: &[
            "si falla, inténtalo otra vez",
            "si da error, vuelve a intentarlo",
        ],
        keep_trying: &[
            "y sigue intentando hasta que funcione",
            "e insiste hasta que salga",
        ],
        fields: &[("solo", ""), ("nomás", "")],
        and: "y",
        sort_by: &[("ordenado por", ""), ("ordénalos por", "de mayor a menor")],
        filter_above: &[
            ("solo los que tengan", "mayor que", ""),
            ("nomás donde", "pase de", ""),
        ],
        count: &["¿cuántos hay?", "solo dime cuántos son"],
    },
    // Portuguese.
    Tongue {
        parallel_pre: &["Ao mesmo tempo,", "Tudo junto:", "De uma vez só,"],
        parallel_post: &[
            " ao mesmo tempo",
            " juntos",
            ", tudo de uma vez",
            " em paralelo",
        ],
        parallel_join: &[", e ao mesmo tempo", ", e junto"],
        serial_pre: &["Um de cada vez:", "Em ordem:", "Um depois do outro:"],
        serial_post: &[", um de cada vez", ", em ordem", ", um depois do outro"],
        serial_join: &[", depois", ", e depois", ". Depois,", ", aí"],
        neutral_join: &[" e", ", e também"],
        out_all: &[
            "me manda todos os resultados",
            "todos os resultados, por favor",
        ],
        out_last: &["só o último resultado", "só o resultado final"],
        limit: &[
            ("só os primeiros", ""),
            ("no máximo", "linhas"),
            ("os primeiros", "só"),
        ],
        cond_if: &["se", "quando"],
        outcome: &[
            "falhar",
            "não retornar nada",
            "der erro",
            "vier vazio",
            "funcionar",
        ],
        cond_then: &["então", "aí"],
        retry: &["se falhar, tenta de novo", "se der erro, roda outra vez"],
        keep_trying: &[
            "e continua tentando até dar certo",
            "e insiste até funcionar",
        ],
        fields: &[("só", ""), ("só me mostra", "")],
        and: "e",
        sort_by: &[("ordenado por", ""), ("ordena por", "do maior pro menor")],
        filter_above: &[
            ("só os que têm", "maior que", ""),
            ("só onde", "passa de", ""),
        ],
        count: &["quantos tem?", "só me diz quantos são"],
    },
    // French.
    Tongue {
        parallel_pre: &["En même temps,", "En parallèle,", "D'un coup,"],
        parallel_post: &[" en même temps", " en parallèle", ", tout d'un coup"],
        parallel_join: &[", et en même temps", ", et en parallèle"],
        serial_pre: &["L'un après l'autre,", "Dans l'ordre,", "Un par un,"],
        serial_post: &[", l'un après l'autre", ", dans l'ordre", ", un par un"],
        serial_join: &[", puis", ", et ensuite", ". Ensuite,", ", et après"],
        neutral_join: &[" et", ", et aussi"],
        out_all: &["donne-moi tous les résultats", "tous les résultats, stp"],
        out_last: &["seulement le dernier résultat", "juste le résultat final"],
        limit: &[
            ("seulement les", "premières lignes"),
            ("maximum", "lignes"),
            ("juste les", "premiers"),
        ],
        cond_if: &["si", "quand"],
        outcome: &[
            "échoue",
            "ne renvoie rien",
            "plante",
            "revient vide",
            "marche",
        ],
        cond_then: &["alors", "dans ce cas"],
        retry: &["si ça échoue, réessaie", "si ça plante, relance-le"],
        keep_trying: &[
            "et réessaie jusqu'à ce que ça marche",
            "et insiste jusqu'à ce que ça passe",
        ],
        fields: &[("seulement", ""), ("juste", "stp")],
        and: "et",
        sort_by: &[
            ("trié par", ""),
            ("classé par", "du plus grand au plus petit"),
        ],
        filter_above: &[
            ("seulement ceux où", "dépasse", ""),
            ("juste ceux avec", "au-dessus de", ""),
        ],
        count: &["combien il y en a ?", "juste le nombre"],
    },
    // German.
    Tongue {
        parallel_pre: &["Gleichzeitig:", "Parallel:", "Alles auf einmal:"],
        parallel_post: &[
            " gleichzeitig",
            " parallel",
            ", alles auf einmal",
            " zusammen",
        ],
        parallel_join: &[", und gleichzeitig", ", und parallel dazu"],
        serial_pre: &["Nacheinander:", "Der Reihe nach:", "Eins nach dem anderen:"],
        serial_post: &[
            ", nacheinander",
            ", der Reihe nach",
            ", eins nach dem anderen",
        ],
        serial_join: &[", dann", ", danach", ". Danach", ", und dann"],
        neutral_join: &[" und", ", und auch"],
        out_all: &["alle Ergebnisse bitte", "gib mir alle Ergebnisse"],
        out_last: &["nur das letzte Ergebnis", "nur das Endergebnis"],
        limit: &[
            ("nur die ersten", ""),
            ("höchstens", "Zeilen"),
            ("maximal", "Zeilen"),
        ],
        cond_if: &["wenn", "falls"],
        outcome: &[
            "fehlschlägt",
            "nichts zurückgibt",
            "einen Fehler wirft",
            "leer ist",
            "klappt",
        ],
        cond_then: &["dann"],
        retry: &[
            "wenn es fehlschlägt, nochmal versuchen",
            "bei Fehler bitte wiederholen",
        ],
        keep_trying: &[
            "und so lange wiederholen, bis es klappt",
            "und nicht aufgeben, bis es geht",
        ],
        fields: &[("nur", ""), ("bitte nur", "")],
        and: "und",
        sort_by: &[("sortiert nach", ""), ("nach", "absteigend sortiert")],
        filter_above: &[
            ("nur die, wo", "über", "liegt"),
            ("nur die mit", "größer als", ""),
        ],
        count: &["wie viele sind es?", "nur die Anzahl"],
    },
    // Italian.
    Tongue {
        parallel_pre: &["Contemporaneamente,", "In parallelo,", "Tutto insieme:"],
        parallel_post: &[
            " insieme",
            " in parallelo",
            " contemporaneamente",
            ", tutto insieme",
        ],
        parallel_join: &[", e intanto", ", e contemporaneamente"],
        serial_pre: &["Uno alla volta:", "In ordine:", "Uno dopo l'altro:"],
        serial_post: &[", uno alla volta", ", in ordine", ", uno dopo l'altro"],
        serial_join: &[", poi", ", e dopo", ". Dopo,", ", e poi"],
        neutral_join: &[" e", ", e anche"],
        out_all: &["dammi tutti i risultati", "tutti i risultati, per favore"],
        out_last: &["solo l'ultimo risultato", "solo il risultato finale"],
        limit: &[
            ("solo le prime", "righe"),
            ("al massimo", "righe"),
            ("solo i primi", ""),
        ],
        cond_if: &["se", "quando"],
        outcome: &[
            "fallisce",
            "non restituisce niente",
            "dà errore",
            "torna vuoto",
            "funziona",
        ],
        cond_then: &["allora"],
        retry: &["se fallisce, riprova", "se dà errore, rilancialo"],
        keep_trying: &["e riprova finché non funziona", "e insisti finché non va"],
        fields: &[("solo", ""), ("mi servono solo", "")],
        and: "e",
        sort_by: &[("ordinato per", ""), ("ordinali per", "dal più alto")],
        filter_above: &[
            ("solo quelli con", "sopra", ""),
            ("solo dove", "supera", ""),
        ],
        count: &["quanti sono?", "solo il numero"],
    },
    // Dutch.
    Tongue {
        parallel_pre: &["Tegelijk:", "Tegelijkertijd:", "Allemaal tegelijk:"],
        parallel_post: &[" tegelijk", " tegelijkertijd", ", allemaal tegelijk"],
        parallel_join: &[", en tegelijk", ", en tegelijkertijd"],
        serial_pre: &["Na elkaar:", "Een voor een:", "Op volgorde:"],
        serial_post: &[", na elkaar", ", een voor een", ", op volgorde"],
        serial_join: &[", daarna", ", en daarna", ". Daarna", ", vervolgens"],
        neutral_join: &[" en", ", en ook"],
        out_all: &["geef alle resultaten", "alle resultaten graag"],
        out_last: &["alleen het laatste resultaat", "alleen het eindresultaat"],
        limit: &[
            ("alleen de eerste", ""),
            ("maximaal", "rijen"),
            ("hooguit", "rijen"),
        ],
        cond_if: &["als", "wanneer"],
        outcome: &[
            "mislukt",
            "niks teruggeeft",
            "een fout geeft",
            "leeg is",
            "lukt",
        ],
        cond_then: &[],
        retry: &[
            "als het mislukt, probeer opnieuw",
            "bij een fout nog een keer proberen",
        ],
        keep_trying: &["en blijf proberen tot het lukt", "en opnieuw tot het werkt"],
        fields: &[("alleen", ""), ("alleen", "graag")],
        and: "en",
        sort_by: &[("gesorteerd op", ""), ("sorteer op", "van hoog naar laag")],
        filter_above: &[
            ("alleen die met", "boven", ""),
            ("alleen waar", "hoger is dan", ""),
        ],
        count: &["hoeveel zijn het?", "alleen het aantal"],
    },
    // Hindi, in Latin letters.
    Tongue {
        parallel_pre: &["Ek saath,", "Saath saath,", "Sab ek saath:"],
        parallel_post: &[
            " ek saath",
            " saath mein",
            ", sab ek saath",
            " ek hi time pe",
        ],
        parallel_join: &[", aur saath hi", ", aur usi time"],
        serial_pre: &["Ek ek karke:", "Baari baari se:", "Ek ke baad ek:"],
        serial_post: &[", ek ek karke", ", baari baari se", ", ek ke baad ek"],
        serial_join: &[", phir", ", uske baad", ". Uske baad", ", aur phir"],
        neutral_join: &[" aur", ", aur bhi"],
        out_all: &["saare results de do", "sab results bhejo"],
        out_last: &["sirf last wala result", "bas aakhri result"],
        limit: &[
            ("sirf pehle", "rows"),
            ("zyada se zyada", "rows"),
            ("bas pehle", ""),
        ],
        cond_if: &["agar", "jab"],
        outcome: &[
            "fail ho jaye",
            "kuch na de",
            "error de",
            "khaali aaye",
            "chal jaye",
        ],
        cond_then: &["toh", "tab"],
        retry: &[
            "agar fail ho, dobara try karo",
            "error aaye toh phir se chalao",
        ],
        keep_trying: &[
            "aur jab tak na chale, try karte raho",
            "aur chalne tak dobara karo",
        ],
        fields: &[("sirf", "chahiye"), ("bas", "dikhao")],
        and: "aur",
        sort_by: &[("", "ke hisaab se sort karo"), ("", "wise order mein")],
        filter_above: &[
            ("sirf jinka", "", "se zyada ho"),
            ("bas woh jahan", "", "se upar hai"),
        ],
        count: &["kitne hain?", "bas count bata do"],
    },
    // Turkish.
    Tongue {
        parallel_pre: &["Aynı anda,", "Hepsi birlikte:", "Paralel olarak,"],
        parallel_post: &[" aynı anda", " birlikte", ", hepsi aynı anda"],
        parallel_join: &[", ve aynı anda", ", ve aynı zamanda"],
        serial_pre: &["Sırayla:", "Tek tek:", "Birer birer:"],
        serial_post: &[", sırayla", ", tek tek", ", birer birer"],
        serial_join: &[", sonra", ", ardından", ". Sonra", ", daha sonra"],
        neutral_join: &[" ve", ", bir de"],
        out_all: &["tüm sonuçları ver", "bütün sonuçlar lütfen"],
        out_last: &["sadece son sonuç", "yalnızca son sonucu ver"],
        limit: &[
            ("sadece ilk", "satır"),
            ("en fazla", "satır"),
            ("ilk", "tane yeter"),
        ],
        cond_if: &["eğer"],
        outcome: &[
            "başarısız olursa",
            "boş dönerse",
            "hata verirse",
            "bir şey bulamazsa",
            "çalışırsa",
        ],
        cond_then: &["o zaman"],
        retry: &["hata verirse tekrar dene", "olmazsa bir daha dene"],
        keep_trying: &["ve olana kadar tekrar dene", "ve çalışana kadar dene"],
        fields: &[("sadece", "lazım"), ("sadece", "")],
        and: "ve",
        sort_by: &[("", "göre sırala"), ("", "büyükten küçüğe")],
        filter_above: &[
            ("sadece", "", "üstünde olanlar"),
            ("sadece", "", "fazla olanlar"),
        ],
        count: &["kaç tane var?", "sadece sayısını söyle"],
    },
    // Indonesian.
    Tongue {
        parallel_pre: &["Sekaligus,", "Bersamaan,", "Barengan:"],
        parallel_post: &[
            " sekaligus",
            " bersamaan",
            " barengan",
            ", semuanya sekaligus",
        ],
        parallel_join: &[", sekalian", ", dan bersamaan"],
        serial_pre: &["Satu-satu:", "Berurutan:", "Satu per satu:"],
        serial_post: &[", satu-satu", ", berurutan", ", satu per satu"],
        serial_join: &[", lalu", ", habis itu", ". Setelah itu", ", kemudian"],
        neutral_join: &[" dan", ", dan juga"],
        out_all: &["kasih semua hasilnya", "semua hasil ya"],
        out_last: &["hasil terakhir saja", "cuma hasil terakhir"],
        limit: &[
            ("hanya", "baris pertama"),
            ("maksimal", "baris"),
            ("paling banyak", "baris"),
        ],
        cond_if: &["kalau", "jika"],
        outcome: &[
            "gagal",
            "tidak mengembalikan apa-apa",
            "error",
            "kosong",
            "berhasil",
        ],
        cond_then: &["maka"],
        retry: &["kalau gagal, coba lagi", "kalau error, ulangi"],
        keep_trying: &["dan coba terus sampai berhasil", "dan ulangi sampai jalan"],
        fields: &[("hanya", "saja"), ("cuma", "")],
        and: "dan",
        sort_by: &[("urutkan berdasarkan", ""), ("diurutkan menurut", "")],
        filter_above: &[
            ("hanya yang", "di atas", ""),
            ("cuma yang", "lebih dari", ""),
        ],
        count: &["ada berapa?", "jumlahnya saja"],
    },
    // Swahili.
    Tongue {
        parallel_pre: &["Kwa pamoja,", "Wakati mmoja,", "Zote pamoja:"],
        parallel_post: &[" pamoja", " kwa wakati mmoja", ", zote pamoja"],
        parallel_join: &[", na wakati huo huo", ", na sambamba"],
        serial_pre: &["Moja moja:", "Kwa mpangilio:", "Moja baada ya nyingine:"],
        serial_post: &[", moja moja", ", kwa mpangilio", ", moja baada ya nyingine"],
        serial_join: &[", kisha", ", halafu", ". Baadaye", ", baada ya hapo"],
        neutral_join: &[" na", ", na pia"],
        out_all: &["nipe matokeo yote", "matokeo yote tafadhali"],
        out_last: &["matokeo ya mwisho tu", "nipe ya mwisho tu"],
        limit: &[
            ("safu", "za kwanza tu"),
            ("zisizozidi", "safu"),
            ("hadi", "tu"),
        ],
        cond_if: &["kama", "ikiwa"],
        outcome: &[
            "itashindwa",
            "haitarudisha kitu",
            "italeta error",
            "itakuja tupu",
            "itafanya kazi",
        ],
        cond_then: &["basi"],
        retry: &["ikishindwa, jaribu tena", "kama kuna error, rudia"],
        keep_trying: &[
            "na uendelee kujaribu mpaka ifanikiwe",
            "na jaribu tena mpaka ikubali",
        ],
        fields: &[("", "tu"), ("nipe", "tu")],
        and: "na",
        sort_by: &[("panga kwa", ""), ("zipange kwa", "kuanzia juu")],
        filter_above: &[
            ("zile tu ambazo", "ni zaidi ya", ""),
            ("zenye", "juu ya", "tu"),
        ],
        count: &["ni ngapi?", "niambie idadi tu"],
    },
    // Tagalog.
    Tongue {
        parallel_pre: &["Sabay-sabay,", "Magkasabay:", "Sabay na lahat:"],
        parallel_post: &[" nang sabay", " nang sabay-sabay", ", sabay lahat"],
        parallel_join: &[", at sabay", ", at kasabay"],
        serial_pre: &["Isa-isa:", "Sunod-sunod:", "Isa-isahin:"],
        serial_post: &[", isa-isa", ", sunod-sunod", ", isa-isahin mo"],
        serial_join: &[", tapos", ", pagkatapos", ". Tapos", ", saka"],
        neutral_join: &[" at", ", at pati"],
        out_all: &["ibigay mo lahat ng resulta", "lahat ng resulta please"],
        out_last: &["yung huling resulta lang", "huling resulta lang"],
        limit: &[
            ("unang", "lang"),
            ("hanggang", "rows lang"),
            ("hindi hihigit sa", "rows"),
        ],
        cond_if: &["kung", "pag"],
        outcome: &[
            "pumalya",
            "walang binalik",
            "nag-error",
            "walang laman",
            "gumana",
        ],
        cond_then: &["edi"],
        retry: &["pag pumalya, ulitin mo", "kung mag-error, subukan ulit"],
        keep_trying: &[
            "at ulit-ulitin hanggang gumana",
            "at subukan ulit hanggang pumasok",
        ],
        fields: &[("yung", "lang"), ("", "lang")],
        and: "at",
        sort_by: &[("ayusin ayon sa", ""), ("i-sort by", "mula pinakamataas")],
        filter_above: &[
            ("yung mga", "na lampas sa", "lang"),
            ("yung", "na mas mataas sa", ""),
        ],
        count: &["ilan lahat?", "bilang lang"],
    },
    // Polish.
    Tongue {
        parallel_pre: &["Jednocześnie:", "Równolegle:", "Naraz:"],
        parallel_post: &[" jednocześnie", " równolegle", " naraz", ", wszystko naraz"],
        parallel_join: &[", a jednocześnie", ", i równolegle"],
        serial_pre: &["Po kolei:", "Jeden po drugim:", "Kolejno:"],
        serial_post: &[", po kolei", ", jeden po drugim", ", kolejno"],
        serial_join: &[", potem", ", następnie", ". Potem", ", a potem"],
        neutral_join: &[" i", ", i jeszcze"],
        out_all: &["daj wszystkie wyniki", "wszystkie wyniki proszę"],
        out_last: &["tylko ostatni wynik", "wystarczy ostatni wynik"],
        limit: &[
            ("tylko pierwsze", ""),
            ("maksymalnie", "wierszy"),
            ("najwyżej", "wierszy"),
        ],
        cond_if: &["jeśli", "jeżeli", "gdy"],
        outcome: &[
            "się nie uda",
            "nic nie zwróci",
            "zwróci błąd",
            "będzie pusty",
            "zadziała",
        ],
        cond_then: &["wtedy"],
        retry: &["jak się nie uda, spróbuj ponownie", "przy błędzie powtórz"],
        keep_trying: &["i próbuj, aż się uda", "i powtarzaj do skutku"],
        fields: &[("tylko", ""), ("daj tylko", "")],
        and: "i",
        sort_by: &[("posortowane po", ""), ("posortuj po", "malejąco")],
        filter_above: &[
            ("tylko te, gdzie", "powyżej", ""),
            ("tylko z", "większym niż", ""),
        ],
        count: &["ile ich jest?", "tylko liczbę"],
    },
];
