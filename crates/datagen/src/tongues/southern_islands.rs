//! The languages of southern Africa and the islands: Setswana, Malagasy and Fijian, in Latin
//! letters the way people type them.

use super::Tongue;

/// Setswana.
pub(super) const SETSWANA: Tongue = Tongue {
    parallel_pre: &["Ka nako e le nngwe:", "Tsotlhe mmogo:", "Di dire mmogo:"],
    parallel_post: &[" mmogo", " ka nako e le nngwe", ", tsotlhe mmogo"],
    parallel_join: &[", mme ka nako e le nngwe", ", mme mmogo le moo"],
    serial_pre: &[
        "Ka tatelano:",
        "Nngwe ka nngwe:",
        "Go latelana:",
        "E seng mmogo:",
    ],
    serial_post: &[
        ", ka tatelano",
        ", nngwe ka nngwe",
        ", go latelana",
        ", e seng ka nako e le nngwe",
        ", e seng mmogo, nngwe morago ga e nngwe",
    ],
    serial_join: &[
        ", morago ga moo",
        ", e latelwe ke",
        ". Morago ga moo",
        ", mme morago",
    ],
    neutral_join: &[" le", ", le gape"],
    out_all: &["mpha dikarabo tsotlhe", "ke batla dikarabo tsotlhe"],
    out_last: &["karabo ya bofelo fela", "mpha ya bofelo fela"],
    limit: &[
        ("tsa ntlha", "fela"),
        ("mela ya ntlha", "fela"),
        ("tse", "tsa ntlha fela"),
    ],
    cond_if: &["fa", "fa e le gore"],
    outcome: &[
        "e palelwa",
        "e sa busetse sepe",
        "e ntsha phoso",
        "e boa e le lolea",
        "e dira sentle",
    ],
    cond_then: &[],
    retry: &["fa e palelwa, leka gape", "fa go na le phoso, e dire gape"],
    keep_trying: &[
        "mme o tswelele o leka go fitlha e dira",
        "mme o leke gape go fitlha e tsena",
    ],
    fields: &[
        ("", "fela"),
        ("ke batla", "fela"),
        ("bontsha", "fela, ga ke batle sepe se sele"),
    ],
    and: "le",
    sort_by: &[
        ("di rulaganye go ya ka", ""),
        ("rulaganya go ya ka", "tse dikgolo pele"),
    ],
    filter_above: &[
        ("tse", "ya tsone e fetang", "fela"),
        ("ke batla tse", "ya tsone e kwa godimo ga", "fela"),
    ],
    count: &["di kae?", "ke di kae tsotlhe?", "mpolelele palo fela"],
};

/// Malagasy.
pub(super) const MALAGASY: Tongue = Tongue {
    parallel_pre: &[
        "Miaraka daholo:",
        "Ataovy miaraka:",
        "Miaraka indray mandeha:",
    ],
    parallel_post: &[" miaraka", " miaraka daholo", ", mitovy fotoana"],
    parallel_join: &[
        ", ary miaraka amin'izay",
        ", ary amin'ny fotoana iray ihany",
    ],
    serial_pre: &[
        "Tsirairay:",
        "Misesy:",
        "Iray aorian'ny iray:",
        "Tsy miaraka:",
    ],
    serial_post: &[
        ", tsirairay",
        ", misesy",
        ", iray aorian'ny iray",
        ", tsy miaraka",
        ", aza atao miaraka, tsirairay",
    ],
    serial_join: &[", avy eo", ", aorian'izay", ". Avy eo", ", dia avy eo"],
    neutral_join: &[" sy", ", ary"],
    out_all: &["omeo ahy ny valiny rehetra", "avereno daholo ny valiny"],
    out_last: &["ny valiny farany ihany", "ny farany ihany no ilaiko"],
    limit: &[
        ("ny", "voalohany ihany"),
        ("asehoy ny", "voalohany ihany"),
        ("ny", "andalana voalohany ihany"),
    ],
    cond_if: &["raha"],
    outcome: &[
        "tsy mandeha",
        "tsy mamerina na inona na inona",
        "misy hadisoana",
        "banga ny valiny",
        "mandeha tsara",
    ],
    cond_then: &["dia"],
    retry: &[
        "raha tsy mandeha, andramo indray",
        "raha misy hadisoana, avereno indray",
    ],
    keep_trying: &[
        "ary andramo hatrany mandra-pahombiny",
        "ary avereno hatramin'ny tafita",
    ],
    fields: &[
        ("", "ihany"),
        ("", "ihany no ilaiko"),
        ("omeo ahy ny", "fotsiny, tsy mila ny hafa"),
    ],
    and: "sy",
    sort_by: &[
        ("alaharo araka ny", ""),
        ("alaharo araka ny", "ny lehibe indrindra aloha"),
    ],
    filter_above: &[
        ("ireo izay", "mihoatra ny", "ihany"),
        ("ireo izay manana", "ambony noho ny", "ihany no asehoy"),
    ],
    count: &[
        "firy?",
        "firy daholo ny isany?",
        "omeo ahy ny isany fotsiny",
    ],
};

/// Fijian.
pub(super) const FIJIAN: Tongue = Tongue {
    parallel_pre: &["E na gauna vata:", "Vakadua:", "Caka vata kece:"],
    parallel_post: &[
        " e na gauna vata",
        " vata ga",
        ", vata kece",
        " ena gauna vata",
    ],
    parallel_join: &[", ka e na gauna vata", ", ka vata ga kei na"],
    serial_pre: &[
        "Me veitaravi:",
        "Vakayadua:",
        "Veitaravi ga:",
        "Kua ni vata:",
    ],
    serial_post: &[
        ", me veitaravi",
        ", vakayadua",
        ", veitaravi ga",
        ", kua ni vata",
        ", kua ni caka vata, veitaravi ga",
    ],
    serial_join: &[", qai", ", oti qai", ". Oti qai", ", ni oti qai"],
    neutral_join: &[" kei na", ", ka"],
    out_all: &["soli mai kece na isau", "soli mai na isau kece"],
    out_last: &["na iotioti ga soli mai", "na isau iotioti ga"],
    limit: &[
        ("imatai ni", "ga"),
        ("soli mai na imatai ni", "ga"),
        ("na imatai ni", "na laini ga"),
    ],
    cond_if: &["kevaka", "ke"],
    outcome: &[
        "e calaka",
        "e sega ni lesu mai e dua na ka",
        "e basika e dua na cala",
        "e lesu lala mai",
        "e cakacaka vinaka",
    ],
    cond_then: &["qai"],
    retry: &[
        "kevaka e calaka, tovolea tale",
        "ke basika e dua na cala, caka tale",
    ],
    keep_trying: &[
        "ka tovolea tale me yacova ni rawa",
        "ka tomana tiko na tovolea me yacova ni cakacaka",
    ],
    fields: &[
        ("", "ga"),
        ("soli mai ga na", ""),
        ("na", "ga, sega ni gadrevi na kena vo"),
    ],
    and: "kei",
    sort_by: &[
        ("tuvani ira me vaka na", ""),
        ("tuvani ira ena", "mai na levu ki na lailai"),
    ],
    filter_above: &[
        ("ko ira ga na", "e levu cake mai na", ""),
        ("vakaraitaka ga na", "e sivia na", ""),
    ],
    count: &["e vica?", "e vica kece?", "tukuna mai ga na iwiliwili"],
};
