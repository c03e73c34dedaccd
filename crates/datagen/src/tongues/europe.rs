//! The languages of Europe: Spanish, Portuguese, French, German, Italian, Dutch, Polish, Russian,
//! Czech, Finnish, Hungarian and Welsh.

use super::Tongue;

/// Spanish.
pub(super) const SPANISH: Tongue = Tongue {
    parallel_pre: &["Al mismo tiempo,", "A la vez,", "Todo junto:"],
    parallel_post: &[
        " al mismo tiempo",
        " a la vez",
        ", todo junto",
        " en paralelo",
        ", de un solo golpe",
    ],
    parallel_join: &[", y al mismo tiempo", ", y a la vez", ", y mientras tanto"],
    serial_pre: &[
        "Uno por uno:",
        "En orden:",
        "Uno tras otro:",
        "No al mismo tiempo:",
    ],
    serial_post: &[
        ", uno por uno",
        ", en orden",
        ", uno tras otro",
        ", no al mismo tiempo",
        ", no en paralelo, uno y luego el otro",
    ],
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
    fields: &[("solo", ""), ("nomás", ""), ("nomás", "y lo demás no")],
    and: "y",
    sort_by: &[("ordenado por", ""), ("ordénalos por", "de mayor a menor")],
    filter_above: &[
        ("solo los que tengan", "mayor que", ""),
        ("nomás donde", "pase de", ""),
    ],
    count: &["¿cuántos hay?", "solo dime cuántos son"],
};

/// Portuguese.
pub(super) const PORTUGUESE: Tongue = Tongue {
    parallel_pre: &["Ao mesmo tempo,", "Tudo junto:", "De uma vez só,"],
    parallel_post: &[
        " ao mesmo tempo",
        " juntos",
        ", tudo de uma vez",
        " em paralelo",
    ],
    parallel_join: &[", e ao mesmo tempo", ", e junto"],
    serial_pre: &[
        "Um de cada vez:",
        "Em ordem:",
        "Um depois do outro:",
        "Não ao mesmo tempo:",
    ],
    serial_post: &[
        ", um de cada vez",
        ", em ordem",
        ", um depois do outro",
        ", não ao mesmo tempo",
        ", nada de paralelo, um de cada vez",
    ],
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
    fields: &[("só", ""), ("só me mostra", ""), ("só", "e mais nada")],
    and: "e",
    sort_by: &[("ordenado por", ""), ("ordena por", "do maior pro menor")],
    filter_above: &[
        ("só os que têm", "maior que", ""),
        ("só onde", "passa de", ""),
    ],
    count: &["quantos tem?", "só me diz quantos são"],
};

/// French.
pub(super) const FRENCH: Tongue = Tongue {
    parallel_pre: &["En même temps,", "En parallèle,", "D'un coup,"],
    parallel_post: &[" en même temps", " en parallèle", ", tout d'un coup"],
    parallel_join: &[", et en même temps", ", et en parallèle"],
    serial_pre: &[
        "L'un après l'autre,",
        "Dans l'ordre,",
        "Un par un,",
        "Pas en parallèle :",
    ],
    serial_post: &[
        ", l'un après l'autre",
        ", dans l'ordre",
        ", un par un",
        ", pas en parallèle",
        ", pas en même temps, un à la fois",
    ],
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
    fields: &[
        ("seulement", ""),
        ("juste", "stp"),
        ("juste", "pis c'est tout"),
    ],
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
};

/// German.
pub(super) const GERMAN: Tongue = Tongue {
    parallel_pre: &["Gleichzeitig:", "Parallel:", "Alles auf einmal:"],
    parallel_post: &[
        " gleichzeitig",
        " parallel",
        ", alles auf einmal",
        " zusammen",
    ],
    parallel_join: &[", und gleichzeitig", ", und parallel dazu"],
    serial_pre: &[
        "Nacheinander:",
        "Der Reihe nach:",
        "Eins nach dem anderen:",
        "Nicht gleichzeitig:",
    ],
    serial_post: &[
        ", nacheinander",
        ", der Reihe nach",
        ", eins nach dem anderen",
        ", bitte NICHT gleichzeitig",
        ", nicht parallel, einer nach dem anderen",
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
    fields: &[("nur", ""), ("bitte nur", ""), ("nur", "der Rest ist egal")],
    and: "und",
    sort_by: &[("sortiert nach", ""), ("nach", "absteigend sortiert")],
    filter_above: &[
        ("nur die, wo", "über", "liegt"),
        ("nur die mit", "größer als", ""),
    ],
    count: &["wie viele sind es?", "nur die Anzahl"],
};

/// Italian.
pub(super) const ITALIAN: Tongue = Tongue {
    parallel_pre: &["Contemporaneamente,", "In parallelo,", "Tutto insieme:"],
    parallel_post: &[
        " insieme",
        " in parallelo",
        " contemporaneamente",
        ", tutto insieme",
    ],
    parallel_join: &[", e intanto", ", e contemporaneamente"],
    serial_pre: &[
        "Uno alla volta:",
        "In ordine:",
        "Uno dopo l'altro:",
        "Non in parallelo:",
    ],
    serial_post: &[
        ", uno alla volta",
        ", in ordine",
        ", uno dopo l'altro",
        ", non in contemporanea",
        ", non tutti insieme, uno alla volta",
    ],
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
    fields: &[
        ("solo", ""),
        ("mi servono solo", ""),
        ("solo", "il resto no"),
    ],
    and: "e",
    sort_by: &[("ordinato per", ""), ("ordinali per", "dal più alto")],
    filter_above: &[
        ("solo quelli con", "sopra", ""),
        ("solo dove", "supera", ""),
    ],
    count: &["quanti sono?", "solo il numero"],
};

/// Dutch.
pub(super) const DUTCH: Tongue = Tongue {
    parallel_pre: &["Tegelijk:", "Tegelijkertijd:", "Allemaal tegelijk:"],
    parallel_post: &[" tegelijk", " tegelijkertijd", ", allemaal tegelijk"],
    parallel_join: &[", en tegelijk", ", en tegelijkertijd"],
    serial_pre: &[
        "Na elkaar:",
        "Een voor een:",
        "Op volgorde:",
        "Niet tegelijk:",
    ],
    serial_post: &[
        ", na elkaar",
        ", een voor een",
        ", op volgorde",
        ", niet tegelijk",
        ", niet parallel, een voor een",
    ],
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
    fields: &[
        ("alleen", ""),
        ("alleen", "graag"),
        ("alleen", "de rest hoeft niet"),
    ],
    and: "en",
    sort_by: &[("gesorteerd op", ""), ("sorteer op", "van hoog naar laag")],
    filter_above: &[
        ("alleen die met", "boven", ""),
        ("alleen waar", "hoger is dan", ""),
    ],
    count: &["hoeveel zijn het?", "alleen het aantal"],
};

/// Polish.
pub(super) const POLISH: Tongue = Tongue {
    parallel_pre: &["Jednocześnie:", "Równolegle:", "Naraz:"],
    parallel_post: &[" jednocześnie", " równolegle", " naraz", ", wszystko naraz"],
    parallel_join: &[", a jednocześnie", ", i równolegle"],
    serial_pre: &["Po kolei:", "Jeden po drugim:", "Kolejno:", "Nie naraz:"],
    serial_post: &[
        ", po kolei",
        ", jeden po drugim",
        ", kolejno",
        ", nie jednocześnie",
        ", nie równolegle, po kolei",
    ],
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
    fields: &[
        ("tylko", ""),
        ("daj tylko", ""),
        ("tylko", "reszta niepotrzebna"),
    ],
    and: "i",
    sort_by: &[("posortowane po", ""), ("posortuj po", "malejąco")],
    filter_above: &[
        ("tylko te, gdzie", "powyżej", ""),
        ("tylko z", "większym niż", ""),
    ],
    count: &["ile ich jest?", "tylko liczbę"],
};

/// Russian.
pub(super) const RUSSIAN: Tongue = Tongue {
    parallel_pre: &["Параллельно:", "Одновременно:", "Все сразу:"],
    parallel_post: &[" параллельно", " одновременно", ", все сразу"],
    parallel_join: &[", и одновременно", ", и параллельно"],
    serial_pre: &[
        "По очереди:",
        "Последовательно:",
        "Один за другим:",
        "Не параллельно:",
    ],
    serial_post: &[
        ", по очереди",
        ", последовательно",
        ", один за другим",
        ", не одновременно",
        ", не параллельно, по очереди",
    ],
    serial_join: &[", потом", ", затем", ". Потом", ", а потом"],
    neutral_join: &[" и", ", и ещё"],
    out_all: &["верни все результаты", "все результаты, пожалуйста"],
    out_last: &[
        "только последний результат",
        "нужен только последний результат",
    ],
    limit: &[
        ("только первые", ""),
        ("не больше", "строк"),
        ("первые", "строк"),
    ],
    cond_if: &["если"],
    outcome: &[
        "упадёт",
        "ничего не вернёт",
        "вернёт ошибку",
        "пустой",
        "сработает",
    ],
    cond_then: &["то", "тогда"],
    retry: &["если упадёт, повтори", "при ошибке попробуй ещё раз"],
    keep_trying: &["и повторяй, пока не получится", "и пробуй до победного"],
    fields: &[
        ("только", ""),
        ("нужны только", ""),
        ("только", "остальное не нужно"),
    ],
    and: "и",
    sort_by: &[("отсортируй по", ""), ("по", "по убыванию")],
    filter_above: &[("только те, где", "больше", ""), ("только с", "выше", "")],
    count: &["сколько их?", "только количество"],
};

/// Czech.
pub(super) const CZECH: Tongue = Tongue {
    parallel_pre: &["Paralelně:", "Současně:", "Všechno najednou:"],
    parallel_post: &[" paralelně", " současně", ", všechno najednou"],
    parallel_join: &[", a zároveň", ", a současně"],
    serial_pre: &["Postupně:", "Jeden po druhém:", "Popořadě:", "Ne najednou:"],
    serial_post: &[
        ", postupně",
        ", jeden po druhém",
        ", popořadě",
        ", ne paralelně",
        ", ne současně, jeden po druhém",
    ],
    serial_join: &[", pak", ", potom", ". Potom", ", a pak"],
    neutral_join: &[" a", ", a taky"],
    out_all: &["vrať všechny výsledky", "všechny výsledky, prosím"],
    out_last: &["jen poslední výsledek", "stačí poslední výsledek"],
    limit: &[
        ("jen prvních", ""),
        ("maximálně", "řádků"),
        ("prvních", "řádků"),
    ],
    cond_if: &["když", "pokud"],
    outcome: &[
        "selže",
        "nic nevrátí",
        "vrátí chybu",
        "je prázdný",
        "projde",
    ],
    cond_then: &["tak"],
    retry: &["když to nepůjde, zkus znovu", "při chybě to zopakuj"],
    keep_trying: &[
        "a zkoušej to, dokud to neprojde",
        "a opakuj, dokud to nepůjde",
    ],
    fields: &[("jen", ""), ("jenom", ""), ("jen", "nic jiného")],
    and: "a",
    sort_by: &[("seřaď podle", ""), ("podle", "sestupně")],
    filter_above: &[("jen ty, kde", "nad", ""), ("jen s", "větším než", "")],
    count: &["kolik jich je?", "jen počet"],
};

/// Finnish.
pub(super) const FINNISH: Tongue = Tongue {
    parallel_pre: &["Samanaikaisesti:", "Rinnakkain:", "Kaikki kerralla:"],
    parallel_post: &[" samaan aikaan", " rinnakkain", ", kaikki kerralla"],
    parallel_join: &[", ja samalla", ", ja samaan aikaan"],
    serial_pre: &[
        "Yksi kerrallaan:",
        "Järjestyksessä:",
        "Peräkkäin:",
        "Ei samaan aikaan:",
    ],
    serial_post: &[
        ", yksi kerrallaan",
        ", järjestyksessä",
        ", peräkkäin",
        ", ei samaan aikaan",
        ", ei rinnakkain vaan peräkkäin",
    ],
    serial_join: &[", sitten", ", sen jälkeen", ". Sitten", ", ja sitten"],
    neutral_join: &[" ja", ", ja myös"],
    out_all: &["palauta kaikki tulokset", "kaikki tulokset, kiitos"],
    out_last: &["vain viimeinen tulos", "riittää viimeinen tulos"],
    limit: &[
        ("vain", "ensimmäistä"),
        ("enintään", "riviä"),
        ("", "ensimmäistä riviä"),
    ],
    cond_if: &["jos"],
    outcome: &[
        "epäonnistuu",
        "ei palauta mitään",
        "antaa virheen",
        "on tyhjä",
        "onnistuu",
    ],
    cond_then: &["niin"],
    retry: &[
        "jos se epäonnistuu, yritä uudelleen",
        "virheen tullessa yritä uudestaan",
    ],
    keep_trying: &["ja yritä kunnes onnistuu", "ja toista kunnes menee läpi"],
    fields: &[("vain", ""), ("pelkät", ""), ("vain", "ei muuta")],
    and: "ja",
    sort_by: &[("järjestä", "mukaan"), ("lajittele", "mukaan laskevasti")],
    filter_above: &[
        ("vain ne, joissa", "yli", ""),
        ("vain", "suurempi kuin", ""),
    ],
    count: &["montako niitä on?", "pelkkä lukumäärä"],
};

/// Hungarian.
pub(super) const HUNGARIAN: Tongue = Tongue {
    parallel_pre: &["Egyszerre:", "Párhuzamosan:", "Egy időben:"],
    parallel_post: &[" egyszerre", " párhuzamosan", ", mind egyszerre"],
    parallel_join: &[", és közben", ", és egyszerre"],
    serial_pre: &["Egymás után:", "Sorban:", "Egyenként:", "Ne egyszerre:"],
    serial_post: &[
        ", egymás után",
        ", sorban",
        ", egyenként",
        ", ne egyszerre",
        ", ne párhuzamosan, hanem sorban",
    ],
    serial_join: &[", aztán", ", utána", ". Utána", ", majd"],
    neutral_join: &[" és", ", meg"],
    out_all: &["az összes eredményt kérem", "minden eredményt adj vissza"],
    out_last: &["csak az utolsó eredményt", "elég az utolsó eredmény"],
    limit: &[
        ("csak az első", ""),
        ("legfeljebb", "sort"),
        ("az első", "sort"),
    ],
    cond_if: &["ha"],
    outcome: &[
        "hibára fut",
        "nem ad vissza semmit",
        "hibát dob",
        "üres",
        "sikerül",
    ],
    cond_then: &["akkor"],
    retry: &["ha hibára fut, próbáld újra", "hiba esetén ismételd meg"],
    keep_trying: &["és próbáld, amíg sikerül", "és ismételd, amíg át nem megy"],
    fields: &[
        ("csak", ""),
        ("csak a", "mezőket"),
        ("csak", "a többi nem kell"),
    ],
    and: "és",
    sort_by: &[("rendezd", "szerint"), ("", "szerint csökkenő sorrendben")],
    filter_above: &[
        ("csak ahol", "nagyobb, mint", ""),
        ("csak amelyeknél", "több mint", ""),
    ],
    count: &["hány darab van?", "csak a darabszámot"],
};

/// Welsh.
pub(super) const WELSH: Tongue = Tongue {
    parallel_pre: &["Ar yr un pryd:", "Gyda'i gilydd:", "I gyd ar unwaith:"],
    parallel_post: &[" ar yr un pryd", " gyda'i gilydd", ", i gyd ar unwaith"],
    parallel_join: &[", ac ar yr un pryd", ", a hefyd ar yr un pryd"],
    serial_pre: &[
        "Un ar y tro:",
        "Yn eu trefn:",
        "Fesul un:",
        "Nid ar yr un pryd:",
    ],
    serial_post: &[
        ", un ar y tro",
        ", yn eu trefn",
        ", fesul un",
        ", nid ar yr un pryd",
        ", dim gyda'i gilydd, un ar ôl y llall",
    ],
    serial_join: &[", wedyn", ", ac wedyn", ". Wedyn", ", yna"],
    neutral_join: &[" a", ", a hefyd"],
    out_all: &["rho'r holl ganlyniadau", "pob canlyniad, plis"],
    out_last: &["dim ond y canlyniad olaf", "y canlyniad olaf yn unig"],
    limit: &[
        ("dim ond y", "cyntaf"),
        ("uchafswm o", "rhes"),
        ("y", "rhes gyntaf"),
    ],
    cond_if: &["os"],
    outcome: &[
        "yn methu",
        "ddim yn dychwelyd dim",
        "yn rhoi gwall",
        "yn wag",
        "yn gweithio",
    ],
    cond_then: &[],
    retry: &["os yw'n methu, tria eto", "os oes gwall, rho gynnig arall"],
    keep_trying: &[
        "a dal ati nes iddo weithio",
        "a thrio eto nes ei fod yn llwyddo",
    ],
    fields: &[
        ("dim ond", ""),
        ("jyst", "plis"),
        ("dim ond", "dim byd arall"),
    ],
    and: "a",
    sort_by: &[("trefna yn ôl", ""), ("yn ôl", "o'r mwyaf i'r lleiaf")],
    filter_above: &[
        ("dim ond y rhai lle mae", "dros", ""),
        ("dim ond", "mwy na", ""),
    ],
    count: &["faint sydd?", "dim ond y nifer"],
};
