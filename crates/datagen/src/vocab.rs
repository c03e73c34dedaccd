//! Name vocabularies, split between training and test.
//!
//! Every pool here comes in two disjoint halves. Training records draw only from the training
//! half; test records draw only from the test half, so the test split measures how the planner
//! handles tool names, argument names, property names and filler prose it has never seen.

use codemode_plan::ArgType;

use crate::Split;

/// Picks the half of a pool that belongs to `split`.
pub(crate) fn half<'a, T>(split: Split, train: &'a [T], test: &'a [T]) -> &'a [T] {
    match split {
        Split::Train | Split::Dev => train,
        Split::Test => test,
    }
}

/// Verbs that start composed tool names.
pub(crate) const VERBS_TRAIN: &[&str] = &[
    "get", "list", "fetch", "create", "update", "search", "send", "find", "check", "sync", "post",
    "read", "add", "remove", "archive", "resolve", "scan", "export", "start", "stop", "restart",
    "deploy", "count", "sort", "filter", "retry", "close", "open", "lookup", "set",
];
/// Test-only verbs.
pub(crate) const VERBS_TEST: &[&str] = &[
    "load",
    "query",
    "publish",
    "approve",
    "rotate",
    "summarize",
    "translate",
    "schedule",
    "cancel",
    "enable",
    "disable",
    "upload",
    "download",
    "validate",
    "render",
    "compute",
    "merge",
    "assign",
    "notify",
    "sum",
    "group",
    "repeat",
    "order",
    "reserve",
    "book",
    "track",
];

/// Nouns of composed tool names, as (singular, plural).
pub(crate) const NOUNS_TRAIN: &[(&str, &str)] = &[
    ("user", "users"),
    ("ticket", "tickets"),
    ("weather", "weather"),
    ("forecast", "forecasts"),
    ("repo", "repos"),
    ("issue", "issues"),
    ("pull_request", "pull_requests"),
    ("email", "emails"),
    ("message", "messages"),
    ("order", "orders"),
    ("invoice", "invoices"),
    ("product", "products"),
    ("file", "files"),
    ("log", "logs"),
    ("job", "jobs"),
    ("build", "builds"),
    ("host", "hosts"),
    ("metric", "metrics"),
    ("alert", "alerts"),
    ("customer", "customers"),
    ("account", "accounts"),
    ("payment", "payments"),
    ("team", "teams"),
    ("project", "projects"),
    ("task", "tasks"),
    ("comment", "comments"),
    ("word", "words"),
    ("item", "items"),
    ("code", "code"),
    ("page", "pages"),
];
/// Test-only nouns.
pub(crate) const NOUNS_TEST: &[(&str, &str)] = &[
    ("flight", "flights"),
    ("hotel", "hotels"),
    ("recipe", "recipes"),
    ("song", "songs"),
    ("playlist", "playlists"),
    ("book", "books"),
    ("patient", "patients"),
    ("shipment", "shipments"),
    ("device", "devices"),
    ("sensor", "sensors"),
    ("contract", "contracts"),
    ("lead", "leads"),
    ("meeting", "meetings"),
    ("photo", "photos"),
    ("video", "videos"),
    ("article", "articles"),
    ("employee", "employees"),
    ("vendor", "vendors"),
    ("warehouse", "warehouses"),
    ("container", "containers"),
    ("cluster", "clusters"),
    ("secret", "secrets"),
    ("certificate", "certificates"),
    ("domain", "domains"),
    ("row", "rows"),
    ("record", "records"),
];

/// Adjectives that may stand between verb and noun (`list_open_pull_requests`).
pub(crate) const ADJ_TRAIN: &[&str] = &["open", "recent", "active", "all", "pending", "failed"];
/// Test-only adjectives.
pub(crate) const ADJ_TEST: &[&str] = &["upcoming", "expired", "archived", "new", "top", "stale"];

/// Qualifiers that may end a composed name (`get_user_by_email`).
pub(crate) const QUAL_TRAIN: &[&str] = &[
    "by_id", "by_email", "for_repo", "for_team", "details", "status", "history", "v2",
];
/// Test-only qualifiers.
pub(crate) const QUAL_TEST: &[&str] = &[
    "by_name",
    "for_user",
    "in_region",
    "summary",
    "info",
    "count",
    "v3",
    "async",
];

/// Whole tool names: short words, JavaScript hazards and names that collide with cue words.
pub(crate) const SPECIAL_TRAIN: &[&str] = &[
    "ping",
    "echo",
    "search",
    "hasOwnProperty",
    "run",
    "healthcheck",
    "whoami",
    "list_open_pull_requests_for_repo",
    "get_current_weather_for_city",
    "$fetch",
    "_internal_sync",
    "last",
    "café_menu",
];
/// Test-only whole tool names.
pub(crate) const SPECIAL_TEST: &[&str] = &[
    "valueOf",
    "prototype",
    "_",
    "next",
    "after",
    "sum_rows",
    "group_by",
    "order_items",
    "top",
    "lookup",
    "translate",
    "isPrototypeOf",
    "both",
    "each",
    "summarize_all_open_support_tickets_for_customer",
    "$$",
    "parallel",
    "first",
    "noop",
    "búsqueda",
];

/// Train-only tool names that are also cue words of the training phrasings (schedule, output,
/// row limits, repeats), drawn with `Options::cue_names`. Each is a word of the training prose
/// and none a test-only name (a unit test checks both), so the held-out split still meets the
/// hazard names of [`SPECIAL_TEST`] (`both`, `first`, `parallel`, `next`) unseen.
pub(crate) const CUE_NAMES_TRAIN: &[&str] = &[
    "together",
    "concurrently",
    "simultaneously",
    "sequentially",
    "serially",
    "again",
    "also",
    "only",
    "all",
    "final",
    "additionally",
    "once",
    "keep",
    "output",
    "same",
    "rows",
    "results",
    "everything",
    "limit",
    "skip",
    "plus",
    "before",
    "meanwhile",
    "batch",
    "sequence",
    "wait",
    "just",
    "one",
    "done",
    "later",
    "finally",
    "start",
];

/// Names that planner.md itself lists as hazards (cue words, JavaScript hazards). They are the one
/// exception to the split: the shipped planner must know them, so both splits draw them.
pub(crate) const SPECIAL_SHARED: &[&str] = &[
    "then",
    "retry_job",
    "count_words",
    "filter_logs",
    "sort_items",
    "constructor",
    "toString",
    "__proto__",
    "$",
];

/// What sort of value an argument takes, so values look like what the name suggests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Person,
    Place,
    Email,
    Ident,
    Team,
    Phrase,
    Path,
    Host,
    Url,
    Date,
    Code,
    Order,
    Small,
    Count,
    Big,
    Money,
    Signed,
    Ratio,
    Flag,
}

impl Kind {
    pub(crate) fn ty(self) -> ArgType {
        match self {
            Kind::Small | Kind::Count | Kind::Big | Kind::Money | Kind::Signed | Kind::Ratio => {
                ArgType::Number
            }
            Kind::Flag => ArgType::Boolean,
            _ => ArgType::String,
        }
    }
}

/// Argument names with the kind of value they take.
pub(crate) const ARGS_TRAIN: &[(&str, Kind)] = &[
    ("team", Kind::Team),
    ("city", Kind::Place),
    ("id", Kind::Ident),
    ("user_id", Kind::Ident),
    ("userId", Kind::Ident),
    ("email", Kind::Email),
    ("name", Kind::Person),
    ("title", Kind::Phrase),
    ("query", Kind::Phrase),
    ("repo", Kind::Path),
    ("owner", Kind::Person),
    ("branch", Kind::Code),
    ("path", Kind::Path),
    ("host", Kind::Host),
    ("subject", Kind::Phrase),
    ("body", Kind::Phrase),
    ("channel", Kind::Team),
    ("status", Kind::Code),
    ("tag", Kind::Code),
    ("region", Kind::Place),
    ("url", Kind::Url),
    ("assignee", Kind::Person),
    ("since", Kind::Date),
    ("to", Kind::Email),
    ("from", Kind::Email),
    ("repoName", Kind::Path),
    ("pageToken", Kind::Ident),
    ("days", Kind::Small),
    ("page", Kind::Small),
    ("per_page", Kind::Count),
    ("amount", Kind::Money),
    ("priority", Kind::Small),
    ("number", Kind::Big),
    ("port", Kind::Big),
    ("timeout", Kind::Count),
    ("retries", Kind::Small),
    ("offset", Kind::Signed),
    ("threshold", Kind::Ratio),
    ("active", Kind::Flag),
    ("verbose", Kind::Flag),
    ("dry_run", Kind::Flag),
    ("force", Kind::Flag),
    ("include_archived", Kind::Flag),
    ("in_stock", Kind::Flag),
    ("notify", Kind::Flag),
    ("draft", Kind::Flag),
];
/// Test-only argument names.
pub(crate) const ARGS_TEST: &[(&str, Kind)] = &[
    ("destination", Kind::Place),
    ("origin", Kind::Place),
    ("airline", Kind::Code),
    ("isbn", Kind::Ident),
    ("author", Kind::Person),
    ("genre", Kind::Phrase),
    ("artist", Kind::Person),
    ("deviceId", Kind::Ident),
    ("cluster", Kind::Code),
    ("namespace", Kind::Code),
    ("domain", Kind::Host),
    ("recipient", Kind::Email),
    ("note", Kind::Phrase),
    ("locale", Kind::Code),
    ("vendor", Kind::Team),
    ("sortKey", Kind::Code),
    ("endpoint", Kind::Url),
    ("filename", Kind::Path),
    ("start_date", Kind::Date),
    ("nights", Kind::Small),
    ("guests", Kind::Small),
    ("rating", Kind::Ratio),
    ("max_results", Kind::Count),
    ("min_score", Kind::Ratio),
    ("year", Kind::Big),
    ("radius", Kind::Money),
    ("batch_size", Kind::Count),
    ("delta", Kind::Signed),
    ("size", Kind::Count),
    ("include_drafts", Kind::Flag),
    ("archived", Kind::Flag),
    ("public", Kind::Flag),
    ("refundable", Kind::Flag),
    ("urgent", Kind::Flag),
    ("both", Kind::Flag),
];

/// Argument names that planner.md lists as colliding with cue words, drawn in both splits.
pub(crate) const ARGS_SHARED: &[(&str, Kind)] = &[
    ("last", Kind::Small),
    ("all", Kind::Flag),
    ("first", Kind::Person),
    ("limit", Kind::Count),
    ("count", Kind::Count),
    ("order", Kind::Order),
    ("top_k", Kind::Count),
];

/// Property names of returned objects and rows.
pub(crate) const PROPS_TRAIN: &[&str] = &[
    "id",
    "name",
    "email",
    "title",
    "status",
    "created_at",
    "url",
    "score",
    "path",
    "role",
    "city",
    "price",
    "total",
    "state",
    "owner",
    "size",
    "updated_at",
    "author",
    "body",
    "login",
    "temperature",
    "priority",
    "labels",
    "sha",
];
/// Test-only property names.
pub(crate) const PROPS_TEST: &[&str] = &[
    "isbn",
    "genre",
    "artist",
    "duration",
    "rating",
    "origin",
    "destination",
    "gate",
    "seat",
    "serial",
    "firmware",
    "namespace",
    "replicas",
    "expires_at",
    "issuer",
    "headline",
    "summary",
    "population",
    "altitude",
    "uid",
    "handle",
    "phone",
];

/// Sentences of context that name nothing.
pub(crate) const FILLERS_TRAIN: &[&str] = &[
    "I'm putting together the weekly report.",
    "This is for the Monday standup.",
    "Quick one.",
    "We have a customer waiting on this.",
    "Sorry to bother you again.",
    "No rush on this.",
    "Heads up, this is a bit urgent.",
    "The dashboard looked stale this morning.",
    "My manager asked me to double-check something.",
    "I'm on my phone, so excuse the typos.",
    "We're about 2 weeks behind on this.",
    "It's for the 3rd quarter review.",
    "Hope your day is going well.",
    "Just need this before lunch.",
    "Long story short, the numbers look off.",
    "I tried this by hand and gave up.",
    "Context: we are migrating the old system.",
    "This came up in a meeting earlier.",
    "Our biggest customer has been emailing support since Tuesday and I promised an update today.",
    "I know this is a strange request, but the audit team needs it on record.",
    "For context, the previous owner of this workflow left the company in March.",
    "We moved the billing system over the weekend and a few numbers look suspicious.",
    "Nothing is on fire, I just want to be sure before the release goes out.",
    "I'm writing this from the train so the connection might drop.",
    "The staging environment has been flaky for about 10 days now.",
    "Our team lead wants a quick sanity check.",
    "Apologies for the long message, it's been one of those weeks.",
    "There were 3 incidents this week and I'm trying to make sense of them.",
    "I'm covering for a colleague who is out sick.",
    "The finance folks asked for this twice already.",
    "We're trying to close out the sprint by 5pm.",
    "Not urgent, but it would make my afternoon easier.",
    "We have 5 minutes before the demo starts.",
    "Last week 12 people asked me about this.",
    "The top priority today is the release.",
    "I'll be out from the 14th to the 21st.",
    "Build 3187 was the last good one, apparently.",
    "Our on-call rotation changes at 6pm.",
    "The first attempt at this went badly.",
    "Around 40 customers are affected.",
    "Version 2.4 shipped yesterday.",
    "We hit 99.9% uptime last month and want to keep it.",
    "Two of the 7 servers were rebooted this morning.",
    "It took me 45 minutes to figure out what was wrong.",
    "Hope you had a good weekend.",
    "Sorry for the short notice.",
    "Let me know if anything is unclear.",
    "I'm doing some housekeeping today.",
    "This is mostly for my own sanity.",
    "Trying to wrap things up today.",
    "The sales folks keep asking about it.",
    "Things have been hectic lately.",
    "My boss wants an update by end of day.",
    "I'm not very technical, sorry.",
    "english is not my native language, sorry for mistakes",
    "This should be quick.",
    "Sorry, it's been a busy morning.",
    "Following up on yesterday's thread.",
    "Someone on the support desk flagged this.",
    "Everything seemed fine yesterday.",
    "This is a one-off request.",
    "We're short-staffed today.",
    "ok so here's the deal",
    "sry, typing fast",
    "The release notes depend on this.",
    "Just want to be sure before we ship.",
];
/// Test-only context sentences.
pub(crate) const FILLERS_TEST: &[&str] = &[
    "I'm preparing slides for the board.",
    "The on-call engineer pinged me about this.",
    "Bear with me, it's my 1st week here.",
    "We got 4 complaints overnight.",
    "This is part of the audit.",
    "I'd really appreciate the help.",
    "The intern usually handles this.",
    "It's been a long day.",
    "We promised the client an answer by Friday.",
    "Nothing fancy needed here.",
    "Our office moved last month, hence the request.",
    "Please bear in mind I'm new to these tools.",
    "The vendor contract renews in 6 weeks and legal wants the details.",
    "Our mobile app crashed for about 2 hours yesterday evening.",
    "I've been asked to double check a few things before the quarterly review.",
    "Sorry if this is obvious, I usually work on the design side.",
    "A customer in Singapore reported something odd overnight.",
    "I'm trying to reconcile two spreadsheets that disagree.",
    "The dashboard has been showing stale data since the migration.",
    "My manager is on vacation so I'm handling this myself.",
    "This is blocking a release for 4 teams.",
    "We need this for the compliance report due Thursday.",
];

/// Greetings that may open a chatty instruction.
pub(crate) const GREETINGS_TRAIN: &[&str] = &[
    "Hi!",
    "Hey there,",
    "Hello,",
    "Good morning.",
    "Hi team —",
    "Hey,",
    "Yo,",
    "Hello!",
    "Hi all,",
    "Hi folks,",
    "Hey team,",
    "Hi there!",
    "Hello there,",
    "Howdy,",
    "Hey all,",
    "hey hey,",
    "Dear assistant,",
];
/// Test-only greetings.
pub(crate) const GREETINGS_TEST: &[&str] = &[
    "Greetings.",
    "Hiya,",
    "Good afternoon!",
    "Hello again —",
    "Morning!",
];

/// Closings that may end a chatty instruction.
pub(crate) const THANKS_TRAIN: &[&str] = &[
    "Thanks!",
    "Thank you.",
    "Thanks in advance.",
    "Cheers.",
    "Much appreciated!",
    "Thx",
    "Thanks a lot!",
    "Thank you so much.",
    "Thanks a bunch.",
    "ty",
    "tysm!",
    "Thank you kindly.",
    "Thanks so much!",
    "Big thanks.",
    "Thank u",
    "Thanks heaps!",
];
/// Test-only closings.
pub(crate) const THANKS_TEST: &[&str] = &[
    "Many thanks.",
    "Ta!",
    "You're a star.",
    "Grateful as always.",
];
