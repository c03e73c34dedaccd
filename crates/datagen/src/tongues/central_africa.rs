//! The languages of Central Africa: Lingala, Kinyarwanda and Chichewa (Nyanja), in the Latin
//! letters people type them in.

use super::Tongue;

/// Lingala, as typed in Kinshasa chat.
pub(super) const LINGALA: Tongue = Tongue {
    parallel_pre: &["Na mbala moko:", "Nyonso na tango moko:", "Nyonso elongo:"],
    parallel_post: &[
        " na mbala moko",
        " na tango moko",
        ", nyonso elongo",
        ", bango nyonso na mbala moko",
    ],
    parallel_join: &[", mpe na mbala moko", ", mpe na tango moko"],
    serial_pre: &[
        "Moko moko:",
        "Moko sima ya mosusu:",
        "Na tango moko te, moko moko:",
    ],
    serial_post: &[
        ", moko moko",
        ", moko sima ya mosusu",
        ", na mbala moko te",
        ", kosala yango elongo te, moko moko",
    ],
    serial_join: &[", sima", ", bongo", ". Na sima", ", sima na yango"],
    neutral_join: &[" na", ", mpe"],
    out_all: &["zongisa nyonso", "pesa ngai ba résultats nyonso"],
    out_last: &[
        "kaka oyo ya suka",
        "pesa ngai kaka oyo ya suka",
        "résultat ya suka kaka",
    ],
    limit: &[
        ("kaka", "ya liboso"),
        ("pesa ngai kaka", "ya liboso"),
        ("kaka milongo", "ya liboso"),
    ],
    cond_if: &["soki"],
    outcome: &[
        "elongi te",
        "ezongisi eloko te",
        "ebimisi erreur",
        "ezongi mpamba",
        "esali malamu",
    ],
    cond_then: &[],
    retry: &[
        "soki elongi te, meka lisusu",
        "soki erreur ebimi, zongela yango",
    ],
    keep_trying: &[
        "mpe zongela kino ekoleka",
        "mpe meka lisusu na lisusu kino ekosala malamu",
    ],
    fields: &[
        ("kaka", ""),
        ("", "kaka"),
        ("pesa ngai", "kaka, ba mosusu te"),
    ],
    and: "na",
    sort_by: &[
        ("trier na", ""),
        ("bongisa yango na kolanda", "ya monene liboso"),
    ],
    filter_above: &[
        ("kaka baye", "na bango eleki", ""),
        ("kaka ba oyo", "ezali likolo ya", ""),
    ],
    count: &[
        "ezali ebele boni?",
        "ebele boni?",
        "yebisa ngai kaka motango",
    ],
};

/// Kinyarwanda.
pub(super) const KINYARWANDA: Tongue = Tongue {
    parallel_pre: &[
        "Byose icyarimwe:",
        "Kora byose icyarimwe:",
        "Byose mu gihe kimwe:",
    ],
    parallel_post: &[
        " icyarimwe",
        " mu gihe kimwe",
        ", byose icyarimwe",
        ", byose hamwe icyarimwe",
    ],
    parallel_join: &[", kandi icyarimwe", ", kandi mu gihe kimwe"],
    serial_pre: &[
        "Kimwe kimwe:",
        "Uko bikurikirana:",
        "Si icyarimwe, kimwe kimwe:",
        "Ntabwo ari icyarimwe:",
    ],
    serial_post: &[
        ", kimwe kimwe",
        ", uko bikurikirana",
        ", si icyarimwe",
        ", ntabwo ari icyarimwe, kimwe kimwe",
    ],
    serial_join: &[", hanyuma", ", nyuma", ". Nyuma yaho", ", nyuma yaho"],
    neutral_join: &[" na", ", kandi"],
    out_all: &["mpa ibisubizo byose", "ndashaka ibisubizo byose"],
    out_last: &["igisubizo cya nyuma gusa", "mpa icya nyuma gusa"],
    limit: &[
        ("imirongo", "ya mbere gusa"),
        ("unyereke imirongo", "ya mbere"),
        ("mpa", "za mbere gusa"),
    ],
    cond_if: &["niba"],
    outcome: &[
        "byanze",
        "ntacyo bigaruye",
        "bizanye error",
        "bigarutse ari ubusa",
        "bikunze",
    ],
    cond_then: &["noneho"],
    retry: &[
        "niba bidaciyemo, ongera ugerageze",
        "niba byanze, ongera ubikore",
    ],
    keep_trying: &[
        "kandi ukomeze ugerageze kugeza bikunze",
        "kandi ukomeze ubisubiremo kugeza bikoze neza",
    ],
    fields: &[
        ("", "gusa"),
        ("mpa", "gusa"),
        ("nyereka", "gusa, nta bindi"),
    ],
    and: "na",
    sort_by: &[
        ("ubitondeke ukurikije", ""),
        ("bitondeke ukurikije", "kinini mbere"),
    ],
    filter_above: &[
        ("ibifite", "irenze", "gusa"),
        ("gusa ibyo", "yabyo iri hejuru ya", ""),
    ],
    count: &["ni bingahe?", "ni zingahe?", "mbwira umubare wabyo gusa"],
};

/// Chichewa (Nyanja).
pub(super) const CHICHEWA: Tongue = Tongue {
    parallel_pre: &["Nthawi imodzi:", "Zonse pamodzi:", "Zonse nthawi imodzi:"],
    parallel_post: &[
        " nthawi imodzi",
        " pamodzi",
        ", zonse pamodzi nthawi imodzi",
    ],
    parallel_join: &[", ndipo nthawi imodzi", ", komanso nthawi imodzi"],
    serial_pre: &[
        "Imodzi imodzi:",
        "Imodzi pambuyo pa inzake:",
        "Motsatizana:",
        "Osati nthawi imodzi:",
    ],
    serial_post: &[
        ", imodzi imodzi",
        ", imodzi pambuyo pa inzake",
        ", motsatizana",
        ", osati nthawi imodzi",
        ", osati pamodzi, imodzi imodzi",
    ],
    serial_join: &[", kenako", ". Kenako", ", pambuyo pake", ", ndipo kenako"],
    neutral_join: &[" ndi", ", komanso"],
    out_all: &["ndipatseni zotsatira zonse", "bwezerani zotsatira zonse"],
    out_last: &[
        "zotsatira zomaliza zokha",
        "chomaliza chokha ndichofunika",
        "ndipatseni chomaliza chokha",
    ],
    limit: &[
        ("mizere", "yoyamba yokha"),
        ("mizere", "yoyamba basi"),
        ("ndionetseni mizere", "yoyamba"),
    ],
    cond_if: &["ngati"],
    outcome: &[
        "yalephera",
        "sinabweretse kanthu",
        "yabweretsa error",
        "yabwera yopanda kanthu",
        "yagwira ntchito",
    ],
    cond_then: &["ndiye"],
    retry: &["ngati yalephera, yesaninso", "ngati pali error, bwerezani"],
    keep_trying: &[
        "ndipo pitirizani kuyesa mpaka zitheke",
        "ndipo yesaninso mpaka igwire ntchito",
    ],
    fields: &[
        ("", "zokha"),
        ("ndipatseni", "zokha"),
        ("", "zokha, palibe zina"),
        ("", "basi"),
    ],
    and: "ndi",
    sort_by: &[
        ("sanjani motsatira", ""),
        ("sanjani motengera", "kuyambira yaikulu"),
    ],
    filter_above: &[
        ("okhawo amene", "yawo ili pamwamba pa", ""),
        ("zokhazo zomwe", "yake ndi yoposa", ""),
    ],
    count: &["zilipo zingati?", "ndiuzeni chiwerengero chokha"],
};
