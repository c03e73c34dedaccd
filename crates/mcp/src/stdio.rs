//! The line filter between the process's stdio and rmcp.
//!
//! rmcp reads one JSON-RPC message per line and drops a line it cannot parse without answering
//! it, so a client waits for that answer until its own timeout. The filter reads stdin line by line
//! before rmcp does, and:
//!
//! - replaces every lone UTF-16 surrogate escape (`\ud800` not followed by a low one, or a low one
//!   not preceded by a high one) with `\ufffd`, which JavaScript's `JSON.stringify` emits for a
//!   broken string and serde_json refuses; the line keeps its length;
//! - answers a line that is not JSON with a parse error (`-32700`, `"id": null`, as JSON-RPC 2.0
//!   asks) instead of passing it on; the answer is itself JSON, so a peer that echoes it back gets
//!   no answer to the echo and no error storm starts;
//! - answers a request to a method this server serves whose `params` do not fit the method with
//!   invalid params (`-32602`): rmcp would take it for a custom request and answer that the
//!   method is not found, or, when the params are no object, refuse it without naming its id;
//! - passes every other line to rmcp unchanged, in order.
//!
//! The filter's answers and rmcp's messages go out whole lines at a time, through one writer
//! behind a mutex. Closing stdin closes rmcp's input, so the session ends as it did without the
//! filter. A line longer than rmcp's limit is dropped, as rmcp drops it.

use std::io;
use std::sync::Arc;
use std::time::Duration;

use rmcp::model::{
    CallToolRequest, ClientJsonRpcMessage, ClientRequest, DiscoverRequest, ErrorData,
    InitializeRequest, JsonRpcMessage, ListToolsRequest, PingRequest, RequestId,
    ServerJsonRpcMessage,
};
use rmcp::transport::async_rw::DEFAULT_MAX_LINE_LENGTH;
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::io::{
    AsyncBufRead, AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader, DuplexStream,
};
use tokio::sync::Mutex;
use tokio::task::JoinHandle;

use crate::{join_within, log};

/// How many bytes may wait between the filter and rmcp, each way.
const PIPE_BYTES: usize = 64 * 1024;

/// How long rmcp's last messages may take to reach the output once the session has ended.
const OUTPUT_FLUSH_TIMEOUT: Duration = Duration::from_secs(5);

/// The UTF-8 byte order mark, which rmcp ignores at the start of a line.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The filter at work: its task over the input, and the task that copies rmcp's messages out.
pub(crate) struct LineFilter {
    filter: JoinHandle<()>,
    copy: JoinHandle<()>,
}

/// Starts filtering `input` into rmcp and copying rmcp's messages to `output`: gives rmcp the
/// returned reader and writer.
///
/// Each is one end of an in-memory pipe (a duplex stream used one way), whose other end the
/// filter holds: dropping an end is the end of the input for the other one.
pub(crate) fn start<R, W>(input: R, output: W) -> (DuplexStream, DuplexStream, LineFilter)
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    let output = Arc::new(Mutex::new(Output {
        writer: output,
        broken: false,
    }));
    let (rmcp_input, to_rmcp) = tokio::io::duplex(PIPE_BYTES);
    let (rmcp_output, from_rmcp) = tokio::io::duplex(PIPE_BYTES);
    let filter = tokio::spawn(filter(BufReader::new(input), to_rmcp, Arc::clone(&output)));
    let copy = tokio::spawn(copy(BufReader::new(from_rmcp), output));
    (rmcp_input, rmcp_output, LineFilter { filter, copy })
}

impl LineFilter {
    /// Once rmcp has let go of its writer: waits (bounded) for its last messages to go out, and
    /// stops reading the input.
    pub(crate) async fn finish(self) {
        join_within(
            self.copy,
            OUTPUT_FLUSH_TIMEOUT,
            "the last messages did not go out in time",
        )
        .await;
        // Still running only when the session ended with the input open.
        self.filter.abort();
    }
}

/// The process's output, shared by the filter and the copy of rmcp's messages.
struct Output<W> {
    writer: W,
    /// Set once a write failed: later lines are dropped, so that rmcp never waits on the copy.
    broken: bool,
}

/// Writes one whole line (with its `\n`) and flushes it.
async fn write_line<W: AsyncWrite + Unpin>(output: &Mutex<Output<W>>, line: &[u8]) {
    let mut output = output.lock().await;
    if output.broken {
        return;
    }
    let written = match output.writer.write_all(line).await {
        Ok(()) => output.writer.flush().await,
        Err(err) => Err(err),
    };
    if let Err(err) = written {
        output.broken = true;
        log(&format!("cannot write to stdout: {err}"));
    }
}

/// Copies rmcp's messages to the output, a line at a time, until rmcp closes its writer.
async fn copy<W: AsyncWrite + Unpin>(
    mut from_rmcp: BufReader<DuplexStream>,
    output: Arc<Mutex<Output<W>>>,
) {
    let mut line = Vec::new();
    loop {
        line.clear();
        match from_rmcp.read_until(b'\n', &mut line).await {
            Ok(0) | Err(_) => break,
            Ok(_) => write_line(&output, &line).await,
        }
    }
}

/// Reads the input a line at a time: answers the lines rmcp would leave unanswered, and passes the
/// others on. Returns at the end of the input, dropping rmcp's input with it.
async fn filter<R, W>(mut input: R, mut to_rmcp: DuplexStream, output: Arc<Mutex<Output<W>>>)
where
    R: AsyncBufRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let mut line = Vec::new();
    loop {
        match read_line(&mut input, &mut line, DEFAULT_MAX_LINE_LENGTH).await {
            Ok(Read::Line) => {}
            Ok(Read::Oversized) => {
                log(&format!(
                    "dropped an input line longer than {DEFAULT_MAX_LINE_LENGTH} bytes"
                ));
                continue;
            }
            Ok(Read::End) => break,
            Err(err) => {
                log(&format!("cannot read stdin: {err}"));
                break;
            }
        }
        match screen(&mut line) {
            Verdict::Pass => {
                if to_rmcp.write_all(&line).await.is_err() {
                    // rmcp has stopped reading: the session is over.
                    break;
                }
            }
            Verdict::Answer(answer) => write_line(&output, &answer).await,
        }
    }
    // A clean end of rmcp's input, after every line passed on.
    let _ = to_rmcp.shutdown().await;
}

/// What reading a line gave.
#[derive(Debug, PartialEq)]
enum Read {
    /// A whole line, with its `\n`.
    Line,
    /// A line longer than the limit, now skipped.
    Oversized,
    /// The end of the input (an unfinished last line is not a message, as rmcp has it).
    End,
}

/// Reads one `\n`-terminated line into `line`, never holding more than `max` bytes of it.
async fn read_line<R: AsyncBufRead + Unpin>(
    input: &mut R,
    line: &mut Vec<u8>,
    max: usize,
) -> io::Result<Read> {
    line.clear();
    let mut oversized = false;
    loop {
        let available = input.fill_buf().await?;
        if available.is_empty() {
            return Ok(Read::End);
        }
        let newline = available.iter().position(|&byte| byte == b'\n');
        let take = newline.map_or(available.len(), |at| at + 1);
        if !oversized && line.len() + take > max {
            oversized = true;
            line.clear();
        }
        if !oversized {
            line.extend_from_slice(&available[..take]);
        }
        input.consume(take);
        if newline.is_some() {
            return Ok(if oversized {
                Read::Oversized
            } else {
                Read::Line
            });
        }
    }
}

/// What becomes of one input line.
#[derive(Debug, PartialEq)]
pub(crate) enum Verdict {
    /// rmcp gets it (repaired).
    Pass,
    /// The filter answers it with this line.
    Answer(Vec<u8>),
}

/// Repairs a line's lone surrogates, and decides who answers it.
pub(crate) fn screen(line: &mut [u8]) -> Verdict {
    screen_message(line).0
}

/// [`screen`], with the message the line holds when it is JSON (the HTTP front screens each POST
/// body the same way, and routes on the message without reading it twice).
pub(crate) fn screen_message(line: &mut [u8]) -> (Verdict, Option<Value>) {
    repair_lone_surrogates(line);
    let text = line.strip_suffix(b"\n").unwrap_or(line);
    let text = text.strip_prefix(BOM).unwrap_or(text);
    if text.iter().all(u8::is_ascii_whitespace) {
        // Not a message; rmcp skips it.
        return (Verdict::Pass, None);
    }
    let value = match serde_json::from_slice::<Value>(text) {
        Ok(value) => value,
        Err(err) => {
            let error = ErrorData::parse_error(format!("Parse error: {err}"), None);
            let answer = answer(&json!({
                "jsonrpc": "2.0",
                "id": null,
                "error": error,
            }));
            return (Verdict::Answer(answer), None);
        }
    };
    match invalid_params(&value) {
        Some(error) => (Verdict::Answer(answer(&error)), Some(value)),
        None => (Verdict::Pass, Some(value)),
    }
}

/// A message as one output line.
fn answer(message: &impl serde::Serialize) -> Vec<u8> {
    // Serialising a JSON value or an rmcp message cannot fail.
    let mut line = serde_json::to_vec(message).unwrap_or_default();
    line.push(b'\n');
    line
}

/// Checks a request's params against the type rmcp reads them into, for one method.
type ParamsCheck = fn(&Value) -> Option<String>;

/// The methods this server answers whose params can be wrong, each with its check. (rmcp answers
/// the other methods of MCP with "method not found" whatever their params.)
const CHECKED: [(&str, ParamsCheck); 5] = [
    ("initialize", problem::<InitializeRequest>),
    ("ping", problem::<PingRequest>),
    ("server/discover", problem::<DiscoverRequest>),
    ("tools/list", problem::<ListToolsRequest>),
    ("tools/call", problem::<CallToolRequest>),
];

/// Why `request` does not deserialise as `T`, if it does not.
fn problem<T: for<'de> Deserialize<'de>>(request: &Value) -> Option<String> {
    T::deserialize(request).err().map(|err| err.to_string())
}

/// The invalid-params answer to a request of a checked method whose params do not fit it.
fn invalid_params(value: &Value) -> Option<ServerJsonRpcMessage> {
    // A notification gets no answer, and a message that is no JSON-RPC 2.0 request is rmcp's to
    // refuse.
    if value.get("jsonrpc")? != "2.0" {
        return None;
    }
    let id = RequestId::deserialize(value.get("id")?).ok()?;
    let method = value.get("method")?.as_str()?;
    let (_, check) = CHECKED.iter().find(|(name, _)| *name == method)?;
    let problem = check(value)?;
    // rmcp reads such a request as a custom one (and answers that the method is not found), or
    // not at all when its params are no object (and answers an invalid request without its id):
    // never as the method's own request, but the filter leaves rmcp whatever it would serve.
    if let Ok(JsonRpcMessage::Request(request)) = ClientJsonRpcMessage::deserialize(value)
        && !matches!(request.request, ClientRequest::CustomRequest(_))
    {
        return None;
    }
    Some(ServerJsonRpcMessage::error(
        ErrorData::invalid_params(format!("invalid params for `{method}`: {problem}"), None),
        Some(id),
    ))
}

/// Replaces, in place, each `\uXXXX` escape of a lone UTF-16 surrogate with `\ufffd` (the
/// replacement character); returns how many it replaced.
///
/// A high surrogate (`D800`–`DBFF`) is lone unless the next escape follows at once and is a low one
/// (`DC00`–`DFFF`); a low surrogate is lone unless it ends such a pair. Every escape is skipped
/// whole, so `\\ud800` (an escaped backslash, then `ud800`) is left alone. Bytes outside string
/// literals never hold a backslash in JSON; in a line that is not JSON, what is replaced does not
/// matter.
fn repair_lone_surrogates(line: &mut [u8]) -> usize {
    let mut repaired = 0;
    let mut at = 0;
    while at < line.len() {
        if line[at] != b'\\' {
            at += 1;
            continue;
        }
        match surrogate_at(line, at) {
            Some(0xD800..=0xDBFF)
                if surrogate_at(line, at + 6)
                    .is_some_and(|low| (0xDC00..=0xDFFF).contains(&low)) =>
            {
                at += 12;
            }
            Some(_) => {
                line[at + 2..at + 6].copy_from_slice(b"fffd");
                repaired += 1;
                at += 6;
            }
            // Any other escape, `\\` included: the backslash and the byte it escapes.
            None => at += 2,
        }
    }
    repaired
}

/// The surrogate that the escape `\uXXXX` at `at` names, if it names one.
fn surrogate_at(line: &[u8], at: usize) -> Option<u16> {
    let escape = line.get(at..at + 6)?;
    if escape[0] != b'\\' || escape[1] != b'u' {
        return None;
    }
    let unit = escape[2..]
        .iter()
        .try_fold(0_u16, |unit, &digit| Some(unit << 4 | hex_digit(digit)?))?;
    (0xD800..=0xDFFF).contains(&unit).then_some(unit)
}

fn hex_digit(byte: u8) -> Option<u16> {
    char::from(byte)
        .to_digit(16)
        .and_then(|digit| u16::try_from(digit).ok())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn repaired(line: &str) -> (String, usize) {
        let mut bytes = line.as_bytes().to_vec();
        let count = repair_lone_surrogates(&mut bytes);
        (String::from_utf8(bytes).unwrap(), count)
    }

    #[test]
    fn a_lone_high_surrogate_becomes_the_replacement_character() {
        assert_eq!(
            repaired(r#"{"code":"return '\ud800'"}"#),
            (r#"{"code":"return '\ufffd'"}"#.to_owned(), 1)
        );
        // At the very end of a string, and of the line.
        assert_eq!(repaired(r#"["a\uD800"]"#), (r#"["a\ufffd"]"#.to_owned(), 1));
        assert_eq!(repaired(r"\udbff"), (r"\ufffd".to_owned(), 1));
        // Followed by something other than a low surrogate.
        assert_eq!(
            repaired(r#"["\ud800x\ud800\u0041\ud800\ud800"]"#),
            (r#"["\ufffdx\ufffd\u0041\ufffd\ufffd"]"#.to_owned(), 4)
        );
    }

    #[test]
    fn a_lone_low_surrogate_becomes_the_replacement_character() {
        assert_eq!(repaired(r#"["\udc00"]"#), (r#"["\ufffd"]"#.to_owned(), 1));
        assert_eq!(
            repaired(r#"["x\uDFFFy"]"#),
            (r#"["x\ufffdy"]"#.to_owned(), 1)
        );
        // A low one before a high one is no pair: both are lone.
        assert_eq!(
            repaired(r#"["\udc00\ud800"]"#),
            (r#"["\ufffd\ufffd"]"#.to_owned(), 2)
        );
    }

    #[test]
    fn valid_pairs_and_other_escapes_are_left_alone() {
        for line in [
            r#"["\ud83d\ude00"]"#,
            r#"["\uD83D\uDE00\uDBFF\uDFFF"]"#,
            r#"["\u00e9\n\t\"\/\u2028"]"#,
            r#"{"plain": "text", "n": 1}"#,
            // The second escape of a pair is not a lone low surrogate.
            r#"["\ud800\udc00\udc00"]"#,
        ] {
            let expected = if line.ends_with(r#"\udc00\udc00"]"#) {
                (r#"["\ud800\udc00\ufffd"]"#.to_owned(), 1)
            } else {
                (line.to_owned(), 0)
            };
            assert_eq!(repaired(line), expected, "{line}");
        }
    }

    #[test]
    fn escaped_backslashes_are_not_escapes() {
        // `\\ud800` is a backslash and the text `ud800`.
        for line in [r#"["\\ud800"]"#, r#"["\\\\ud800"]"#, r#"["\\udc00\\"]"#] {
            assert_eq!(repaired(line), (line.to_owned(), 0), "{line}");
        }
        // An escaped backslash, then a real lone escape.
        assert_eq!(
            repaired(r#"["\\\ud800"]"#),
            (r#"["\\\ufffd"]"#.to_owned(), 1)
        );
        // Short or malformed escapes at the end of a line.
        for line in [r"\", r"\u", r"\ud8", r"\ud80g", r"\\"] {
            assert_eq!(repaired(line), (line.to_owned(), 0), "{line}");
        }
    }

    #[test]
    fn a_repaired_line_parses() {
        let mut line = br#"{"s":"\ud800 and \udfff and \ud83d\ude00"}"#.to_vec();
        assert!(serde_json::from_slice::<Value>(&line).is_err());
        repair_lone_surrogates(&mut line);
        let value: Value = serde_json::from_slice(&line).unwrap();
        assert_eq!(value["s"], "\u{fffd} and \u{fffd} and \u{1f600}");
    }

    fn screened(line: &str) -> Option<Value> {
        let mut bytes = format!("{line}\n").into_bytes();
        match screen(&mut bytes) {
            Verdict::Pass => None,
            Verdict::Answer(answer) => {
                assert_eq!(answer.last(), Some(&b'\n'));
                Some(serde_json::from_slice(&answer).unwrap())
            }
        }
    }

    #[test]
    fn a_line_that_is_not_json_is_answered_with_a_parse_error() {
        for line in [
            "not json",
            r#"{"jsonrpc":"2.0","id":1,"#,
            "\u{feff}}",
            "{\"a\":\"\\ud800\\x\"}",
        ] {
            let answer = screened(line).unwrap();
            assert_eq!(answer["id"], Value::Null, "{line}");
            assert_eq!(answer["jsonrpc"], "2.0");
            assert_eq!(answer["error"]["code"], -32700, "{line}");
            assert!(
                answer["error"]["message"]
                    .as_str()
                    .unwrap()
                    .starts_with("Parse error: "),
                "{answer}"
            );
        }
        // Blank lines, and JSON that is no request, are rmcp's to skip or refuse.
        for line in [
            "",
            "  \r",
            "42",
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
        ] {
            assert_eq!(screened(line), None, "{line:?}");
        }
    }

    #[test]
    fn a_request_whose_params_do_not_fit_its_method_is_answered_with_invalid_params() {
        let answer =
            screened(r#"{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":5}}"#)
                .unwrap();
        assert_eq!(
            answer,
            json!({"jsonrpc": "2.0", "id": "a", "error": {
                "code": -32602,
                "message": "invalid params for `tools/call`: invalid type: integer `5`, expected a string"
            }})
        );
        let answer = screened(r#"{"jsonrpc":"2.0","id":3,"method":"tools/call"}"#).unwrap();
        assert_eq!(answer["id"], 3);
        assert_eq!(
            answer["error"]["message"],
            "invalid params for `tools/call`: missing field `params`"
        );
        // Params that are no object: rmcp would refuse the whole request without naming its id.
        let answer =
            screened(r#"{"jsonrpc":"2.0","id":4,"method":"tools/list","params":[1]}"#).unwrap();
        assert_eq!(answer["id"], 4);
        assert_eq!(answer["error"]["code"], -32602);
        let answer = screened(r#"{"jsonrpc":"2.0","id":5,"method":"ping","params":"x"}"#).unwrap();
        assert_eq!(answer["id"], 5);
        assert_eq!(answer["error"]["code"], -32602);
        for line in [
            // Fitting params.
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"run_code","arguments":{"code":"1"}}}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
            // A notification is never answered.
            r#"{"jsonrpc":"2.0","method":"tools/call","params":{"name":5}}"#,
            // Not a request rmcp reads at all: rmcp answers it.
            r#"{"jsonrpc":"1.0","id":1,"method":"tools/call","params":{"name":5}}"#,
            r#"{"jsonrpc":"2.0","id":null,"method":"tools/call","params":{"name":5}}"#,
            r#"{"jsonrpc":"2.0","id":1.5,"method":"tools/call","params":{"name":5}}"#,
            // A method rmcp does not serve here: method not found is right.
            r#"{"jsonrpc":"2.0","id":1,"method":"prompts/get","params":{"name":5}}"#,
        ] {
            assert_eq!(screened(line), None, "{line}");
        }
    }

    #[tokio::test]
    async fn lines_are_read_whole_and_long_ones_skipped() {
        let mut input: &[u8] = b"short\na much longer line\nend\nno newline";
        let mut line = Vec::new();
        let mut read = Vec::new();
        loop {
            let outcome = read_line(&mut input, &mut line, 10).await.unwrap();
            if outcome == Read::End {
                break;
            }
            read.push((outcome, String::from_utf8(line.clone()).unwrap()));
        }
        assert_eq!(
            read,
            [
                (Read::Line, "short\n".to_owned()),
                (Read::Oversized, String::new()),
                (Read::Line, "end\n".to_owned()),
            ]
        );
    }
}
