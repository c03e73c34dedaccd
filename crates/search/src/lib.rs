//! Tool search for catalogs too large to declare whole: which tools does a request in words need?
//!
//! An [`Index`] is built once over a catalog's [`Doc`]s (a tool's name, description and
//! arguments) and answers [`Index::search`] with the best matching tools, best first. The
//! ranking is BM25F: BM25 over the fields of a tool, each field's term counts weighted and
//! normalised by its own length, so that a word in a tool's name counts for more than one in a
//! long description. Terms come from [`terms::Terms`] (identifier splitting, stop words,
//! common abbreviations spelled out, stemming), for tools and queries alike: `list PRs` finds
//! `list_pull_requests`, and `repository` finds `get_repo`. [`Index::plain`] builds the
//! baseline the benchmark compares with: plain BM25 over all of a tool's text as one field,
//! with lowercased runs of letters, digits and `_` as terms.
//!
//! Search is total: an empty query, or one with no known term, answers no tools; a query of any
//! length reads at most [`terms::MAX_TERMS`] terms.

pub mod terms;

use std::collections::HashMap;

use serde_json::Value;
use terms::Terms;

/// What the search reads of one tool.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Doc {
    /// Its name (an identifier, split into words by the search).
    pub name: String,
    /// Its description.
    pub description: String,
    /// Its arguments.
    pub arguments: Vec<Argument>,
}

/// How deep [`Doc::from_schema`] reads nested objects' properties.
const SCHEMA_DEPTH: usize = 3;

impl Doc {
    /// A tool as the search reads it from its name, description and input JSON Schema: each
    /// property (and the properties of nested objects and arrays of objects, a few levels
    /// deep) is an argument, described by its `description` and the values of its `enum`,
    /// which are words a request says (`celsius`, `open`).
    pub fn from_schema(name: &str, description: &str, schema: &Value) -> Self {
        let mut arguments = Vec::new();
        read_properties(schema, 0, &mut arguments);
        Self {
            name: name.to_owned(),
            description: description.to_owned(),
            arguments,
        }
    }
}

fn read_properties(schema: &Value, depth: usize, out: &mut Vec<Argument>) {
    if depth >= SCHEMA_DEPTH {
        return;
    }
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else {
        return;
    };
    for (name, property) in properties {
        let mut description = property
            .get("description")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        for value in property
            .get("enum")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
        {
            description.push(' ');
            description.push_str(value);
        }
        out.push(Argument {
            name: name.clone(),
            description,
        });
        read_properties(property, depth + 1, out);
        if let Some(items) = property.get("items") {
            read_properties(items, depth + 1, out);
        }
    }
}

/// One argument of a tool.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Argument {
    /// Its name.
    pub name: String,
    /// Its description (may be empty).
    pub description: String,
}

/// One tool found: its index among the docs the index was built over, and its score.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hit {
    /// The index of the tool's [`Doc`].
    pub doc: usize,
    /// How well it matches (higher is better; only the order means anything).
    pub score: f32,
}

/// The fields of a tool and what a term in each is worth.
const FIELDS: usize = 4;
/// The weights of name, argument names, description and argument descriptions.
const WEIGHTS: [f32; FIELDS] = [3.0, 1.5, 1.0, 0.5];
/// BM25's saturation of term frequency.
const K1: f32 = 1.2;
/// BM25's length normalisation, per field.
const B: [f32; FIELDS] = [0.3, 0.5, 0.75, 0.75];

/// How terms are read and fields weighed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ranking {
    /// BM25F with identifier splitting, stop words and stemming.
    Fielded,
    /// Plain BM25 over one field, with whole lowercased words.
    Plain,
}

/// A search index over a catalog.
#[derive(Debug)]
pub struct Index {
    ranking: Ranking,
    terms: Terms,
    /// For each term, the docs it occurs in with its count in each field.
    postings: HashMap<String, Vec<(usize, [u16; FIELDS])>>,
    /// Each doc's length in terms, per field.
    lengths: Vec<[u32; FIELDS]>,
    /// The mean of each field's length (at least 1).
    mean_lengths: [f32; FIELDS],
}

impl Index {
    /// The index over `docs`, ranked by BM25F with identifier splitting and stemming.
    pub fn new(docs: &[Doc]) -> Self {
        Self::build(docs, Ranking::Fielded)
    }

    /// The baseline: plain BM25 over each doc's text as one field, words kept whole.
    pub fn plain(docs: &[Doc]) -> Self {
        Self::build(docs, Ranking::Plain)
    }

    fn build(docs: &[Doc], ranking: Ranking) -> Self {
        let mut index = Self {
            ranking,
            terms: Terms::default(),
            postings: HashMap::new(),
            lengths: Vec::with_capacity(docs.len()),
            mean_lengths: [1.0; FIELDS],
        };
        for (number, doc) in docs.iter().enumerate() {
            let fields = index.fields(doc);
            let mut counts: HashMap<&str, [u16; FIELDS]> = HashMap::new();
            let mut lengths = [0_u32; FIELDS];
            for (field, terms) in fields.iter().enumerate() {
                lengths[field] = u32::try_from(terms.len()).unwrap_or(u32::MAX);
                for term in terms {
                    let count = &mut counts.entry(term.as_str()).or_default()[field];
                    *count = count.saturating_add(1);
                }
            }
            for (term, count) in counts {
                index
                    .postings
                    .entry(term.to_owned())
                    .or_default()
                    .push((number, count));
            }
            index.lengths.push(lengths);
        }
        if !docs.is_empty() {
            for field in 0..FIELDS {
                let total: f64 = index.lengths.iter().map(|l| f64::from(l[field])).sum();
                index.mean_lengths[field] = ((total / docs.len() as f64) as f32).max(1.0);
            }
        }
        index
    }

    /// The terms of each field of `doc`: name, argument names, description, argument
    /// descriptions (the plain ranking puts everything in the first).
    fn fields(&self, doc: &Doc) -> [Vec<String>; FIELDS] {
        match self.ranking {
            Ranking::Fielded => [
                self.terms.of(&doc.name),
                doc.arguments
                    .iter()
                    .flat_map(|argument| self.terms.of(&argument.name))
                    .collect(),
                self.terms.of(&doc.description),
                doc.arguments
                    .iter()
                    .flat_map(|argument| self.terms.of(&argument.description))
                    .collect(),
            ],
            Ranking::Plain => {
                let mut all = terms::plain(&doc.name);
                all.extend(terms::plain(&doc.description));
                for argument in &doc.arguments {
                    all.extend(terms::plain(&argument.name));
                    all.extend(terms::plain(&argument.description));
                }
                [all, Vec::new(), Vec::new(), Vec::new()]
            }
        }
    }

    /// How many docs the index holds.
    pub fn len(&self) -> usize {
        self.lengths.len()
    }

    /// Whether the index holds no docs.
    pub fn is_empty(&self) -> bool {
        self.lengths.is_empty()
    }

    /// The `limit` docs that best match `query`, best first; ties go to the earlier doc. Docs
    /// that share no term with the query are never answered.
    pub fn search(&self, query: &str, limit: usize) -> Vec<Hit> {
        let mut query_terms = match self.ranking {
            Ranking::Fielded => self.terms.of(query),
            Ranking::Plain => terms::plain(query),
        };
        query_terms.sort_unstable();
        query_terms.dedup();
        let docs = self.len() as f32;
        let mut scores: HashMap<usize, f32> = HashMap::new();
        for term in &query_terms {
            let Some(postings) = self.postings.get(term) else {
                continue;
            };
            let n = postings.len() as f32;
            let idf = ((docs - n + 0.5) / (n + 0.5) + 1.0).ln();
            for (doc, counts) in postings {
                let tf = self.weighted_frequency(*doc, counts);
                *scores.entry(*doc).or_default() += idf * tf / (K1 + tf);
            }
        }
        let mut hits: Vec<Hit> = scores
            .into_iter()
            .map(|(doc, score)| Hit { doc, score })
            .collect();
        hits.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.doc.cmp(&b.doc)));
        hits.truncate(limit);
        hits
    }

    /// A term's count in `doc`, each field's count weighted and normalised by its length.
    fn weighted_frequency(&self, doc: usize, counts: &[u16; FIELDS]) -> f32 {
        let lengths = &self.lengths[doc];
        let (weights, b) = match self.ranking {
            Ranking::Fielded => (WEIGHTS, B),
            Ranking::Plain => ([1.0, 0.0, 0.0, 0.0], [0.75; FIELDS]),
        };
        (0..FIELDS)
            .filter(|&field| counts[field] > 0)
            .map(|field| {
                let relative = lengths[field] as f32 / self.mean_lengths[field];
                weights[field] * f32::from(counts[field]) / (1.0 - b[field] + b[field] * relative)
            })
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(name: &str, description: &str, arguments: &[&str]) -> Doc {
        Doc {
            name: name.to_owned(),
            description: description.to_owned(),
            arguments: arguments
                .iter()
                .map(|name| Argument {
                    name: (*name).to_owned(),
                    description: String::new(),
                })
                .collect(),
        }
    }

    fn catalog() -> Vec<Doc> {
        vec![
            doc(
                "listPullRequests",
                "Lists the pull requests of a repository.",
                &["owner", "repo", "state"],
            ),
            doc(
                "create_issue",
                "Opens a new issue in a GitHub repository.",
                &["owner", "repo", "title", "body"],
            ),
            doc(
                "read_file",
                "Reads the complete contents of a file from the file system.",
                &["path"],
            ),
            doc(
                "get_weather",
                "Current weather for a city.",
                &["city", "units"],
            ),
        ]
    }

    fn names(index: &Index, docs: &[Doc], query: &str) -> Vec<String> {
        index
            .search(query, 3)
            .iter()
            .map(|hit| docs[hit.doc].name.clone())
            .collect()
    }

    #[test]
    fn the_tool_whose_words_the_query_says_comes_first() {
        let docs = catalog();
        let index = Index::new(&docs);
        assert_eq!(names(&index, &docs, "create an issue")[0], "create_issue");
        assert_eq!(
            names(&index, &docs, "show me open pull requests")[0],
            "listPullRequests"
        );
        assert_eq!(names(&index, &docs, "weather in Oslo")[0], "get_weather");
        assert_eq!(names(&index, &docs, "reading files")[0], "read_file");
    }

    #[test]
    fn the_plain_baseline_misses_what_only_splitting_finds() {
        let docs = vec![
            doc("listPullRequests", "", &[]),
            doc("submit_form", "Sends a request form.", &[]),
        ];
        // `listPullRequests` is one word to plain BM25, and "request" is not "requests".
        assert_eq!(
            names(&Index::plain(&docs), &docs, "list pull request"),
            ["submit_form"]
        );
        assert_eq!(
            names(&Index::new(&docs), &docs, "list pull request")[0],
            "listPullRequests"
        );
    }

    #[test]
    fn abbreviations_meet_the_words_they_stand_for() {
        let docs = vec![
            doc(
                "list_pull_requests",
                "List and filter repository pull requests",
                &["owner", "repo", "state"],
            ),
            doc("create_directory", "Create a new directory.", &["path"]),
            doc("list_directory", "Get a listing of files.", &["path"]),
            doc(
                "get_repo",
                "Details of a GitHub project.",
                &["owner", "name"],
            ),
            doc(
                "post_message",
                "Post a new message to a channel",
                &["channel_id", "text"],
            ),
            doc("get_file_info", "Size and times of a file.", &["path"]),
            doc(
                "get_user_profile",
                "Profile information of a user",
                &["user_id"],
            ),
        ];
        let index = Index::new(&docs);
        for (query, tool) in [
            ("open PRs", "list_pull_requests"),
            ("mkdir", "create_directory"),
            ("ls the dir", "list_directory"),
            ("repository details", "get_repo"),
            ("send a msg", "post_message"),
            ("user info", "get_user_profile"),
        ] {
            assert_eq!(names(&index, &docs, query)[0], tool, "{query}");
        }
    }

    #[test]
    fn no_term_in_common_is_no_hit() {
        let docs = catalog();
        let index = Index::new(&docs);
        assert!(index.search("", 5).is_empty());
        assert!(index.search("   ", 5).is_empty());
        assert!(index.search("the of and", 5).is_empty());
        assert!(index.search("zebra", 5).is_empty());
        assert!(Index::new(&[]).search("issue", 5).is_empty());
    }

    #[test]
    fn a_schema_gives_arguments_with_their_enums_and_nested_properties() {
        let schema = serde_json::json!({"type": "object", "properties": {
            "city": {"type": "string", "description": "The city."},
            "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
            "filter": {"type": "object", "properties": {"state": {"type": "string"}}},
            "labels": {"type": "array", "items": {"type": "object", "properties": {"color": {}}}}
        }});
        let doc = Doc::from_schema("get_weather", "Weather now.", &schema);
        let arguments: Vec<(&str, &str)> = doc
            .arguments
            .iter()
            .map(|argument| (argument.name.as_str(), argument.description.as_str()))
            .collect();
        assert_eq!(
            arguments,
            [
                ("city", "The city."),
                ("unit", " celsius fahrenheit"),
                ("filter", ""),
                ("state", ""),
                ("labels", ""),
                ("color", "")
            ]
        );
        let docs = vec![
            doc,
            Doc::from_schema("get_time", "Time now.", &serde_json::json!({})),
        ];
        assert_eq!(
            names(&Index::new(&docs), &docs, "in fahrenheit")[0],
            "get_weather"
        );
    }

    #[test]
    fn a_huge_query_is_answered() {
        let docs = catalog();
        let index = Index::new(&docs);
        let query = "weather ".repeat(20_000);
        assert_eq!(names(&index, &docs, &query)[0], "get_weather");
    }

    #[test]
    fn limit_bounds_the_answer_and_ties_keep_catalog_order() {
        let docs = catalog();
        let index = Index::new(&docs);
        assert_eq!(index.search("repository owner", 1).len(), 1);
        let twins = vec![doc("a_tool", "same", &[]), doc("b_tool", "same", &[])];
        let index = Index::new(&twins);
        let hits = index.search("same", 5);
        assert_eq!(hits.iter().map(|hit| hit.doc).collect::<Vec<_>>(), [0, 1]);
    }
}
