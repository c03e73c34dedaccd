//! The languages of Eastern and Northern Europe: Lithuanian, Latvian, Slovak, Croatian (with
//! Bosnian and Serbian, in Latin letters as typed in chat), Romanian, Ukrainian (in Cyrillic),
//! Swedish and Greek (in Greek script).

use super::Tongue;

/// Lithuanian, in Latin letters with its diacritics.
pub(super) const LITHUANIAN: Tongue = Tongue {
    parallel_pre: &["Vienu metu:", "Lygiagrečiai:", "Visus iš karto:"],
    parallel_post: &[" vienu metu", " lygiagrečiai", ", visus iškart", " kartu"],
    parallel_join: &[", ir tuo pačiu metu", ", ir lygiagrečiai"],
    serial_pre: &[
        "Po vieną:",
        "Paeiliui:",
        "Vienas po kito:",
        "Ne vienu metu:",
    ],
    serial_post: &[
        ", po vieną",
        ", paeiliui",
        ", vienas po kito",
        ", ne vienu metu",
        ", nepaleisk jų kartu, po vieną",
    ],
    serial_join: &[", tada", ", po to", ". Po to", ", o tada"],
    neutral_join: &[" ir", ", ir dar"],
    out_all: &["grąžink visus rezultatus", "man reikia visų rezultatų"],
    out_last: &["tik paskutinį rezultatą", "užtenka paskutinio rezultato"],
    limit: &[
        ("ne daugiau nei", ""),
        ("max", "eil."),
        ("eilučių limitas:", ""),
    ],
    cond_if: &["jei", "jeigu", "kai"],
    outcome: &[
        "nepavyks",
        "nieko negrąžins",
        "grąžins klaidą",
        "grąžins tuščią rezultatą",
        "suveiks",
    ],
    cond_then: &["tada", "tai"],
    retry: &[
        "jei nepavyks, bandyk dar kartą",
        "jei bus klaida, paleisk iš naujo",
    ],
    keep_trying: &["ir bandyk, kol pavyks", "ir kartok, kol suveiks"],
    fields: &[
        ("tik", ""),
        ("man reikia tik", ""),
        ("tik", "kitų nereikia"),
    ],
    and: "ir",
    sort_by: &[("surūšiuok pagal", ""), ("išrikiuok pagal", "mažėjančiai")],
    filter_above: &[
        ("tik tie, kur", "didesnis nei", ""),
        ("tik kur", "virš", ""),
    ],
    count: &["kiek jų yra?", "tik pasakyk, kiek jų yra"],
};

/// Latvian.
pub(super) const LATVIAN: Tongue = Tongue {
    parallel_pre: &["Vienlaicīgi:", "Paralēli:", "Visus uzreiz:"],
    parallel_post: &[" vienlaicīgi", " paralēli", ", visus uzreiz", " vienlaikus"],
    parallel_join: &[", un tajā pašā laikā", ", un paralēli"],
    serial_pre: &[
        "Pa vienam:",
        "Pēc kārtas:",
        "Vienu pēc otra:",
        "Ne vienlaicīgi:",
    ],
    serial_post: &[
        ", pa vienam",
        ", pēc kārtas",
        ", vienu pēc otra",
        ", ne vienlaicīgi",
        ", nepalaid tos kopā, pa vienam",
    ],
    serial_join: &[", tad", ", pēc tam", ". Pēc tam", ", un tad"],
    neutral_join: &[" un", ", un arī"],
    out_all: &["atgriez visus rezultātus", "visus rezultātus, lūdzu"],
    out_last: &["tikai pēdējo rezultātu", "pietiek ar pēdējo rezultātu"],
    limit: &[
        ("tikai pirmās", "rindas"),
        ("ne vairāk kā", "rindas"),
        ("max", "rindas"),
    ],
    cond_if: &["ja", "kad"],
    outcome: &[
        "nenostrādā",
        "neko neatgriež",
        "atgriež kļūdu",
        "atgriež tukšu rezultātu",
        "nostrādā",
    ],
    cond_then: &["tad"],
    retry: &[
        "ja nenostrādā, mēģini vēlreiz",
        "ja ir kļūda, palaid vēlreiz",
    ],
    keep_trying: &["un mēģini, līdz izdodas", "un atkārto, līdz nostrādā"],
    fields: &[
        ("tikai", ""),
        ("man vajag tikai", ""),
        ("tikai", "pārējo nevajag"),
    ],
    and: "un",
    sort_by: &[("sakārto pēc", ""), ("sašķiro pēc", "dilstošā secībā")],
    filter_above: &[
        ("tikai tos, kur", "lielāks par", ""),
        ("tikai kur", "virs", ""),
    ],
    count: &["cik to ir?", "tikai skaitu"],
};

/// Slovak.
pub(super) const SLOVAK: Tongue = Tongue {
    parallel_pre: &["Súčasne:", "Paralelne:", "Všetko naraz,"],
    parallel_post: &[" súčasne", " paralelne", ", všetko naraz", " naraz"],
    parallel_join: &[", a súčasne", ", a popritom"],
    serial_pre: &[
        "Postupne:",
        "Jeden po druhom:",
        "Po jednom:",
        "Nie súčasne:",
    ],
    serial_post: &[
        ", postupne",
        ", jeden po druhom",
        ", po jednom",
        ", nie súčasne",
        ", nespúšťaj ich naraz, po jednom",
    ],
    serial_join: &[", potom", ", a potom", ". Potom", ", následne"],
    neutral_join: &[" a", ", a aj"],
    out_all: &["vráť všetky výsledky", "všetky výsledky, prosím"],
    out_last: &["iba posledný výsledok", "stačí posledný výsledok"],
    limit: &[
        ("iba prvých", ""),
        ("maximálne", "riadkov"),
        ("max", "riadkov"),
    ],
    cond_if: &["ak", "keď"],
    outcome: &[
        "zlyhá",
        "nič nevráti",
        "vráti chybu",
        "vráti prázdny výsledok",
        "prejde",
    ],
    cond_then: &["tak"],
    retry: &["ak zlyhá, skús znova", "pri chybe to zopakuj"],
    keep_trying: &["a skúšaj, kým to neprejde", "a opakuj to, kým to nepôjde"],
    fields: &[("iba", ""), ("len", ""), ("iba", "zvyšok netreba")],
    and: "a",
    sort_by: &[("zoraď podľa", ""), ("podľa", "zostupne")],
    filter_above: &[("iba tie, kde", "nad", ""), ("iba s", "väčším ako", "")],
    count: &["koľko ich je?", "iba počet"],
};

/// Croatian, Bosnian and Serbian, in Latin letters as typed in chat.
pub(super) const CROATIAN: Tongue = Tongue {
    parallel_pre: &["Istovremeno:", "Paralelno:", "Sve odjednom:"],
    parallel_post: &[
        " istovremeno",
        " paralelno",
        ", sve odjednom",
        " u isto vrijeme",
    ],
    parallel_join: &[", a istovremeno", ", i paralelno s tim"],
    serial_pre: &[
        "Jedan po jedan:",
        "Redom:",
        "Jedan za drugim:",
        "Ne istovremeno:",
    ],
    serial_post: &[
        ", jedan po jedan",
        ", redom",
        ", jedan za drugim",
        ", ne istovremeno",
        ", nemoj ih pokretati zajedno, jedan po jedan",
    ],
    serial_join: &[", onda", ", pa onda", ". Nakon toga", ", a zatim"],
    neutral_join: &[" i", ", i još"],
    out_all: &["vrati sve rezultate", "daj mi sve rezultate"],
    out_last: &["samo zadnji rezultat", "treba mi samo zadnji rezultat"],
    limit: &[("samo prvih", ""), ("najviše", "redova"), ("max", "redova")],
    cond_if: &["ako", "kad"],
    outcome: &[
        "ne uspije",
        "ne vrati ništa",
        "baci grešku",
        "vrati prazno",
        "prođe",
    ],
    cond_then: &["onda", "tada"],
    retry: &[
        "ako ne uspije, probaj ponovo",
        "ako baci grešku, pokreni opet",
    ],
    keep_trying: &["i probaj dok ne proradi", "i ponavljaj dok ne uspije"],
    fields: &[
        ("samo", ""),
        ("treba mi samo", ""),
        ("samo", "ostalo ne treba"),
    ],
    and: "i",
    sort_by: &[("sortirano po", ""), ("sortiraj po", "silazno")],
    filter_above: &[
        ("samo oni gdje je", "veći od", ""),
        ("samo gdje", "prelazi", ""),
    ],
    count: &["koliko ih ima?", "samo broj"],
};

/// Romanian.
pub(super) const ROMANIAN: Tongue = Tongue {
    parallel_pre: &["În același timp:", "În paralel:", "Toate deodată:"],
    parallel_post: &[
        " în același timp",
        " în paralel",
        ", toate deodată",
        " simultan",
    ],
    parallel_join: &[", și în același timp", ", și în paralel"],
    serial_pre: &[
        "Pe rând:",
        "Unul după altul:",
        "Unul câte unul:",
        "Nu toate deodată:",
    ],
    serial_post: &[
        ", pe rând",
        ", unul după altul",
        ", unul câte unul",
        ", nu în același timp",
        ", nu le rula împreună, unul câte unul",
    ],
    serial_join: &[", apoi", ", și după aia", ". După aceea,", ", iar apoi"],
    neutral_join: &[" și", ", și de asemenea"],
    out_all: &["dă-mi toate rezultatele", "toate rezultatele, te rog"],
    out_last: &["doar ultimul rezultat", "îmi trebuie doar rezultatul final"],
    limit: &[
        ("doar primele", ""),
        ("maxim", ""),
        ("doar primele", "și atât"),
    ],
    cond_if: &["dacă", "când"],
    outcome: &[
        "eșuează",
        "nu returnează nimic",
        "dă eroare",
        "vine gol",
        "merge",
    ],
    cond_then: &["atunci"],
    retry: &[
        "dacă eșuează, încearcă din nou",
        "dacă dă eroare, mai rulează-l o dată",
    ],
    keep_trying: &["și tot încearcă până merge", "și insistă până funcționează"],
    fields: &[
        ("doar", ""),
        ("numai", ""),
        ("doar", "restul nu-mi trebuie"),
    ],
    and: "și",
    sort_by: &[("sortat după", ""), ("sortează după", "descrescător")],
    filter_above: &[
        ("doar cele la care", "e mai mare de", ""),
        ("doar unde", "trece de", ""),
    ],
    count: &["câte sunt?", "spune-mi doar câte sunt"],
};

/// Ukrainian, in Cyrillic.
pub(super) const UKRAINIAN: Tongue = Tongue {
    parallel_pre: &["Одночасно:", "Паралельно:", "Усі разом:"],
    parallel_post: &[" одночасно", " паралельно", ", усі разом", ", все разом"],
    parallel_join: &[", і водночас", ", і паралельно"],
    serial_pre: &[
        "По черзі:",
        "Послідовно:",
        "Один за одним:",
        "Не одночасно:",
    ],
    serial_post: &[
        ", по черзі",
        ", послідовно",
        ", один за одним",
        ", не одночасно",
        ", не запускай їх разом, по одному",
    ],
    serial_join: &[", потім", ", а потім", ". Потім", ", далі"],
    neutral_join: &[" і", ", а ще"],
    out_all: &["поверни всі результати", "всі результати, будь ласка"],
    out_last: &["тільки останній результат", "треба лише останній результат"],
    limit: &[
        ("тільки перші", ""),
        ("не більше", "рядків"),
        ("максимум", "рядків"),
    ],
    cond_if: &["якщо", "коли"],
    outcome: &[
        "впаде",
        "нічого не поверне",
        "поверне помилку",
        "поверне порожній результат",
        "спрацює",
    ],
    cond_then: &["то", "тоді"],
    retry: &["якщо впаде, спробуй ще раз", "якщо буде помилка, повтори"],
    keep_trying: &["і пробуй, доки не вийде", "і повторюй, поки не спрацює"],
    fields: &[
        ("тільки", ""),
        ("треба лише", ""),
        ("тільки", "решта не потрібна"),
    ],
    and: "і",
    sort_by: &[("відсортуй за", ""), ("за", "за спаданням")],
    filter_above: &[("тільки ті, де", "більше за", ""), ("лише де", "понад", "")],
    count: &["скільки їх?", "тільки кількість"],
};

/// Swedish.
pub(super) const SWEDISH: Tongue = Tongue {
    parallel_pre: &["Samtidigt:", "Parallellt:", "Alla på en gång:"],
    parallel_post: &[
        " samtidigt",
        " parallellt",
        ", alla på en gång",
        " på samma gång",
    ],
    parallel_join: &[", och samtidigt", ", och parallellt"],
    serial_pre: &[
        "En i taget:",
        "I tur och ordning:",
        "Efter varandra:",
        "Inte samtidigt:",
    ],
    serial_post: &[
        ", en i taget",
        ", i tur och ordning",
        ", efter varandra",
        ", inte samtidigt",
        ", kör dem inte parallellt, en i taget",
    ],
    serial_join: &[", sen", ", och sen", ". Sen", ", därefter"],
    neutral_join: &[" och", ", och även"],
    out_all: &["ge mig alla resultat", "alla resultat, tack"],
    out_last: &["bara det sista resultatet", "bara slutresultatet"],
    limit: &[
        ("bara de första", "raderna"),
        ("max", "rader"),
        ("högst", "rader"),
    ],
    cond_if: &["om", "när"],
    outcome: &[
        "misslyckas",
        "inte returnerar något",
        "ger fel",
        "returnerar tomt",
        "funkar",
    ],
    cond_then: &["så", "då"],
    retry: &["om det misslyckas, försök igen", "vid fel, kör den igen"],
    keep_trying: &[
        "och fortsätt försöka tills det funkar",
        "och kör om tills det går",
    ],
    fields: &[
        ("bara", ""),
        ("jag behöver bara", ""),
        ("bara", "resten behövs inte"),
    ],
    and: "och",
    sort_by: &[("sorterat på", ""), ("sortera efter", "fallande")],
    filter_above: &[
        ("bara de där", "är över", ""),
        ("bara de med", "större än", ""),
    ],
    count: &["hur många är det?", "bara antalet"],
};

/// Greek, in Greek script.
pub(super) const GREEK: Tongue = Tongue {
    parallel_pre: &["Ταυτόχρονα:", "Παράλληλα:", "Όλα μαζί:"],
    parallel_post: &[" ταυτόχρονα", " παράλληλα", ", όλα μαζί", " μαζί"],
    parallel_join: &[", και ταυτόχρονα", ", και παράλληλα"],
    serial_pre: &[
        "Ένα ένα:",
        "Με τη σειρά:",
        "Το ένα μετά το άλλο:",
        "Όχι ταυτόχρονα:",
    ],
    serial_post: &[
        ", ένα ένα",
        ", με τη σειρά",
        ", το ένα μετά το άλλο",
        ", όχι ταυτόχρονα",
        ", μην τα τρέξεις παράλληλα, ένα ένα",
    ],
    serial_join: &[", μετά", ", και μετά", ". Μετά", ", έπειτα"],
    neutral_join: &[" και", ", και επίσης"],
    out_all: &[
        "δώσε μου όλα τα αποτελέσματα",
        "όλα τα αποτελέσματα, παρακαλώ",
    ],
    out_last: &[
        "μόνο το τελευταίο αποτέλεσμα",
        "θέλω μόνο το τελικό αποτέλεσμα",
    ],
    limit: &[
        ("μόνο τις πρώτες", "γραμμές"),
        ("το πολύ", "γραμμές"),
        ("μόνο τα πρώτα", ""),
    ],
    cond_if: &["αν", "εάν", "όταν"],
    outcome: &[
        "αποτύχει",
        "δεν επιστρέψει τίποτα",
        "βγάλει σφάλμα",
        "γυρίσει άδειο",
        "δουλέψει",
    ],
    cond_then: &["τότε"],
    retry: &[
        "αν αποτύχει, ξαναδοκίμασε",
        "αν βγάλει σφάλμα, τρέξε το ξανά",
    ],
    keep_trying: &[
        "και συνέχισε να δοκιμάζεις μέχρι να δουλέψει",
        "και ξαναδοκίμαζε μέχρι να πετύχει",
    ],
    fields: &[
        ("μόνο", ""),
        ("θέλω μόνο", ""),
        ("μόνο", "τα υπόλοιπα δεν τα θέλω"),
    ],
    and: "και",
    sort_by: &[
        ("ταξινομημένα κατά", ""),
        ("ταξινόμησέ τα κατά", "σε φθίνουσα σειρά"),
    ],
    filter_above: &[
        ("μόνο όσα έχουν", "πάνω από", ""),
        ("μόνο αυτά όπου το", "είναι μεγαλύτερο από", ""),
    ],
    count: &["πόσα είναι;", "πες μου μόνο πόσα είναι"],
};
