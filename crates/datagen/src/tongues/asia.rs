//! The languages of Asia: Hindi and Arabic in Latin letters, Turkish, Indonesian, Tagalog, Japanese
//! in Latin letters, and Mandarin, Vietnamese and Korean in their own scripts.

use super::Tongue;

/// Hindi, in Latin letters.
pub(super) const HINDI: Tongue = Tongue {
    parallel_pre: &["Ek saath,", "Saath saath,", "Sab ek saath:"],
    parallel_post: &[
        " ek saath",
        " saath mein",
        ", sab ek saath",
        " ek hi time pe",
    ],
    parallel_join: &[", aur saath hi", ", aur usi time"],
    serial_pre: &["Ek ek karke:", "Baari baari se:", "Ek ke baad ek:"],
    serial_post: &[", ek ek karke", ", baari baari se", ", ek ke baad ek"],
    serial_join: &[", phir", ", uske baad", ". Uske baad", ", aur phir"],
    neutral_join: &[" aur", ", aur bhi"],
    out_all: &["saare results de do", "sab results bhejo"],
    out_last: &["sirf last wala result", "bas aakhri result"],
    limit: &[
        ("sirf pehle", "rows"),
        ("zyada se zyada", "rows"),
        ("bas pehle", ""),
    ],
    cond_if: &["agar", "jab"],
    outcome: &[
        "fail ho jaye",
        "kuch na de",
        "error de",
        "khaali aaye",
        "chal jaye",
    ],
    cond_then: &["toh", "tab"],
    retry: &[
        "agar fail ho, dobara try karo",
        "error aaye toh phir se chalao",
    ],
    keep_trying: &[
        "aur jab tak na chale, try karte raho",
        "aur chalne tak dobara karo",
    ],
    fields: &[("sirf", "chahiye"), ("bas", "dikhao")],
    and: "aur",
    sort_by: &[("", "ke hisaab se sort karo"), ("", "wise order mein")],
    filter_above: &[
        ("sirf jinka", "", "se zyada ho"),
        ("bas woh jahan", "", "se upar hai"),
    ],
    count: &["kitne hain?", "bas count bata do"],
};

/// Turkish.
pub(super) const TURKISH: Tongue = Tongue {
    parallel_pre: &["Aynı anda,", "Hepsi birlikte:", "Paralel olarak,"],
    parallel_post: &[" aynı anda", " birlikte", ", hepsi aynı anda"],
    parallel_join: &[", ve aynı anda", ", ve aynı zamanda"],
    serial_pre: &["Sırayla:", "Tek tek:", "Birer birer:"],
    serial_post: &[", sırayla", ", tek tek", ", birer birer"],
    serial_join: &[", sonra", ", ardından", ". Sonra", ", daha sonra"],
    neutral_join: &[" ve", ", bir de"],
    out_all: &["tüm sonuçları ver", "bütün sonuçlar lütfen"],
    out_last: &["sadece son sonuç", "yalnızca son sonucu ver"],
    limit: &[
        ("sadece ilk", "satır"),
        ("en fazla", "satır"),
        ("ilk", "tane yeter"),
    ],
    cond_if: &["eğer"],
    outcome: &[
        "başarısız olursa",
        "boş dönerse",
        "hata verirse",
        "bir şey bulamazsa",
        "çalışırsa",
    ],
    cond_then: &["o zaman"],
    retry: &["hata verirse tekrar dene", "olmazsa bir daha dene"],
    keep_trying: &["ve olana kadar tekrar dene", "ve çalışana kadar dene"],
    fields: &[("sadece", "lazım"), ("sadece", "")],
    and: "ve",
    sort_by: &[("", "göre sırala"), ("", "büyükten küçüğe")],
    filter_above: &[
        ("sadece", "", "üstünde olanlar"),
        ("sadece", "", "fazla olanlar"),
    ],
    count: &["kaç tane var?", "sadece sayısını söyle"],
};

/// Indonesian.
pub(super) const INDONESIAN: Tongue = Tongue {
    parallel_pre: &["Sekaligus,", "Bersamaan,", "Barengan:"],
    parallel_post: &[
        " sekaligus",
        " bersamaan",
        " barengan",
        ", semuanya sekaligus",
    ],
    parallel_join: &[", sekalian", ", dan bersamaan"],
    serial_pre: &["Satu-satu:", "Berurutan:", "Satu per satu:"],
    serial_post: &[", satu-satu", ", berurutan", ", satu per satu"],
    serial_join: &[", lalu", ", habis itu", ". Setelah itu", ", kemudian"],
    neutral_join: &[" dan", ", dan juga"],
    out_all: &["kasih semua hasilnya", "semua hasil ya"],
    out_last: &["hasil terakhir saja", "cuma hasil terakhir"],
    limit: &[
        ("hanya", "baris pertama"),
        ("maksimal", "baris"),
        ("paling banyak", "baris"),
    ],
    cond_if: &["kalau", "jika"],
    outcome: &[
        "gagal",
        "tidak mengembalikan apa-apa",
        "error",
        "kosong",
        "berhasil",
    ],
    cond_then: &["maka"],
    retry: &["kalau gagal, coba lagi", "kalau error, ulangi"],
    keep_trying: &["dan coba terus sampai berhasil", "dan ulangi sampai jalan"],
    fields: &[("hanya", "saja"), ("cuma", "")],
    and: "dan",
    sort_by: &[("urutkan berdasarkan", ""), ("diurutkan menurut", "")],
    filter_above: &[
        ("hanya yang", "di atas", ""),
        ("cuma yang", "lebih dari", ""),
    ],
    count: &["ada berapa?", "jumlahnya saja"],
};

/// Tagalog.
pub(super) const TAGALOG: Tongue = Tongue {
    parallel_pre: &["Sabay-sabay,", "Magkasabay:", "Sabay na lahat:"],
    parallel_post: &[" nang sabay", " nang sabay-sabay", ", sabay lahat"],
    parallel_join: &[", at sabay", ", at kasabay"],
    serial_pre: &["Isa-isa:", "Sunod-sunod:", "Isa-isahin:"],
    serial_post: &[", isa-isa", ", sunod-sunod", ", isa-isahin mo"],
    serial_join: &[", tapos", ", pagkatapos", ". Tapos", ", saka"],
    neutral_join: &[" at", ", at pati"],
    out_all: &["ibigay mo lahat ng resulta", "lahat ng resulta please"],
    out_last: &["yung huling resulta lang", "huling resulta lang"],
    limit: &[
        ("unang", "lang"),
        ("hanggang", "rows lang"),
        ("hindi hihigit sa", "rows"),
    ],
    cond_if: &["kung", "pag"],
    outcome: &[
        "pumalya",
        "walang binalik",
        "nag-error",
        "walang laman",
        "gumana",
    ],
    cond_then: &["edi"],
    retry: &["pag pumalya, ulitin mo", "kung mag-error, subukan ulit"],
    keep_trying: &[
        "at ulit-ulitin hanggang gumana",
        "at subukan ulit hanggang pumasok",
    ],
    fields: &[("yung", "lang"), ("", "lang")],
    and: "at",
    sort_by: &[("ayusin ayon sa", ""), ("i-sort by", "mula pinakamataas")],
    filter_above: &[
        ("yung mga", "na lampas sa", "lang"),
        ("yung", "na mas mataas sa", ""),
    ],
    count: &["ilan lahat?", "bilang lang"],
};

/// Japanese, in Latin letters.
pub(super) const JAPANESE: Tongue = Tongue {
    parallel_pre: &["Douji ni:", "Issho ni:", "Zenbu douji ni,"],
    parallel_post: &[" douji ni", " issho ni", ", zenbu douji ni onegaishimasu"],
    parallel_join: &[", to douji ni", ", sore to douji ni"],
    serial_pre: &["Junban ni:", "Hitotsuzutsu:", "Jun ni:"],
    serial_post: &[", junban ni", ", hitotsuzutsu", ", junban ni onegaishimasu"],
    serial_join: &[", sono ato", ", sorekara", ". Sono ato", ", tsugi ni"],
    neutral_join: &[" to", ", soshite"],
    out_all: &["zenbu no kekka kudasai", "kekka wa zenbu"],
    out_last: &["saigo no kekka dake", "saigo dake de ii"],
    limit: &[
        ("saisho no", "gyou dake"),
        ("saisho no", "ken dake"),
        ("jougen", "ken"),
    ],
    cond_if: &["moshi"],
    outcome: &[
        "ga shippai shitara",
        "ga nani mo kaesanakattara",
        "ga eraa ni nattara",
        "ga kara dattara",
        "ga umaku ittara",
    ],
    cond_then: &[],
    retry: &["dame nara mou ichido", "eraa nara yarinaoshite"],
    keep_trying: &["umaku iku made kurikaeshite", "toreru made retry shite"],
    fields: &[("", "dake"), ("", "dake onegaishimasu")],
    and: "to",
    sort_by: &[("", "no jun ni narabete"), ("", "de sooto shite")],
    filter_above: &[
        ("", "ga", "ijou no dake"),
        ("", "ga", "yori ookii mono dake"),
    ],
    count: &["nanken aru?", "kensuu dake oshiete"],
};

/// Mandarin, in characters.
pub(super) const MANDARIN: Tongue = Tongue {
    parallel_pre: &["同时：", "一起跑：", "并行："],
    parallel_post: &[" 同时", " 一起", "，同时跑"],
    parallel_join: &["，同时", "，一起"],
    serial_pre: &["一个一个来：", "按顺序：", "依次："],
    serial_post: &["，一个一个来", "，按顺序", "，依次执行"],
    serial_join: &["，然后", "，之后", "。然后", "，再"],
    neutral_join: &[" 和", "，还有"],
    out_all: &["所有结果都要", "全部结果给我"],
    out_last: &["只要最后的结果", "最后一个结果就行"],
    limit: &[("只要前", "条"), ("最多", "条"), ("前", "个就行")],
    cond_if: &["如果"],
    outcome: &["失败", "没返回", "报错", "是空的", "成功"],
    cond_then: &["就"],
    retry: &["失败了就重试", "报错的话再来一次"],
    keep_trying: &["一直重试直到成功", "不行就一直试"],
    fields: &[("只要", ""), ("只看", "")],
    and: "和",
    sort_by: &[("按", "排序"), ("按", "从高到低")],
    filter_above: &[("只要", "大于", "的"), ("只看", "超过", "的")],
    count: &["有多少个？", "只要数量"],
};

/// Vietnamese.
pub(super) const VIETNAMESE: Tongue = Tongue {
    parallel_pre: &["Cùng lúc:", "Chạy song song:", "Làm cùng lúc:"],
    parallel_post: &[" cùng lúc", " song song", ", chạy cùng lúc nhé"],
    parallel_join: &[", đồng thời", ", cùng lúc là"],
    serial_pre: &["Lần lượt:", "Từng cái một:", "Theo thứ tự:"],
    serial_post: &[", lần lượt", ", từng cái một", ", theo thứ tự"],
    serial_join: &[", rồi", ", sau đó", ". Sau đó", ", xong rồi"],
    neutral_join: &[" và", ", với cả"],
    out_all: &["trả hết kết quả", "cho mình tất cả kết quả"],
    out_last: &["chỉ cần kết quả cuối", "lấy kết quả cuối thôi"],
    limit: &[
        ("chỉ", "dòng đầu"),
        ("tối đa", "dòng"),
        ("lấy", "dòng đầu thôi"),
    ],
    cond_if: &["nếu"],
    outcome: &["lỗi", "không trả về gì", "bị lỗi", "trống", "chạy được"],
    cond_then: &["thì"],
    retry: &["nếu lỗi thì thử lại", "không được thì chạy lại"],
    keep_trying: &["và thử lại tới khi được", "và cứ chạy lại đến khi xong"],
    fields: &[("chỉ lấy", ""), ("chỉ cần", "thôi")],
    and: "và",
    sort_by: &[("sắp xếp theo", ""), ("xếp theo", "giảm dần")],
    filter_above: &[("chỉ những cái có", "trên", ""), ("chỉ lấy", "lớn hơn", "")],
    count: &["có bao nhiêu?", "chỉ cần số lượng"],
};

/// Arabic, in Latin letters and digits (Levantine and Egyptian).
pub(super) const ARABIC: Tongue = Tongue {
    parallel_pre: &["Sawa sawa:", "Kollhom sawa:", "Fi nafs el wa2t:"],
    parallel_post: &[" sawa", " fi nafs el wa2t", ", kollhom sawa"],
    parallel_join: &[", w sawa", ", w fi nafs el wa2t"],
    serial_pre: &["Wa7da wa7da:", "Bel tarteeb:", "Wa7ed wara el tani:"],
    serial_post: &[", wa7da wa7da", ", bel tarteeb", ", wa7ed wara el tani"],
    serial_join: &[", ba3den", ", ba3d keda", ". Ba3den", ", w ba3den"],
    neutral_join: &[" w", ", w kaman"],
    out_all: &["ebaatli kol el nataayej", "kol el results please"],
    out_last: &["bas akher result", "akher wa7ed bas"],
    limit: &[
        ("bas awwal", ""),
        ("mesh aktar men", "rows"),
        ("awwal", "bas"),
    ],
    cond_if: &["law", "iza"],
    outcome: &["fesel", "ma rajja3 shi", "3amal error", "fadi", "zabat"],
    cond_then: &[],
    retry: &["law fesel, a3ed", "iza 3amal error, jarreb kaman marra"],
    keep_trying: &["w dal jarreb la ye2ba", "w a3ed la7ad ma yezbat"],
    fields: &[("bas", ""), ("ebaatli bas", "")],
    and: "w",
    sort_by: &[
        ("rattebhom 7asab", ""),
        ("sort 7asab", "men el kbir lel sghir"),
    ],
    filter_above: &[
        ("bas elli", "aktar men", ""),
        ("bas elli 3andhom", "fo2", ""),
    ],
    count: &["kam wa7ed fi?", "bas el 3adad"],
};

/// Korean.
pub(super) const KOREAN: Tongue = Tongue {
    parallel_pre: &["동시에:", "한꺼번에:", "같이 돌려줘:"],
    parallel_post: &[" 동시에", " 한꺼번에", ", 동시에 해줘"],
    parallel_join: &[", 그리고 동시에", ", 같이"],
    serial_pre: &["하나씩:", "순서대로:", "차례대로:"],
    serial_post: &[", 하나씩", ", 순서대로", ", 차례대로 해줘"],
    serial_join: &[", 그 다음에", ", 그리고 나서", ". 그 다음", ", 다음에"],
    neutral_join: &[" 그리고", ", 또"],
    out_all: &["결과 다 줘", "모든 결과 보여줘"],
    out_last: &["마지막 결과만", "마지막 거만 줘"],
    limit: &[("처음", "개만"), ("최대", "개"), ("상위", "개만")],
    cond_if: &["만약"],
    outcome: &[
        "실패하면",
        "아무것도 안 나오면",
        "에러 나면",
        "비어 있으면",
        "성공하면",
    ],
    cond_then: &[],
    retry: &["실패하면 다시 해줘", "에러 나면 재시도"],
    keep_trying: &["그리고 될 때까지 계속 시도해", "성공할 때까지 반복해줘"],
    fields: &[("", "만"), ("", "만 보여줘")],
    and: "하고",
    sort_by: &[("", "순으로 정렬"), ("", "기준으로 내림차순")],
    filter_above: &[("", "이", "넘는 것만"), ("", "가", "이상인 것만")],
    count: &["몇 개야?", "개수만 알려줘"],
};
