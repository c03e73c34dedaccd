//! The languages of West Asia and Africa: Armenian and Persian in Latin letters, Hebrew in its own
//! script, Luganda, Yoruba, isiZulu, Hausa, and Sudanese Arabic in Latin letters.

use super::Tongue;

/// Armenian (Eastern), in Latin letters the way it is typed in chat.
pub(super) const ARMENIAN: Tongue = Tongue {
    parallel_pre: &["Bolory miajamanak:", "Bolory miasin:", "Miangamic bolory:"],
    parallel_post: &[
        " miajamanak",
        " miasin",
        ", bolory miajamanak",
        ", miangamic",
    ],
    parallel_join: &[", u miajamanak", ", u miasin"],
    serial_pre: &["Mek-mek:", "Hertov:", "Irar hetevic:", "Voch miajamanak:"],
    serial_post: &[
        ", mek-mek",
        ", hertov",
        ", irar hetevic",
        ", voch miajamanak",
        ", miasin mi ara, mek-mek",
    ],
    serial_join: &[", heto", ", dranic heto", ". Heto", ", u heto"],
    neutral_join: &[" u", ", u el"],
    out_all: &["bolor ardyunqnery tur", "bolor result-nery ugharki"],
    out_last: &["menak verjin ardyunqy", "menak verjiny tur"],
    limit: &[
        ("menak arajin", "toghy"),
        ("amenashaty", "togh"),
        ("arajin", "haty menak"),
    ],
    cond_if: &["ete"],
    outcome: &[
        "fail exav",
        "voch mi ban chtvec",
        "error tvec",
        "datark exav",
        "normal ashxatec",
    ],
    cond_then: &["apa", "et depqum"],
    retry: &["ete chstacvi, noric pordzi", "ete error ta, mi hat el ara"],
    keep_trying: &["u pordzi minchev stacvi", "u krkni minchev normal ashxati"],
    fields: &[
        ("menak", ""),
        ("menak", "tur"),
        ("menak", "tur, mnacacy pet chi"),
    ],
    and: "u",
    sort_by: &[("dasavorir yst", ""), ("sort ara yst", "mecic poqr")],
    filter_above: &[
        ("menak voronc", "aveli mec a qan", ""),
        ("menak en toghery, voroncum", "aveli a qan", ""),
    ],
    count: &["qani hat ka?", "menak qanaky asa"],
};

/// Persian, in Latin letters the way it is typed in chat (Finglish).
pub(super) const PERSIAN: Tongue = Tongue {
    parallel_pre: &["Hame hamzaman:", "Hamash ba ham:", "Hamaro ba ham bezan:"],
    parallel_post: &[" hamzaman", " ba ham", ", hame ba ham"],
    parallel_join: &[", va hamzaman", ", va hamzaman ham"],
    serial_pre: &[
        "Yeki yeki:",
        "Be tartib:",
        "Poshte sare ham:",
        "Hamzaman na, yeki yeki:",
    ],
    serial_post: &[
        ", yeki yeki",
        ", be tartib",
        ", poshte sare ham",
        ", hamzaman na",
        ", ba ham ejra nakon, yeki yeki",
    ],
    serial_join: &[", baad", ", baadesh", ". Baadesh", ", baad az oon"],
    neutral_join: &[" va", ", va ham"],
    out_all: &["hame natayej ro bede", "hame result ha ro befrest"],
    out_last: &["faghat akharin natije", "faghat akhari ro bede"],
    limit: &[
        ("faghat", "ta radife aval"),
        ("hadaksar", "ta radif"),
        ("faghat", "taye aval"),
    ],
    cond_if: &["age", "agar"],
    outcome: &[
        "fail shod",
        "chizi barnagardoond",
        "error dad",
        "khali bood",
        "kar kard",
    ],
    cond_then: &["oonvaght"],
    retry: &[
        "age fail shod, dobare emtehan kon",
        "age error dad, ye bar dige bezan",
    ],
    keep_trying: &[
        "va enghadr emtehan kon ta kar kone",
        "va hey dobare bezan ta dorost beshe",
    ],
    fields: &[
        ("faghat", ""),
        ("faghat", "ro bede"),
        ("faghat", "ro mikham, baghie lazem nist"),
    ],
    and: "va",
    sort_by: &[
        ("bar asase", "sort kon"),
        ("moratab kon bar asase", "az bozorg be kuchik"),
    ],
    filter_above: &[
        ("faghat oonaei ke", "bishtar az", "e"),
        ("faghat radifaei ke", "balaye", "hast"),
    ],
    count: &["chand ta hast?", "faghat tedadesh ro begu"],
};

/// Hebrew, in Hebrew script.
pub(super) const HEBREW: Tongue = Tongue {
    parallel_pre: &["הכל במקביל:", "בבת אחת:", "תריץ הכל ביחד:"],
    parallel_post: &[" במקביל", " בבת אחת", ", הכל ביחד"],
    parallel_join: &[", ובמקביל", ", ובאותו זמן"],
    serial_pre: &["אחד אחד:", "לפי הסדר:", "אחד אחרי השני:", "לא במקביל:"],
    serial_post: &[
        ", אחד אחד",
        ", לפי הסדר",
        ", אחד אחרי השני",
        ", לא במקביל",
        ", לא להריץ ביחד, אחד אחד",
    ],
    serial_join: &[", ואז", ", אחר כך", ". אחרי זה", ", ואחרי זה"],
    neutral_join: &[" וגם", ", ועוד"],
    out_all: &["תביא את כל התוצאות", "כל התוצאות בבקשה"],
    out_last: &["רק את התוצאה האחרונה", "תחזיר רק את האחרון"],
    limit: &[
        ("רק", "שורות ראשונות"),
        ("מקסימום", "שורות"),
        ("תביא רק", "הראשונות"),
    ],
    cond_if: &["אם"],
    outcome: &["נכשל", "לא מחזיר כלום", "זורק שגיאה", "חוזר ריק", "עובד"],
    cond_then: &["אז"],
    retry: &["אם זה נכשל, תנסה שוב", "אם יש שגיאה, תריץ עוד פעם"],
    keep_trying: &["ותמשיך לנסות עד שזה יעבוד", "ותנסה שוב ושוב עד שזה יצליח"],
    fields: &[("רק", ""), ("תביא רק", ""), ("רק", "והשאר לא צריך")],
    and: "וגם",
    sort_by: &[("ממוין לפי", ""), ("תמיין לפי", "מהגדול לקטן")],
    filter_above: &[
        ("רק אלה שיש להם", "מעל", ""),
        ("תסנן רק את אלה עם", "מעל", ""),
    ],
    count: &["כמה יש?", "רק תגיד כמה"],
};

/// Luganda.
pub(super) const LUGANDA: Tongue = Tongue {
    parallel_pre: &[
        "Byonna mu kiseera kye kimu:",
        "Bikole wamu:",
        "Byonna omulundi gumu:",
    ],
    parallel_post: &[" wamu", " mu kiseera kye kimu", ", byonna omulundi gumu"],
    parallel_join: &[", era mu kiseera kye kimu", ", wamu ne"],
    serial_pre: &[
        "Emu ku emu:",
        "Kimu ku kimu:",
        "Kimu oluvannyuma lw'ekirala:",
        "Si mu kiseera kye kimu:",
    ],
    serial_post: &[
        ", emu ku emu",
        ", kimu ku kimu",
        ", kimu oluvannyuma lw'ekirala",
        ", si mu kiseera kye kimu",
        ", tobikola wamu, emu ku emu",
    ],
    serial_join: &[
        ", oluvannyuma",
        ", n'oluvannyuma",
        ". Oluvannyuma",
        ", ate oluvannyuma",
    ],
    neutral_join: &[" ne", ", era"],
    out_all: &["mpa ebivuddemu byonna", "njagala ebivuddemu byonna"],
    out_last: &["ekivuddemu ekisembayo kyokka", "mpa ekisembayo kyokka"],
    limit: &[
        ("ennyiriri", "ezisooka zokka"),
        ("ezisooka", "zokka"),
        ("tosussa ennyiriri", ""),
    ],
    cond_if: &["singa", "bwe"],
    outcome: &[
        "kigaanye",
        "tekizzizza kintu",
        "kireese error",
        "kiri kyereere",
        "kikoze bulungi",
    ],
    cond_then: &["olwo"],
    retry: &[
        "bwe kigaana, ddamu okigezaako",
        "bwe kireeta error, kiddemu",
    ],
    keep_trying: &[
        "era weeyongere okugezaako okutuusa lwe kinaakola",
        "era kiddemu okutuusa lwe kinaakola",
    ],
    fields: &[
        ("", "byokka"),
        ("mpa", "byokka"),
        ("mpa", "byokka, ebirala sibyetaaga"),
    ],
    and: "ne",
    sort_by: &[
        ("bisengeke okusinziira ku", ""),
        ("sengeka okusinziira ku", "okuva ku kinene okudda ku kitono"),
    ],
    filter_above: &[
        ("ebyo byokka ebirina", "esukka", ""),
        ("londa ebirina", "esukka", "byokka"),
    ],
    count: &["biri bimeka?", "mbuulira omuwendo gwokka"],
};

/// Yoruba, with tone marks or without them as people type in chat.
pub(super) const YORUBA: Tongue = Tongue {
    parallel_pre: &[
        "Gbogbo wọn lẹ́ẹ̀kan náà:",
        "Gbogbo wọn papọ̀:",
        "Ni akoko kan naa:",
    ],
    parallel_post: &[" papọ̀", " lẹ́ẹ̀kan náà", ", gbogbo won papo"],
    parallel_join: &[", àti ní àkókò kan náà", ", papọ̀ pẹ̀lú"],
    serial_pre: &[
        "Ọ̀kọ̀ọ̀kan:",
        "Okan lehin ekeji:",
        "Ní ṣísẹ̀-n-tẹ̀lé:",
        "Kì í ṣe lẹ́ẹ̀kan náà:",
    ],
    serial_post: &[
        ", ọ̀kọ̀ọ̀kan",
        ", okan lehin ekeji",
        ", ní ṣísẹ̀-n-tẹ̀lé",
        ", kì í ṣe lẹ́ẹ̀kan náà",
        ", ma se won papo, okookan",
    ],
    serial_join: &[", lẹ́yìn náà", ", leyin naa", ". Lẹ́yìn ìyẹn", ", lẹ́yìn ìyẹn"],
    neutral_join: &[" àti", ", ati"],
    out_all: &["fún mi ní gbogbo èsì", "fun mi ni gbogbo abajade"],
    out_last: &["èsì tó kẹ́yìn nìkan", "eyi to keyin nikan"],
    limit: &[
        ("ìlà", "àkọ́kọ́ nìkan"),
        ("kò ju ìlà", "lọ"),
        ("mú", "àkọ́kọ́ nìkan"),
    ],
    cond_if: &["tí", "bí"],
    outcome: &[
        "bá kùnà",
        "kò bá dá nǹkankan padà",
        "bá ní error",
        "bá ṣófo",
        "bá ṣiṣẹ́",
    ],
    cond_then: &["nígbà náà"],
    retry: &["tí ó bá kùnà, tún gbìyànjú", "ti o ba ni error, tun se e"],
    keep_trying: &[
        "kí o sì máa gbìyànjú títí yóò fi ṣiṣẹ́",
        "ki o si maa tun se titi yoo fi sise",
    ],
    fields: &[
        ("", "nìkan"),
        ("fún mi ní", "nìkan"),
        ("", "nìkan, mi ò fẹ́ àwọn yòókù"),
    ],
    and: "àti",
    sort_by: &[
        ("tò wọ́n lẹ́sẹẹsẹ gẹ́gẹ́ bí", ""),
        ("to won ni ibamu pelu", "lati eyi to tobi ju"),
    ],
    filter_above: &[
        ("àwọn tí", "wọn ju", "lọ nìkan"),
        ("awon ti", "won po ju", "lo nikan"),
    ],
    count: &["mélòó ni wọ́n?", "iye wọn nìkan"],
};

/// isiZulu.
pub(super) const ZULU: Tongue = Tongue {
    parallel_pre: &[
        "Konke kanyekanye:",
        "Ngesikhathi esisodwa:",
        "Konke ndawonye:",
    ],
    parallel_post: &[" kanyekanye", " ngesikhathi esisodwa", ", konke ndawonye"],
    parallel_join: &[", futhi kanyekanye", ", futhi ngesikhathi esisodwa"],
    serial_pre: &[
        "Eyodwa ngeyodwa:",
        "Ngokulandelana:",
        "Enye emva kwenye:",
        "Hhayi kanyekanye:",
    ],
    serial_post: &[
        ", eyodwa ngeyodwa",
        ", ngokulandelana",
        ", enye emva kwenye",
        ", hhayi kanyekanye",
        ", ungazenzi ndawonye, eyodwa ngeyodwa",
    ],
    serial_join: &[
        ", bese",
        ", emva kwalokho",
        ". Emva kwalokho",
        ", ngemuva kwalokho",
    ],
    neutral_join: &[" futhi", ", futhi"],
    out_all: &["ngiphe yonke imiphumela", "yonke imiphumela sicela"],
    out_last: &["umphumela wokugcina kuphela", "ngiphe owokugcina kuphela"],
    limit: &[
        ("imigqa", "yokuqala kuphela"),
        ("ungadluli imigqa", ""),
        ("ngiphe imigqa", "yokuqala"),
    ],
    cond_if: &["uma"],
    outcome: &[
        "ihluleka",
        "ingabuyisi lutho",
        "iveza i-error",
        "ingenalutho",
        "isebenza",
    ],
    cond_then: &["bese"],
    retry: &[
        "uma ihluleka, zama futhi",
        "uma kuba ne-error, phinda uyenze",
    ],
    keep_trying: &[
        "futhi uqhubeke uzama ize isebenze",
        "futhi uyiphinde ize iphumelele",
    ],
    fields: &[
        ("", "kuphela"),
        ("ngifuna", "kuphela"),
        ("", "kuphela, okunye angikudingi"),
    ],
    and: "ne",
    sort_by: &[
        ("zihlele ngokulandela", ""),
        ("hlela ngokulandela", "kusukela kokukhulu"),
    ],
    filter_above: &[
        ("lezo kuphela ezine", "engaphezu kuka", ""),
        ("kuphela lapho", "ingaphezu kuka", ""),
    ],
    count: &["zingaki?", "ngitshele inani kuphela"],
};

/// Hausa.
pub(super) const HAUSA: Tongue = Tongue {
    parallel_pre: &["Duka a lokaci guda:", "Duka tare:", "Ka yi su tare:"],
    parallel_post: &[" a lokaci guda", " tare", ", duka a lokaci guda"],
    parallel_join: &[", kuma a lokaci guda", ", tare da"],
    serial_pre: &[
        "Ɗaya bayan ɗaya:",
        "Daya-daya:",
        "Bi da bi:",
        "Ba a lokaci guda ba:",
    ],
    serial_post: &[
        ", ɗaya bayan ɗaya",
        ", daya-daya",
        ", bi da bi",
        ", ba a lokaci guda ba",
        ", kada ka gudanar da su tare, ɗaya bayan ɗaya",
    ],
    serial_join: &[", sannan", ", bayan haka", ". Bayan haka", ", sai kuma"],
    neutral_join: &[" kuma", ", da kuma"],
    out_all: &["ba ni duk sakamakon", "duk sakamakon gaba ɗaya"],
    out_last: &["sakamako na ƙarshe kawai", "na karshe kawai"],
    limit: &[
        ("layuka", "na farko kawai"),
        ("kar ya wuce layuka", ""),
        ("farkon", "kawai"),
    ],
    cond_if: &["idan"],
    outcome: &[
        "ya kasa",
        "bai dawo da komai ba",
        "ya ba da error",
        "ya dawo babu komai",
        "ya yi aiki",
    ],
    cond_then: &["sai"],
    retry: &[
        "idan ya kasa, ka sake gwadawa",
        "idan an samu error, sake yi",
    ],
    keep_trying: &[
        "kuma ka ci gaba da gwadawa har sai ya yi aiki",
        "kuma ka yi ta maimaitawa har sai ya yi nasara",
    ],
    fields: &[
        ("", "kawai"),
        ("ba ni", "kawai"),
        ("", "kawai, sauran ba na buƙata"),
    ],
    and: "da",
    sort_by: &[
        ("jera su bisa", ""),
        ("jera su bisa", "daga babba zuwa ƙarami"),
    ],
    filter_above: &[
        ("waɗanda", "ɗinsu ya fi", "kawai"),
        ("masu", "sama da", "kawai"),
    ],
    count: &["guda nawa ne?", "adadin kawai"],
};

/// Sudanese Arabic, in Latin letters the way it is typed in chat.
pub(super) const SUDANESE_ARABIC: Tongue = Tongue {
    parallel_pre: &[
        "Kullu fi nafs al wakit:",
        "Kullu ma3 ba3ad:",
        "Sawwihum ma3 ba3ad:",
    ],
    parallel_post: &[" ma3 ba3ad", " fi nafs al wakit", ", kullu ma3 ba3ad"],
    parallel_join: &[", w fi nafs al wakit", ", w ma3ahu"],
    serial_pre: &[
        "Wahid wahid:",
        "Bil tartib:",
        "Wahid ba3d wahid:",
        "Ma fi nafs al wakit:",
    ],
    serial_post: &[
        ", wahid wahid",
        ", bil tartib",
        ", wahid ba3d wahid",
        ", ma fi nafs al wakit",
        ", ma tashaghghilhum ma3 ba3ad, wahid wahid",
    ],
    serial_join: &[", ba3dain", ", ba3d dak", ". Ba3dain", ", w ba3dain"],
    neutral_join: &[" wa", ", w barda"],
    out_all: &["addini kull al nataij", "kull al results addinihum"],
    out_last: &["al akhir bas", "addini al natija al akhira bas"],
    limit: &[
        ("awwal", "sufuf bas"),
        ("ma tazid 3ala", "sufuf"),
        ("addini awwal", "bas"),
    ],
    cond_if: &["kan", "lau"],
    outcome: &[
        "fashal",
        "ma jab ay haja",
        "talla3 error",
        "ja faadi",
        "ishtaghal tamam",
    ],
    cond_then: &[],
    retry: &["kan fashal, jarribu tani", "kan talla3 error, a3milu tani"],
    keep_trying: &[
        "w khallik tajarrib lahaddi ma yishtaghil",
        "w a3idu tani w tani lahaddi ma yamshi",
    ],
    fields: &[
        ("ana dayir", "bas"),
        ("addini", "bas"),
        ("dayir", "bas, al baagi ma dayru"),
    ],
    and: "wa",
    sort_by: &[
        ("rattibhum 3ala hasab", ""),
        ("sort 3ala hasab", "min al kabir lil saghayar"),
    ],
    filter_above: &[
        ("bas al 3indahum", "akbar min", ""),
        ("addini al", "hagguhum fog", "bas"),
    ],
    count: &["hinnu kam?", "addini al 3adad bas"],
};
