//! The words that decide a plan, in the languages people switch to in the middle of an English
//! request ([`crate::Options::code_switch`]): a schedule (`ao mesmo tempo`, `nacheinander`), the
//! output (`solo el último resultado`), a row limit (`sadece ilk 5 satır`), a projection (`sirf
//! version aur status chahiye`), a condition (`agar ... fail ho jaye, toh ...`), a retry (`kalau
//! gagal, coba lagi`), a sort, a filter or a count (`trié par`, `kitne hain?`), while the tools,
//! the values and the rest of the sentence stay English.
//!
//! Fifty languages, by region in the files below: Spanish, Portuguese, French, German, Italian,
//! Dutch, Polish, Czech, Finnish, Hungarian and Welsh; Lithuanian, Latvian, Slovak, Croatian,
//! Romanian, Swedish; Hindi, Arabic, Japanese and Thai in Latin letters, and Tamil, Punjabi,
//! Nepali, Bengali, Sinhala, Khmer, Malayalam, Armenian, Persian and Sudanese Arabic as people
//! type them in chat; Turkish, Indonesian, Tagalog, Bisaya, Swahili, Twi, Haitian Kreyòl,
//! Luganda, Yoruba, isiZulu and Hausa; Russian, Ukrainian, Greek, Hebrew, Mandarin, Cantonese,
//! Vietnamese and Korean in their own scripts. A schedule is also
//! said by negating the other (`no al mismo tiempo`, `NICHT gleichzeitig`), and a projection by
//! what is not wanted (`y lo demás no`), as people write them.
//!
//! Twelve more, drawn only when asked ([`MORE`]): Lingala, Kinyarwanda, Chichewa, Setswana,
//! Malagasy, Fijian, Pashto, Kyrgyz, Tajik, Luxembourgish, Azerbaijani and Egyptian Arabic. And
//! made-up languages ([`unheard`]), whose words no one has, so that a network learns that words it
//! cannot read may decide a plan.
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

mod africa;
mod asia;
mod caribbean;
mod central_africa;
mod central_asia;
mod europe;
mod europe_east;
mod south_asia;
mod southern_islands;
mod unheard;
mod west_asia_africa;
mod west_more;

pub(crate) use unheard::unheard;

/// The languages, one record drawing at most one of them.
pub(crate) const TONGUES: &[Tongue] = &[
    europe::SPANISH,
    europe::PORTUGUESE,
    europe::FRENCH,
    europe::GERMAN,
    europe::ITALIAN,
    europe::DUTCH,
    asia::HINDI,
    asia::TURKISH,
    asia::INDONESIAN,
    africa::SWAHILI,
    asia::TAGALOG,
    europe::POLISH,
    asia::JAPANESE,
    europe::RUSSIAN,
    asia::MANDARIN,
    asia::VIETNAMESE,
    asia::ARABIC,
    asia::KOREAN,
    europe::CZECH,
    europe::FINNISH,
    europe::HUNGARIAN,
    europe::WELSH,
    asia::CANTONESE,
    asia::THAI,
    asia::BISAYA,
    africa::TWI,
    caribbean::KREYOL,
    europe_east::LITHUANIAN,
    europe_east::LATVIAN,
    europe_east::SLOVAK,
    europe_east::CROATIAN,
    europe_east::ROMANIAN,
    europe_east::UKRAINIAN,
    europe_east::SWEDISH,
    europe_east::GREEK,
    south_asia::TAMIL,
    south_asia::PUNJABI,
    south_asia::NEPALI,
    south_asia::BENGALI,
    south_asia::SINHALA,
    south_asia::KHMER,
    south_asia::MALAYALAM,
    west_asia_africa::ARMENIAN,
    west_asia_africa::PERSIAN,
    west_asia_africa::HEBREW,
    west_asia_africa::LUGANDA,
    west_asia_africa::YORUBA,
    west_asia_africa::ZULU,
    west_asia_africa::HAUSA,
    west_asia_africa::SUDANESE_ARABIC,
];

/// Twelve more languages, drawn beside [`TONGUES`] only with [`crate::Options::more_tongues`], so
/// that the records drawn without it stay as they were.
pub(crate) const MORE: &[Tongue] = &[
    central_africa::LINGALA,
    central_africa::KINYARWANDA,
    central_africa::CHICHEWA,
    southern_islands::SETSWANA,
    southern_islands::MALAGASY,
    southern_islands::FIJIAN,
    central_asia::PASHTO,
    central_asia::KYRGYZ,
    central_asia::TAJIK,
    west_more::LUXEMBOURGISH,
    west_more::AZERBAIJANI,
    west_more::EGYPTIAN_ARABIC,
];
