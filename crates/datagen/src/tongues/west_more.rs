//! More languages of the West and of West Asia: Luxembourgish, Azerbaijani (with its letters
//! and, as people often type in chat, without them), and Egyptian Arabic in Latin letters the
//! way it is typed in chat (with the digits of chat spelled out), with a few phrases in Arabic
//! script.

use super::Tongue;

/// Luxembourgish.
pub(super) const LUXEMBOURGISH: Tongue = Tongue {
    parallel_pre: &[
        "Gläichzäiteg:",
        "Alles op eemol:",
        "Zur selwechter Zäit:",
        "Alles gläichzäiteg, w.e.g.:",
    ],
    parallel_post: &[
        " gläichzäiteg",
        " op eemol",
        ", alles gläichzäiteg",
        " zur selwechter Zäit",
    ],
    parallel_join: &[", an an der Tëschenzäit", ", a gläichzäiteg"],
    serial_pre: &[
        "Eent nom aneren:",
        "Der Rei no:",
        "Schrëtt fir Schrëtt:",
        "Net gläichzäiteg:",
    ],
    serial_post: &[
        ", eent nom aneren",
        ", der Rei no",
        ", Schrëtt fir Schrëtt",
        ", net gläichzäiteg",
        ", net gläichzäiteg, eent nom aneren",
    ],
    serial_join: &[", duerno", ", an dann", ". Duerno", ", an duerno"],
    neutral_join: &[" an", ", an och"],
    out_all: &[
        "all Resultater zréck",
        "gëff mir all Resultater",
        "ech brauch all Resultater",
    ],
    out_last: &[
        "nëmmen dat lescht Resultat",
        "gëff mir just dat lescht zréck",
        "just dat leschte Resultat",
    ],
    limit: &[
        ("nëmmen déi éischt", "Zeilen"),
        ("maximal", "Zeilen"),
        ("déi éischt", "Zeilen si genuch"),
    ],
    cond_if: &["wann", "falls"],
    outcome: &[
        "feelschléit",
        "näischt zréckgëtt",
        "e Feeler gëtt",
        "eidel zréckkënnt",
        "funktionéiert",
    ],
    cond_then: &["dann"],
    retry: &[
        "falls et feelschléit, nach eng Kéier probéieren",
        "wann et net klappt, probéier et nach eng Kéier",
    ],
    keep_trying: &[
        "a probéier et weider bis et klappt",
        "an hal net op, bis et funktionéiert",
    ],
    fields: &[
        ("nëmmen", ""),
        ("gëff mir nëmmen", "zréck"),
        ("ech brauch nëmmen", "w.e.g."),
    ],
    and: "an",
    sort_by: &[
        ("sortéiert no", ""),
        ("sortéier no", "vum gréissten zum klengsten"),
    ],
    filter_above: &[
        ("just déi mat", "iwwer", ""),
        ("nëmmen déi, wou", "méi grouss wéi", "ass"),
    ],
    count: &["wéivill sinn et?", "sot mir just, wéivill et sinn"],
};

/// Azerbaijani, with its letters or without them as people type in chat.
pub(super) const AZERBAIJANI: Tongue = Tongue {
    parallel_pre: &[
        "Eyni vaxtda:",
        "Hamısı birlikdə:",
        "Paralel işlət:",
        "Eyni anda:",
    ],
    parallel_post: &[
        " eyni vaxtda",
        " eyni anda",
        ", hamısı birlikdə",
        ", hamisi eyni vaxtda",
    ],
    parallel_join: &[", və eyni vaxtda", ", həm də eyni anda"],
    serial_pre: &[
        "Ardıcıl:",
        "Biri-birinin ardınca:",
        "Növbə ilə:",
        "Eyni vaxtda yox:",
    ],
    serial_post: &[
        ", biri-birinin ardınca",
        ", növbə ilə",
        ", ardicil",
        ", eyni vaxtda yox",
        ", paralel yox, bir-bir",
    ],
    serial_join: &[", sonra", ", ardınca", ". Sonra", ", ondan sonra"],
    neutral_join: &[" və", ", həm də"],
    out_all: &[
        "hamısını qaytar",
        "nəticələrin hamısı lazımdır",
        "butun neticeleri goster",
    ],
    out_last: &[
        "ancaq sonuncu nəticə",
        "yalnız sonuncunu göstər",
        "ancaq son neticeni ver",
    ],
    limit: &[
        ("ilk", "sətir yetər"),
        ("ancaq ilk", "sətir göstər"),
        ("maksimum", "setir"),
    ],
    cond_if: &["əgər", "eger"],
    outcome: &[
        "alınmasa",
        "heç nə qaytarmasa",
        "xəta versə",
        "boş gəlsə",
        "işləsə",
    ],
    cond_then: &["onda", "o zaman"],
    retry: &["alınmasa, bir də yoxla", "xəta versə, yenidən cəhd et"],
    keep_trying: &[
        "və keçənə qədər yenə yoxla",
        "və alınana qədər təkrar cəhd et",
    ],
    fields: &[
        ("ancaq", ""),
        ("yalnız", "göstər"),
        ("ancaq", "lazımdır, qalanı yox"),
    ],
    and: "və",
    sort_by: &[
        ("nəticələri", "üzrə sırala"),
        ("", "üzrə sırala, böyükdən kiçiyə"),
    ],
    filter_above: &[
        ("ancaq", "dəyəri", "rəqəmindən böyük olanlar"),
        ("yalnız", "göstəricisi", "həddindən yuxarı olanlar"),
    ],
    count: &["neçə dənə var?", "cəmi neçədir?", "ancaq sayını de"],
};

/// Egyptian Arabic, in Latin letters the way it is typed in chat, the chat digits written as
/// letters, with a few phrases in Arabic script.
pub(super) const EGYPTIAN_ARABIC: Tongue = Tongue {
    parallel_pre: &[
        "Kolohom sawa:",
        "Fe nafs el lahza:",
        "Shaghghalhom sawa:",
        "في نفس الوقت:",
    ],
    parallel_post: &[
        " fe nafs el lahza",
        " sawa",
        ", kolohom sawa",
        ", shaghghalhom sawa",
        " في نفس الوقت",
    ],
    parallel_join: &[", w fe nafs el lahza", ", w sawa maaha"],
    serial_pre: &[
        "Wahda wahda:",
        "Wahda wara el tanya:",
        "Bel dor:",
        "Mesh sawa, wahda wahda:",
    ],
    serial_post: &[
        ", wahda wahda",
        ", wahda wara el tanya",
        ", bel dor",
        ", mesh fe nafs el lahza",
        ", واحدة واحدة",
    ],
    serial_join: &[", baadeen", ", w baad kda", ". Baadeen", ", w baadeha"],
    neutral_join: &[" w", ", w kaman"],
    out_all: &[
        "hatly kol el nataeg",
        "ayez kol el nataeg",
        "كل النتايج لو سمحت",
    ],
    out_last: &[
        "akher natiga bas",
        "el natiga el akhira bas",
        "آخر نتيجة بس",
    ],
    limit: &[
        ("awel", "bas"),
        ("warrini awel", "bas"),
        ("hatly awel", "satr bas"),
    ],
    cond_if: &["law", "lw"],
    outcome: &[
        "fesel",
        "ma ragaash ay haga",
        "edda error",
        "ragaa fady",
        "eshtaghal tamam",
    ],
    cond_then: &[],
    retry: &["law fesel, hawel tany", "law ma radsh, garrab tany marra"],
    keep_trying: &[
        "w khallik tehawel lehad ma yenfaa",
        "w garrab le ghayet ma yezbot",
    ],
    fields: &[
        ("bas", ""),
        ("matgebsh gher", ""),
        ("ayez", "bas, mesh ayez el baaky"),
    ],
    and: "w",
    sort_by: &[
        ("rattebhom ala hasab", ""),
        ("morattaba ala hasab", ""),
        ("rattebhom bel", "men el kebir lel soghayar"),
    ],
    filter_above: &[
        ("bas elly", "akbar men", ""),
        ("hatly elly", "aala men", "bas"),
    ],
    count: &["kam wahda?", "homma kam?", "olly el adad bas"],
};
