//! The languages of Central Asia: Pashto in Latin letters as people type it in chat (with a few
//! phrases in its own script), and Kyrgyz and Tajik both in Latin letters and in Cyrillic, the
//! two ways people type them.

use super::Tongue;

/// Pashto, in Latin letters the way it is typed in chat, with a few phrases in Pashto script.
pub(super) const PASHTO: Tongue = Tongue {
    parallel_pre: &["Pa yaw wakht:", "Tol yaw zay:", "Tol pa yaw wakht chalawa:"],
    parallel_post: &[
        " pa yaw wakht",
        " yaw zay",
        ", tol pa yaw wakht",
        " په یو وخت",
    ],
    parallel_join: &[", aw pa hamagha wakht", ", aw yaw zay"],
    serial_pre: &[
        "Yaw pa bal pase:",
        "Pa tartib sara:",
        "Yaw yaw:",
        "Pa yaw wakht na:",
    ],
    serial_post: &[
        ", yaw pa bal pase",
        ", pa tartib sara",
        ", yaw yaw",
        ", pa yaw wakht na",
        ", pa yaw wakht NA, yaw pa bal pase",
    ],
    serial_join: &[", bia", ", wrusta", ". Wrusta", ", aw bia"],
    neutral_join: &[" aw", ", aw hum"],
    out_all: &[
        "tol natijey rakra",
        "tol natijey ghwaram",
        "ټولې نتیجې راکړه",
    ],
    out_last: &[
        "yawazi wrostay natija",
        "sirf wrostay natija rakra",
        "یوازې وروستۍ نتیجه",
    ],
    limit: &[
        ("lumri", "rows rakra"),
        ("yawazi lumri", "qatarona"),
        ("zyat na zyat", "qatarona"),
    ],
    cond_if: &["ka", "ka chere"],
    outcome: &[
        "fail shi",
        "hech na rakri",
        "error rakri",
        "khali rashi",
        "kar wuki",
    ],
    cond_then: &["bia", "biya"],
    retry: &[
        "ka fail shi, bia kosheesh wuka",
        "ka error rakri, yaw zal bia ye chalawa",
    ],
    keep_trying: &[
        "aw tar hagha chi kar wuki bia kosheesh wuka",
        "aw kosheesh ta dawam warkra tar chi kamyab shi",
    ],
    fields: &[
        ("sirf", ""),
        ("sirf", "rakra"),
        ("yawazi", "ghwaram, nor pakar na di"),
    ],
    and: "aw",
    sort_by: &[
        ("da", "pa asas tartib kra"),
        ("tartib ye kra da", "pa asas, loy lumray"),
    ],
    filter_above: &[
        ("sirf hagha chi", "tar", "ziyat wi"),
        ("yawazi hagha chi", "ye tar", "zyat di"),
    ],
    count: &["tso dana di?", "sirf shmer ye rata wayah", "څو دي؟"],
};

/// Kyrgyz, in Latin letters the way it is typed in chat and in Cyrillic.
pub(super) const KYRGYZ: Tongue = Tongue {
    parallel_pre: &["Bir ubakytta:", "Baaryn choguu:", "Баарын бир убакытта:"],
    parallel_post: &[
        " bir ubakytta",
        " choguu",
        ", baaryn bir ubakytta",
        " бир убакытта",
    ],
    parallel_join: &[", jana ushul ele ubakytta", ", жана бир убакытта"],
    serial_pre: &[
        "Kezek menen:",
        "Birinen kiyin biri:",
        "Bir ubakytta emes:",
        "Кезек менен:",
        "Биринен кийин бири:",
    ],
    serial_post: &[
        ", kezek menen",
        ", birinen kiyin biri",
        ", bir ubakytta emes",
        ", кезек менен",
        ", бир убакытта эмес, биринен кийин бири",
    ],
    serial_join: &[", andan kiyin", ", andan soñ", ". Andan kiyin", ", анан"],
    neutral_join: &[" jana", ", jana dagy"],
    out_all: &[
        "baarysyn kaytar",
        "bardyk natyyjalardy ber",
        "бардык натыйжаларды бер",
    ],
    out_last: &[
        "akyrkysyn gana kaytar",
        "akyrkysynyn natyyjasy gana",
        "акыркы натыйжасын гана бер",
    ],
    limit: &[
        ("birinchi", "gana"),
        ("birinchi", "sap gana"),
        ("алгачкы", "сап гана"),
        ("eñ köp", "sap"),
    ],
    cond_if: &["eger", "egerde"],
    outcome: &[
        "ishtebese",
        "ech nerse kaytarbasa",
        "kata berse",
        "bosh kelse",
        "ishtese",
    ],
    cond_then: &["anda"],
    retry: &[
        "ishtebese, kayra jasap kor",
        "kata berse, dagy bir jolu ishtet",
        "иштебесе, кайра аракет кыл",
    ],
    keep_trying: &[
        "jana ishtegence kayra-kayra jasay ber",
        "жана иштегенче кайра-кайра аракет кыла бер",
    ],
    fields: &[
        ("", "gana"),
        ("", "gana kerek"),
        ("", "гана керек"),
        ("", "gana, kalgany kerek emes"),
    ],
    and: "jana",
    sort_by: &[
        ("tizmeni", "boyuncha irette"),
        ("", "boyuncha chongunan bashtap irette"),
        ("тизмени", "боюнча иретте"),
    ],
    filter_above: &[
        ("", "maanisi", "dan kop bolgondoru gana"),
        ("", "мааниси", "дан жогору болгондору гана"),
    ],
    count: &["kancha bar?", "sanyn gana ayt", "канча бар?"],
};

/// Tajik, in Latin letters the way it is typed in chat and in Cyrillic.
pub(super) const TAJIK: Tongue = Tongue {
    parallel_pre: &["Hamzamon:", "Hamaash yakjoya:", "Ҳамааш ҳамзамон:"],
    parallel_post: &[" hamzamon", " yakjoya", ", hamaash hamzamon", " ҳамзамон"],
    parallel_join: &[", va hamzamon", ", ва ҳамзамон"],
    serial_pre: &[
        "Yak ba yak:",
        "Pai ham:",
        "Na hamzamon, yak ba yak:",
        "Як ба як:",
        "Паи ҳам:",
    ],
    serial_post: &[
        ", yak ba yak",
        ", pai ham",
        ", na hamzamon",
        ", як ба як",
        ", на ҳамзамон, паи ҳам",
    ],
    serial_join: &[", pas", ", baadan", ". Баъд", ", ва баъд"],
    neutral_join: &[" va", ", va inchunin"],
    out_all: &[
        "hamai natijaho lozim",
        "hamai natijahoro deh",
        "ҳамаи натиҷаҳоро деҳ",
    ],
    out_last: &[
        "faqat natijai oxirin",
        "natija faqat oxirinash",
        "фақат натиҷаи охирин",
    ],
    limit: &[
        ("faqat", "satri avval"),
        ("", "satri avval bas"),
        ("фақат", "сатри аввал"),
    ],
    cond_if: &["agar", "agar ki"],
    outcome: &[
        "kor nakunad",
        "hech chiz barnagardonad",
        "xato dihad",
        "xoli bargardad",
        "kor kunad",
    ],
    cond_then: &["on goh", "pas"],
    retry: &[
        "agar kor nakunad, boz kushish kun",
        "agar xato dod, yak bori digar ijro kun",
        "агар нашуд, боз кӯшиш кун",
    ],
    keep_trying: &[
        "va boz-boz kushish kun to ki kor kunad",
        "ва кӯшишро давом деҳ, то даме ки кор кунад",
    ],
    fields: &[
        ("faqat", ""),
        ("", "faqat"),
        ("faqat", "lozim, boqiash darkor nest"),
        ("фақат", ""),
    ],
    and: "va",
    sort_by: &[
        ("az rui", "tartib deh"),
        ("az rui", "murattab kun, az kalon ba khurd"),
        ("аз рӯи", "мураттаб кун"),
    ],
    filter_above: &[
        ("faqat onhoe ki", "ziyoda az", ""),
        ("faqat onhoe ki", "beshtar az", "ast"),
        ("фақат онҳое ки", "зиёда аз", "аст"),
    ],
    count: &["chand to ast?", "faqat shumorashro gu", "чандто ҳаст?"],
};
