//! The planner's contract, with no engine behind it: catalogs, records, plans, the record
//! frontend, the plan checker, the JavaScript compiler and TypeScript declarations.
//!
//! Everything here is deterministic and cannot panic on input. The model (in `codemode-model`)
//! sits between [`frontend`] and [`check`]; nothing it answers is printed unless the checker
//! accepts it.
//!
//! ```
//! use codemode_plan::{frontend, compile, Plan};
//!
//! let record = frontend::read_line(br#"{"instruction": "Call list_users with team \"blue\".",
//!   "tools": [{"name": "list_users", "arguments": {"team": "string"}, "required": ["team"],
//!              "returns": {"kind": "array", "properties": ["id", "name"]}}]}"#).unwrap();
//! let plan: Plan = serde_json::from_str(r#"{"mode": "single",
//!   "calls": [{"tool": "list_users", "args": {"team": "blue"}}], "output": {"kind": "last"}}"#).unwrap();
//! let js = compile::compile_checked(&plan, &record.catalog).unwrap();
//! assert!(js.contains(r#"settle("list_users", { ["team"]: "blue" })"#));
//! ```
#![deny(missing_docs)]

pub mod catalog;
pub mod check;
pub mod compile;
pub mod diagnostic;
pub mod frontend;
pub mod ident;
pub mod json;
pub mod lexer;
pub mod plan;
pub mod planner;
pub mod typescript;

pub use catalog::{ArgType, Catalog, ReturnKind, Returns, Tool};
pub use diagnostic::{Diagnostic, Problem};
pub use frontend::Record;
pub use lexer::{Token, TokenKind};
pub use plan::{Call, Mode, Output, OutputKind, Plan};
pub use planner::{PlanRecord, Planned};
