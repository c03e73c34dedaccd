//! JSON lines in and out: a bounded line reader over a file or stdin, and answer writing.
//!
//! Every input line gets exactly one answer line, in order, whatever it holds. A line longer than
//! the frontend reads is not kept in memory: it is skipped to its end and answered with a
//! diagnostic. A final line without a line break still counts; an empty input has no lines.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::Path;

use codemode_plan::frontend::MAX_RECORD_BYTES;
use codemode_plan::{Diagnostic, Problem};
use serde::Serialize;

/// One input line.
pub enum Line {
    /// The line's bytes, without the line break (and without a `\r` before it).
    Bytes(Vec<u8>),
    /// A line over the size limit, with its length.
    TooLong(usize),
}

impl Line {
    /// The bytes, or the diagnostic for a line that is too long.
    pub fn bytes(&self) -> Result<&[u8], Diagnostic> {
        match self {
            Line::Bytes(bytes) => Ok(bytes),
            Line::TooLong(bytes) => Err(Diagnostic::new(
                "record",
                Problem::TooLarge {
                    bytes: *bytes,
                    limit: MAX_RECORD_BYTES,
                },
            )),
        }
    }
}

/// Reads lines of at most `MAX_RECORD_BYTES` bytes each.
pub struct Lines {
    reader: Box<dyn BufRead>,
}

impl Lines {
    /// Opens `path`, or stdin when it is `None` or `-`.
    pub fn open(path: Option<&Path>) -> anyhow::Result<Lines> {
        let reader: Box<dyn BufRead> = match path {
            Some(p) if p.as_os_str() != "-" => {
                Box::new(BufReader::new(File::open(p).map_err(|e| {
                    anyhow::anyhow!("cannot read {}: {e}", p.display())
                })?))
            }
            _ => Box::new(BufReader::new(io::stdin())),
        };
        Ok(Lines { reader })
    }

    /// The next line, `None` at the end of the input.
    pub fn next_line(&mut self) -> io::Result<Option<Line>> {
        let mut bytes = Vec::new();
        let mut total = 0usize;
        let mut seen_any = false;
        loop {
            let buf = self.reader.fill_buf()?;
            if buf.is_empty() {
                break;
            }
            seen_any = true;
            let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
                Some(at) => (&buf[..at], Some(at + 1)),
                None => (buf, None),
            };
            total += chunk.len();
            if bytes.len() <= MAX_RECORD_BYTES {
                let room = MAX_RECORD_BYTES + 1 - bytes.len();
                bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
            }
            let consumed = done.unwrap_or(chunk.len());
            self.reader.consume(consumed);
            if done.is_some() {
                break;
            }
        }
        if !seen_any {
            return Ok(None);
        }
        if bytes.last() == Some(&b'\r') && total <= MAX_RECORD_BYTES {
            bytes.pop();
            total -= 1;
        }
        Ok(Some(if total > MAX_RECORD_BYTES {
            Line::TooLong(total)
        } else {
            Line::Bytes(bytes)
        }))
    }
}

/// Writes answers, one compact JSON object per line.
pub struct Answers {
    out: BufWriter<io::Stdout>,
}

impl Answers {
    /// Answers to stdout.
    pub fn stdout() -> Answers {
        Answers {
            out: BufWriter::new(io::stdout()),
        }
    }

    /// Writes one answer line.
    pub fn write<T: Serialize + ?Sized>(&mut self, answer: &T) -> io::Result<()> {
        self.out
            .write_all(codemode_plan::json::to_string(answer).as_bytes())?;
        self.out.write_all(b"\n")
    }

    /// Writes `{"diagnostic": "..."}`.
    pub fn diagnostic(&mut self, diagnostic: &Diagnostic) -> io::Result<()> {
        self.write(&serde_json::json!({ "diagnostic": diagnostic.to_string() }))
    }

    /// Flushes what is written.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Answers every line of `path` (or stdin) with `answer`, in order.
pub fn answer_each(
    path: Option<&Path>,
    mut answer: impl FnMut(&[u8]) -> Result<serde_json::Value, Diagnostic>,
) -> anyhow::Result<()> {
    let mut lines = Lines::open(path)?;
    let mut answers = Answers::stdout();
    while let Some(line) = lines.next_line()? {
        match line.bytes().and_then(&mut answer) {
            Ok(value) => answers.write(&value)?,
            Err(diagnostic) => answers.diagnostic(&diagnostic)?,
        }
    }
    answers.flush()?;
    Ok(())
}
