//! The languages of Europe: Spanish, Portuguese, French, German, Italian, Dutch, Polish and
//! Russian.

use super::Tongue;

/// Spanish.
pub(super) const SPANISH: Tongue = Tongue {
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
};

/// French.
pub(super) const FRENCH: Tongue = Tongue {
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
};

/// Dutch.
pub(super) const DUTCH: Tongue = Tongue {
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
};

/// Polish.
pub(super) const POLISH: Tongue = Tongue {
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
};

/// Russian.
pub(super) const RUSSIAN: Tongue = Tongue {
    parallel_pre: &["Параллельно:", "Одновременно:", "Все сразу:"],
    parallel_post: &[" параллельно", " одновременно", ", все сразу"],
    parallel_join: &[", и одновременно", ", и параллельно"],
    serial_pre: &["По очереди:", "Последовательно:", "Один за другим:"],
    serial_post: &[", по очереди", ", последовательно", ", один за другим"],
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
    fields: &[("только", ""), ("нужны только", "")],
    and: "и",
    sort_by: &[("отсортируй по", ""), ("по", "по убыванию")],
    filter_above: &[("только те, где", "больше", ""), ("только с", "выше", "")],
    count: &["сколько их?", "только количество"],
};
