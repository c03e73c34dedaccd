//! The instruction builder: prose with a casing style, and labeled pieces that record their spans.
//!
//! Prose goes through [`Text::w`] (a space before it when needed) or [`Text::p`] (glued to what
//! precedes, for punctuation), and gets the record's casing style. Names and values go through the
//! labeled methods, which never change their text and record one byte span each.

use crate::values::Lit;
use crate::{Role, Span};

/// The label of an inserted piece: its role, call and argument.
pub(crate) type Label<'a> = (Role, Option<usize>, Option<&'a str>);

/// How the prose of one instruction is cased.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Case {
    /// Sentence case: a capital at the start of each sentence.
    Sentence,
    /// Everything lower case.
    Lower,
    /// Everything upper case.
    Upper,
    /// Every word capitalised.
    Title,
    /// Left as written (for a phrase that goes inside a sentence).
    AsIs,
}

impl Case {
    /// The case for a phrase written apart and put inside a sentence of this case.
    pub(crate) fn phrase(self) -> Case {
        match self {
            Case::Sentence => Case::AsIs,
            other => other,
        }
    }
}

/// An instruction being written.
#[derive(Debug)]
pub(crate) struct Text {
    pub(crate) buf: String,
    pub(crate) spans: Vec<Span>,
    case: Case,
    tight: bool,
}

/// `word` with its first letter in capitals.
pub(crate) fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().collect::<String>() + chars.as_str(),
        None => String::new(),
    }
}

impl Text {
    pub(crate) fn new(case: Case) -> Text {
        Text {
            buf: String::with_capacity(256),
            spans: Vec::new(),
            case,
            tight: false,
        }
    }

    /// Changes the casing style of the prose still to be written.
    pub(crate) fn set_case(&mut self, case: Case) {
        self.case = case;
    }

    fn at_sentence_start(&self) -> bool {
        let trimmed = self.buf.trim_end();
        trimmed.is_empty() || trimmed.ends_with(['.', '!', '?', '\n'])
    }

    /// Glues the next piece to what precedes it.
    pub(crate) fn tight(&mut self) {
        self.tight = true;
    }

    fn space(&mut self) {
        if std::mem::take(&mut self.tight) {
            return;
        }
        if let Some(last) = self.buf.chars().last()
            && !last.is_whitespace()
            && !matches!(last, '(' | '[' | '{' | '\u{201C}')
        {
            self.buf.push(' ');
        }
    }

    fn cased(&self, prose: &str) -> String {
        match self.case {
            Case::Sentence => {
                if self.at_sentence_start() {
                    capitalise(prose)
                } else {
                    prose.to_owned()
                }
            }
            Case::AsIs => prose.to_owned(),
            Case::Lower => prose.to_lowercase(),
            Case::Upper => prose.to_uppercase(),
            Case::Title => prose
                .split(' ')
                .map(capitalise)
                .collect::<Vec<_>>()
                .join(" "),
        }
    }

    /// Prose, after a space when one is needed.
    pub(crate) fn w(&mut self, prose: &str) {
        if prose.is_empty() {
            return;
        }
        let cased = self.cased(prose);
        self.space();
        self.buf.push_str(&cased);
    }

    /// Prose glued to what precedes it (punctuation, `(`, a closing backtick).
    pub(crate) fn p(&mut self, prose: &str) {
        self.tight = false;
        let cased = self.cased(prose);
        self.buf.push_str(&cased);
    }

    /// A line break.
    pub(crate) fn newline(&mut self) {
        self.tight = false;
        while self.buf.ends_with(' ') {
            self.buf.pop();
        }
        self.buf.push('\n');
    }

    fn labeled(&mut self, text: &str, role: Role, call: Option<usize>, arg: Option<&str>) {
        self.space();
        let start = self.buf.len();
        self.buf.push_str(text);
        self.spans.push(Span {
            start,
            end: self.buf.len(),
            role,
            call,
            arg: arg.map(str::to_owned),
        });
    }

    /// A word or literal that carries no label (a decoy tool name, an unknown tool).
    pub(crate) fn raw(&mut self, text: &str) {
        self.space();
        self.buf.push_str(text);
    }

    /// A tool mention that starts call `call` (1-based), in backticks when `ticks`.
    pub(crate) fn tool(&mut self, name: &str, call: usize, ticks: bool) {
        self.tool_with(name, call, ticks, "");
    }

    /// A tool mention followed by `suffix` (`()`), inside the backticks when there are some.
    pub(crate) fn tool_with(&mut self, name: &str, call: usize, ticks: bool, suffix: &str) {
        self.space();
        if ticks {
            self.buf.push('`');
        }
        let start = self.buf.len();
        self.buf.push_str(name);
        self.spans.push(Span {
            start,
            end: self.buf.len(),
            role: Role::Tool,
            call: Some(call),
            arg: None,
        });
        self.buf.push_str(suffix);
        if ticks {
            self.buf.push('`');
        }
    }

    /// An argument name of call `call`, bare or as a JSON key string.
    pub(crate) fn argname(&mut self, name: &str, call: usize, quoted: bool) {
        if quoted {
            let key = codemode_plan::json::quote(name);
            self.labeled(&key, Role::Argname, Some(call), Some(name));
        } else {
            self.labeled(name, Role::Argname, Some(call), Some(name));
        }
    }

    /// A value of argument `arg` of call `call`.
    pub(crate) fn value(&mut self, lit: &Lit, call: usize, arg: &str) {
        self.labeled(&lit.text, Role::Value, Some(call), Some(arg));
    }

    /// A projected field.
    pub(crate) fn field(&mut self, name: &str) {
        self.labeled(name, Role::Field, None, None);
    }

    /// The row limit.
    pub(crate) fn limit(&mut self, text: &str) {
        self.labeled(text, Role::Limit, None, None);
    }

    /// Inserts `before` (prose, in the record's case but never capitalised as a sentence start),
    /// `piece` (labeled when `label` is given) and `after` (prose) at byte `at`, and moves the
    /// spans behind it.
    pub(crate) fn insert(
        &mut self,
        at: usize,
        before: &str,
        piece: &str,
        label: Option<Label>,
        after: &str,
    ) {
        let cased = |prose: &str| match self.case {
            Case::Lower => prose.to_lowercase(),
            Case::Upper => prose.to_uppercase(),
            _ => prose.to_owned(),
        };
        let (before, after) = (cased(before), cased(after));
        let inserted = format!("{before}{piece}{after}");
        for span in &mut self.spans {
            if span.start >= at {
                span.start += inserted.len();
                span.end += inserted.len();
            }
        }
        let start = at + before.len();
        self.buf.insert_str(at, &inserted);
        if let Some((role, call, arg)) = label {
            self.spans.push(Span {
                start,
                end: start + piece.len(),
                role,
                call,
                arg: arg.map(str::to_owned),
            });
            self.spans.sort_by_key(|s| s.start);
        }
    }

    /// Takes the label off every span `unlabel` picks: its words stay, as prose.
    pub(crate) fn unlabel(&mut self, unlabel: impl Fn(&Span) -> bool) {
        self.spans.retain(|s| !unlabel(s));
    }

    /// Forgets call `call` (1-based): its spans lose their labels and the calls after it move
    /// up one.
    pub(crate) fn forget_call(&mut self, call: usize) {
        self.unlabel(|s| s.call == Some(call));
        for span in &mut self.spans {
            if let Some(k) = span.call.filter(|&k| k > call) {
                span.call = Some(k - 1);
            }
        }
    }

    /// Ends the instruction: trims, and drops a trailing space.
    pub(crate) fn finish(mut self) -> (String, Vec<Span>) {
        while self.buf.ends_with([' ', '\n']) {
            self.buf.pop();
        }
        (self.buf, self.spans)
    }
}
