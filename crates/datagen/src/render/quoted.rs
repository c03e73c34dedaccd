//! `quoted` (train and dev splits only, behind [`crate::Options::quoted`]): a reply written
//! above or below an earlier message it quotes, as mail and chat carry them (`> ` lines under
//! `On Tue, 4 Jun 2024 at 09:12, Ana wrote:`, a `-----Original Message-----` block with its
//! `From:` and `Subject:`, a forwarded message, a chat line quoted with its sender and time).
//! The quoted message asks for calls of the catalog, with their values. Either the reply asks
//! for calls of its own and only those are the plan (what the quoted message asked is done, is to
//! wait, or is someone else's: it carries no label, whichever tools and values it names), or the
//! reply says to do what the quoted message asks, and the quoted request is the plan.

use super::notes::done_call;
use super::*;

/// Who wrote the quoted message.
const SENDERS: &[&str] = &[
    "Ana Ruiz",
    "Priya",
    "Tom Becker",
    "Ops Manager",
    "Li Wei",
    "the client",
    "Jo",
    "Marco (finance)",
    "Dana Okafor",
    "Support Desk",
    "Kenji",
    "Fatima",
];

/// When it was written.
const WHEN: &[&str] = &[
    "Tue, 4 Jun 2024 at 09:12",
    "Mon, 3 Jun, 14:02",
    "Friday, March 8, 2024 4:51 PM",
    "yesterday at 17:40",
    "12/05/2024 08:03",
    "Wed 10:15",
];

/// Subject lines.
const SUBJECTS: &[&str] = &[
    "follow-up",
    "RE: today",
    "quick request",
    "Re: numbers for Monday",
    "FW: action needed",
    "status",
];

/// How the quoted message asks for a call.
const ASKS: &[&str] = &[
    "Please run",
    "Can you run",
    "Could you also do",
    "Need",
    "pls",
    "Please also run",
    "Would you kick off",
    "Run",
];

/// A reply that turns the quoted calls down before its own request.
pub(crate) const OWN: &[&str] = &[
    "Ignore the request below, that's already done. Only this:",
    "Not that one yet. For now just",
    "Skip what they asked below, we did it this morning.",
    "Noted. Different thing though:",
    "Hold off on that until it's approved. Meanwhile",
    "That was handled yesterday. Today I need",
    "Don't run what's quoted, it's old.",
    "Thanks, done already. Next:",
];

/// A reply that asks for what the quoted message asks.
pub(crate) const SAME: &[&str] = &[
    "Please do what they ask below.",
    "Can you action this?",
    "Please action as per the message below.",
    "Yes, go ahead with that.",
    "Do exactly this please:",
    "Approved, please run it.",
    "See below, please do it.",
    "This one's fine to run now.",
];

/// What a quoted message asks, as unlabeled prose: one or two calls after a request verb.
fn asked(g: &mut Gen, t: &mut Text, calls: &[DCall]) {
    t.w(g.pw(ASKS));
    for (k, c) in calls.iter().enumerate() {
        if k > 0 {
            t.w(g.pw(&["and", "and then", ", then", "plus"]));
        }
        done_call(g, t, c);
    }
    t.p(g.pw(&[
        "",
        ".",
        " before EOD.",
        " asap",
        " when you get a chance.",
        "?",
    ]));
}

/// A blank line between a reply and the message it quotes.
fn gap(t: &mut Text) {
    t.newline();
    t.newline();
}

/// The quoted block's opening: who wrote it and when, in one of four layouts, ending where the
/// quoted request starts (after a `>` for mail quoted inline; the other layouts' headers already
/// say where the quote starts).
fn header(g: &mut Gen, t: &mut Text) {
    let sender = g.pw(SENDERS);
    match g.below(4) {
        0 => {
            t.raw(&format!("On {}, {} wrote:", g.pw(WHEN), sender));
            t.newline();
            t.raw(">");
        }
        1 => {
            t.raw("-----Original Message-----");
            t.newline();
            t.raw(&format!("From: {sender}"));
            t.newline();
            t.raw(&format!("Sent: {}", g.pw(WHEN)));
            t.newline();
            t.raw(&format!("Subject: {}", g.pw(SUBJECTS)));
            t.newline();
        }
        2 => {
            t.raw("---------- Forwarded message ---------");
            t.newline();
            t.raw(&format!("From: {sender}"));
            t.newline();
        }
        _ => {
            t.raw(&format!(
                "> [{}] {}:",
                g.pw(&["09:14", "8:02 AM", "17:31", "11:48"]),
                sender
            ));
        }
    }
}

/// A reply and the message it quotes.
pub(crate) fn quoted(g: &mut Gen) -> Option<Example> {
    let n = call_count(g);
    let size = catalog::size(g, 2);
    let mut specs = catalog::sample(g, size);
    let draft = draw(g, &mut specs, n, false)?;
    let mut t = Text::new(case(g));
    let quote_first = g.chance(0.4);
    if g.chance(0.5) {
        // The reply's own request; the quoted calls are drawn on a copy, so their draws change no
        // tool of the catalog, and they carry no label.
        let mut seen = specs.clone();
        let count = 1 + g.below(2);
        let other = draw(g, &mut seen, count, false)?;
        let quote = |g: &mut Gen, t: &mut Text| {
            header(g, t);
            asked(g, t, &other.calls);
        };
        if quote_first {
            quote(g, &mut t);
            gap(&mut t);
        }
        if g.chance(0.3) {
            t.w(g.pw(&["Hi,", "Hey", "Hello team,", "Morning,"]));
        }
        t.w(g.pw(OWN));
        write(g, &mut t, Family::Imperative, &draft, None);
        if !quote_first {
            gap(&mut t);
            quote(g, &mut t);
        }
    } else {
        // The reply asks for what the quoted message asks: the quoted request is the plan.
        let reply = g.pw(SAME);
        if !quote_first {
            t.w(reply);
            gap(&mut t);
        }
        header(g, &mut t);
        write(g, &mut t, Family::Imperative, &draft, None);
        if quote_first {
            gap(&mut t);
            t.w(reply);
        }
    }
    finish_positive(g, t, &specs, &draft, "quoted")
}
