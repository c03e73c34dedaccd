//! The languages of South and South-East Asia: Tamil, Punjabi, Nepali, Bengali, Sinhala, Khmer
//! and Malayalam, all in Latin letters as people type them in chat.

use super::Tongue;

/// Tamil, in Latin letters ("Tanglish").
pub(super) const TAMIL: Tongue = Tongue {
    parallel_pre: &[
        "Ore time-la:",
        "Ellathayum ore time-la pannu:",
        "Orey nerathula:",
    ],
    parallel_post: &[
        " ore time-la",
        " ellam ore time-la",
        ", ellathayum orey nerathula run pannu",
    ],
    parallel_join: &[", athe time-la", ", athe nerathula"],
    serial_pre: &[
        "Onnu onna:",
        "Varisaiya:",
        "Onnu mudinja aprom innonnu:",
        "Ore time-la venaam:",
    ],
    serial_post: &[
        ", onnu onna",
        ", varisaiya",
        ", onnu mudinja aprom innonnu",
        ", ore time-la run pannatha",
        ", ore time-la venaam, onnu onna pannu",
    ],
    serial_join: &[", aprom", ", athukku aprom", ". Aprom", ", apparam"],
    neutral_join: &[", apdiye", ", athu mattum illama"],
    out_all: &["ella results-um kudu", "ellathoda result-um venum"],
    out_last: &["last result mattum podhum", "kadaisi result mattum kudu"],
    limit: &[
        ("mudhal", "rows mattum"),
        ("athigapatcham", "rows"),
        ("mudhal", "mattum podhum"),
    ],
    cond_if: &["oruvela", "oru vela"],
    outcome: &[
        "fail aana",
        "onnum return pannalana",
        "error vandha",
        "empty-a vandha",
        "work aana",
    ],
    cond_then: &["appo", "appadina"],
    retry: &[
        "fail aana, thirumba try pannu",
        "error vandha, innoru thadava run pannu",
    ],
    keep_trying: &[
        "work aagura varaikkum try pannikitte iru",
        "success aagura varai thirumba thirumba try pannu",
    ],
    fields: &[
        ("", "mattum"),
        ("enakku", "mattum venum"),
        ("", "mattum, matha ellam venaam"),
    ],
    and: "matrum",
    sort_by: &[("", "vechu sort pannu"), ("", "base panni sort pannu")],
    filter_above: &[
        ("", "", "ku mela irukkurathu mattum"),
        ("", "", "vida adhigama irukkurathu mattum"),
    ],
    count: &["ethana irukku?", "count mattum sollu"],
};

/// Punjabi, in Latin letters.
pub(super) const PUNJABI: Tongue = Tongue {
    parallel_pre: &["Ikatthe:", "Sare ikko time te:", "Ikk vaari ch sare:"],
    parallel_post: &[" ikatthe", " ikko time te", ", sare ikatthe"],
    parallel_join: &[", te naal naal", ", te ussey time"],
    serial_pre: &[
        "Ikk ikk karke:",
        "Vaari vaari:",
        "Ikk ton baad dooja:",
        "Ikatthe nahi:",
    ],
    serial_post: &[
        ", ikk ikk karke",
        ", vaari vaari",
        ", ikk ton baad dooja",
        ", ikatthe na chalaayo",
        ", sare ikatthe nahi, ikk ikk karke",
    ],
    serial_join: &[", fer", ", ohde baad", ". Ohde baad", ", te fer"],
    neutral_join: &[" te", ", te naale"],
    out_all: &["sare results de deyo", "saareyan de results chahide ne"],
    out_last: &["bas aakhri wala result", "sirf aakhri result hi chahida"],
    limit: &[
        ("sirf pehliyan", "rows"),
        ("vadh ton vadh", "rows"),
        ("bas pehliyan", "rows hi"),
    ],
    cond_if: &["je", "jekar"],
    outcome: &[
        "fail ho jaave",
        "kuch na deve",
        "error deve",
        "khaali aave",
        "chal jaave",
    ],
    cond_then: &["taan", "fer"],
    retry: &[
        "je fail ho jaave taan dubara try karo",
        "error aave taan fer chalaayo",
    ],
    keep_trying: &[
        "te jado tak na chale, try karde raho",
        "te chalan tak dubara karde raho",
    ],
    fields: &[
        ("sirf", "chahide"),
        ("bas", "dikha deyo"),
        ("bas", "hi chahide, baaki nahi chahida"),
    ],
    and: "te",
    sort_by: &[
        ("", "de hisaab naal sort karo"),
        ("", "mutabik order ch lao"),
    ],
    filter_above: &[
        ("sirf jinna da", "", "ton zyada hove"),
        ("bas oh jithe", "", "ton upar hove"),
    ],
    count: &["kinne ne?", "bas ginti dasso"],
};

/// Nepali, in Latin letters.
pub(super) const NEPALI: Tongue = Tongue {
    parallel_pre: &["Ekai samaya ma:", "Sabai sangai:", "Ekai choti ma sabai:"],
    parallel_post: &[" sangai", " ekai samaya ma", ", sabai ekai choti ma"],
    parallel_join: &[", ra sangai", ", ra ekai samaya ma"],
    serial_pre: &[
        "Ek ek garera:",
        "Palaipalo:",
        "Ek pachi arko:",
        "Sangai hoina, ek ek garera:",
    ],
    serial_post: &[
        ", ek ek garera",
        ", palaipalo",
        ", ek pachi arko",
        ", sangai nachalau",
        ", ekai choti hoina, ek ek garera",
    ],
    serial_join: &[", ani", ", tespachi", ". Tespachi", ", ani pachi"],
    neutral_join: &[" ra", ", sathai"],
    out_all: &["sabai results deu", "sabai result pathau"],
    out_last: &["antim result matra", "last ko result matra deu"],
    limit: &[
        ("pahila", "rows matra"),
        ("badhi ma", "rows"),
        ("pahilo", "wota matra"),
    ],
    cond_if: &["yedi", "yadi"],
    outcome: &[
        "fail bhayo bhane",
        "kei diyena bhane",
        "error aayo bhane",
        "khali aayo bhane",
        "chalyo bhane",
    ],
    cond_then: &["ani", "tyo bela"],
    retry: &[
        "fail bhayo bhane feri try gara",
        "error aayo bhane pheri chalau",
    ],
    keep_trying: &[
        "ani nachalunjel try gari raha",
        "ani kaam nagarunjel feri feri try gara",
    ],
    fields: &[
        ("", "matra"),
        ("", "matra chahiyo"),
        ("", "matra, aru chahindaina"),
    ],
    and: "ra",
    sort_by: &[("", "anusar sort gara"), ("", "ko hisab le milau")],
    filter_above: &[
        ("", "", "bhanda badhi bhako matra"),
        ("jasko", "", "bhanda mathi cha, tyo matra"),
    ],
    count: &["kati wota chan?", "count matra bhana"],
};

/// Bengali, in Latin letters.
pub(super) const BENGALI: Tongue = Tongue {
    parallel_pre: &["Ek sathe:", "Sobgulo ek sathe:", "Eki shomoye:"],
    parallel_post: &[" ek sathe", " eki shomoye", ", sobgulo ek sathe"],
    parallel_join: &[", ar ek sathe", ", ar eki shomoye"],
    serial_pre: &[
        "Ekta ekta kore:",
        "Ekta por ekta:",
        "Ekta shesh hole arekta:",
        "Ek sathe na:",
    ],
    serial_post: &[
        ", ekta ekta kore",
        ", ekta por ekta",
        ", ekta shesh hole arekta",
        ", ek sathe chalio na",
        ", ek sathe na, ekta ekta kore",
    ],
    serial_join: &[", tarpor", ", er pore", ". Tarpor", ", tarpore"],
    neutral_join: &[" ar", ", ar tachara"],
    out_all: &["sob result dao", "sobgulo result pathao"],
    out_last: &["shudhu last result ta", "sudhu shesh result ta dao"],
    limit: &[
        ("shudhu prothom", "ta row"),
        ("beshi hole", "ta row"),
        ("prothom", "tai"),
    ],
    cond_if: &["jodi", "jokhon"],
    outcome: &[
        "fail kore",
        "kichu na dey",
        "error dey",
        "khali ashe",
        "kaj kore",
    ],
    cond_then: &["tahole", "tokhon"],
    retry: &["fail korle abar try koro", "error dile abar chalao"],
    keep_trying: &[
        "ar jotokkhon na chole, try korte thako",
        "ar kaj na kora porjonto abar abar try koro",
    ],
    fields: &[
        ("shudhu", ""),
        ("shudhu", "dao"),
        ("shudhu", "lagbe, baki gulo lagbe na"),
    ],
    and: "ar",
    sort_by: &[("", "diye sort koro"), ("", "onujayi sajao")],
    filter_above: &[
        ("shudhu jegulor", "", "er theke beshi"),
        ("jader", "", "er upore, shudhu shegulo"),
    ],
    count: &["koyta ache?", "shudhu count ta bolo"],
};

/// Sinhala, in Latin letters ("Singlish").
pub(super) const SINHALA: Tongue = Tongue {
    parallel_pre: &["Eka welawe:", "Okkoma ekapara:", "Okkoma ekata:"],
    parallel_post: &[" eka welawe", " ekata", ", okkoma ekapara"],
    parallel_join: &[", eka welawema", ", ekkama"],
    serial_pre: &[
        "Ekin eka:",
        "Piliwelata:",
        "Ekak iwara wela anika:",
        "Ekata epa:",
    ],
    serial_post: &[
        ", ekin eka",
        ", piliwelata",
        ", ekak iwara wela anika",
        ", ekata run karanna epa",
        ", eka welawe epa, ekin eka",
    ],
    serial_join: &[", itapasse", ", passe", ". Itapasse", ", eeta passe"],
    neutral_join: &[" saha", ", ita amatharawa"],
    out_all: &["okkoma results denna", "results okkoma ewanna"],
    out_last: &["anthima result eka witharak", "last result eka witharai"],
    limit: &[
        ("mul", "rows witharak"),
        ("wadiyenma", "rows"),
        ("palaweni", "witharai"),
    ],
    cond_if: &["yam heyakin", "yamheyakin"],
    outcome: &[
        "fail unoth",
        "mukuth return kale nathnam",
        "error ekak aawoth",
        "his unoth",
        "wada kaloth",
    ],
    cond_then: &["ehenam", "ethakota"],
    retry: &[
        "fail unoth aye try karanna",
        "error ekak aawoth aye run karanna",
    ],
    keep_trying: &[
        "wada karanakan digatama try karanna",
        "hariyanakan aye aye try karanna",
    ],
    fields: &[
        ("", "witharak"),
        ("", "witharak denna"),
        ("", "witharai, anith ewa epa"),
    ],
    and: "saha",
    sort_by: &[("", "anuwa sort karanna"), ("", "anuwa piliwelata danna")],
    filter_above: &[
        ("", "", "ta wadi ewa witharak"),
        ("", "", "ta wada wadi ewa witharai"),
    ],
    count: &["kiyak thiyenawada?", "count eka witharak kiyanna"],
};

/// Khmer, in Latin letters as typed in chat.
pub(super) const KHMER: Tongue = Tongue {
    parallel_pre: &["Prom knea:", "Run prom knea teang ors:", "Tver prom knea:"],
    parallel_post: &[" prom knea", " prom knea teang ors", ", tver prom knea"],
    parallel_join: &[", prom knea nung", ", hery prom knea nung"],
    serial_pre: &[
        "Mdong mouy mdong mouy:",
        "Mouy mouy:",
        "Tam lumdab:",
        "Kom prom knea, mouy mouy:",
    ],
    serial_post: &[
        ", mdong mouy mdong mouy",
        ", tam lumdab",
        ", mouy ruoch mouy",
        ", kom run prom knea",
        ", kom prom knea, mdong mouy mdong mouy",
    ],
    serial_join: &[", ruoch", ", bondab mk", ". Bondab mk", ", ruoch hery"],
    neutral_join: &[" nung", ", hery nung"],
    out_all: &["som result teang ors", "yok lotthaphol teang ors mk"],
    out_last: &["yok tae result chong kroy", "som tae lotthaphol chong kroy"],
    limit: &[
        ("yok tae", "row dambong"),
        ("min leus", "row"),
        ("tae", "row dambong"),
    ],
    cond_if: &["bae", "brasen bae"],
    outcome: &[
        "fail",
        "ot chenh avey",
        "chenh error",
        "mk totey",
        "run ban",
    ],
    cond_then: &[],
    retry: &["bae fail, sak mdong tiet", "bae error, run mdong tiet"],
    keep_trying: &[
        "hery sak teu rhot dol ban",
        "hery kom chhob sak, rhot dol run ban",
    ],
    fields: &[
        ("yok tae", ""),
        ("", "ponnoh"),
        ("yok tae", "ponnoh, phsaeng tiet ot trov ka"),
    ],
    and: "nung",
    sort_by: &[("sort tam", ""), ("reap tam", "pi thom tov touch")],
    filter_above: &[
        ("yok tae a del", "leus", ""),
        ("tae a na del", "chraen cheang", ""),
    ],
    count: &["mean ponman?", "prab tae chamnuon"],
};

/// Malayalam, in Latin letters ("Manglish").
pub(super) const MALAYALAM: Tongue = Tongue {
    parallel_pre: &["Orumichu:", "Ellam orumichu:", "Ore samayathu:"],
    parallel_post: &[" orumichu", " ore samayathu", ", ellam orumichu run cheyyu"],
    parallel_join: &[", athinte koode", ", athe samayathu"],
    serial_pre: &[
        "Onnonnayi:",
        "Kramathil:",
        "Onnu kazhinju aduthathu:",
        "Orumichu venda:",
    ],
    serial_post: &[
        ", onnonnayi",
        ", kramathil",
        ", onninu pirake onnu",
        ", orumichu run cheyyanda",
        ", orumichu venda, onnonnayi mathi",
    ],
    serial_join: &[", pinne", ", athu kazhinju", ". Athu kazhinju", ", ennittu"],
    neutral_join: &[", koodathe", ", athupole"],
    out_all: &["ella results-um tharu", "ellathinteyum result venam"],
    out_last: &[
        "last result mathram mathi",
        "avasanathe result mathram tharu",
    ],
    limit: &[
        ("aadyathe", "rows mathram"),
        ("kooduthal aayaal", "rows"),
        ("aadyathe", "ennam mathi"),
    ],
    cond_if: &["engaanum", "ini engaanum"],
    outcome: &[
        "fail aayaal",
        "onnum return cheythillenkil",
        "error vannaal",
        "empty aayi vannaal",
        "work aayaal",
    ],
    cond_then: &["appo", "appol"],
    retry: &[
        "fail aayaal veendum try cheyyu",
        "error vannaal onnoode run cheyyu",
    ],
    keep_trying: &[
        "work aakunnathu vare try cheythukondirikku",
        "sheri aakunnathu vare veendum veendum try cheyyu",
    ],
    fields: &[
        ("", "mathram"),
        ("", "mathram mathi"),
        ("", "mathram, baakki onnum venda"),
    ],
    and: "pinne",
    sort_by: &[("", "vechu sort cheyyu"), ("", "anusarichu sort cheyyu")],
    filter_above: &[
        ("", "", "il kooduthal ullathu mathram"),
        ("", "", "ne kaal kooduthal ullathu mathram"),
    ],
    count: &["ethra ennam undu?", "count mathram paranju tharu"],
};
