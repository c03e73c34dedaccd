//! One run's QuickJS runtime and context, and the native functions the prelude calls.
//!
//! [`Engine::prepare`] builds a fresh runtime (with its own [`CountingAllocator`], stack limit and
//! interrupt handler) and a context with only the intrinsics code needs, and evaluates the prelude;
//! [`Engine::launch`] installs the run's tools and starts the code. [`Engine::pump`] hands settled calls back to the code and runs its promise jobs
//! until it is waiting on the host again. Everything the code asks of the host lands in
//! [`HostState`], which the run loop in the crate root drains between pumps.

// One `unsafe` block lives here: loading the prelude's bytecode; see the comment on it.
#![allow(unsafe_code)]

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use codemode_interpreter::{LogBuffer, StopReason};
use rquickjs::context::intrinsic;
use rquickjs::function::Opt;
use rquickjs::module::WriteOptions;
use rquickjs::{Context, Ctx, Exception, Function, Module, Object, Persistent, Promise, Runtime};
use tokio_util::sync::CancellationToken;

use crate::Error;
use crate::heap::{CountingAllocator, HeapFlag};

/// The prelude as a module whose default export installs it.
const PRELUDE: &str = concat!("export default ", include_str!("prelude.js"), ";\n");

/// The prelude compiled once per process: parsing it is most of a fresh run's cost.
static PRELUDE_BYTECODE: OnceLock<Result<Vec<u8>, String>> = OnceLock::new();

fn prelude_bytecode() -> Result<&'static [u8], Error> {
    let compiled = PRELUDE_BYTECODE.get_or_init(|| {
        let runtime = Runtime::new().map_err(|e| e.to_string())?;
        let context = Context::custom::<intrinsic::Eval>(&runtime).map_err(|e| e.to_string())?;
        context.with(|ctx| {
            let module = Module::declare(ctx.clone(), "codemode:prelude", PRELUDE)
                .map_err(|e| describe(&ctx, e))?;
            let options = WriteOptions {
                strip_source: true,
                ..WriteOptions::default()
            };
            module.write(options).map_err(|e| describe(&ctx, e))
        })
    });
    compiled.as_deref().map_err(|e| Error::Prelude(e.clone()))
}

/// The intrinsics of a run's context: what plain code uses, nothing that reaches the host.
type Intrinsics = (
    intrinsic::Eval,
    intrinsic::RegExpCompiler,
    intrinsic::RegExp,
    intrinsic::Json,
    intrinsic::Proxy,
    intrinsic::MapSet,
    intrinsic::TypedArrays,
    intrinsic::Promise,
    intrinsic::Date,
    intrinsic::WeakRef,
);

/// Why a run must stop, shared by the run loop, the interrupt handler and the native functions.
/// The first reason set wins.
pub(crate) struct Flags {
    reason: AtomicU8,
    heap: Arc<HeapFlag>,
    cancel: CancellationToken,
    /// Asked, with the token, whether the run is cancelled (see [`crate::Probe`]).
    probe: Option<std::sync::Mutex<crate::Probe>>,
    deadline: Instant,
}

const NO_REASON: u8 = 0;
const REASONS: [StopReason; 4] = [
    StopReason::Timeout,
    StopReason::Cancelled,
    StopReason::HeapLimit,
    StopReason::CallLimit,
];

impl Flags {
    /// Flags for a run on an engine whose allocator sets `heap`.
    pub(crate) fn new(
        cancel: CancellationToken,
        probe: Option<crate::Probe>,
        deadline: Instant,
        heap: Arc<HeapFlag>,
    ) -> Self {
        Self {
            reason: AtomicU8::new(NO_REASON),
            heap,
            cancel,
            probe: probe.map(std::sync::Mutex::new),
            deadline,
        }
    }

    /// Whether the run is cancelled: its token, or its probe.
    fn cancelled(&self) -> bool {
        self.cancel.is_cancelled()
            || self
                .probe
                .as_ref()
                .is_some_and(|probe| probe.try_lock().is_ok_and(|mut probe| probe()))
    }

    /// Records `reason` unless another was recorded first.
    pub(crate) fn stop(&self, reason: StopReason) {
        if let Some(i) = REASONS.iter().position(|r| *r == reason) {
            let code = u8::try_from(i + 1).unwrap_or(u8::MAX);
            let _ =
                self.reason
                    .compare_exchange(NO_REASON, code, Ordering::SeqCst, Ordering::SeqCst);
        }
    }

    /// The recorded reason, without looking at the clock.
    pub(crate) fn reason(&self) -> Option<StopReason> {
        match self.reason.load(Ordering::SeqCst) {
            NO_REASON => None,
            code => REASONS.get(usize::from(code) - 1).copied(),
        }
    }

    /// The recorded reason, after turning a refused allocation into [`StopReason::HeapLimit`]:
    /// what the run ends with, whatever happened last.
    pub(crate) fn final_reason(&self) -> Option<StopReason> {
        if self.heap.is_set() {
            self.stop(StopReason::HeapLimit);
        }
        self.reason()
    }

    /// Looks at the heap flag, the token and the clock, records what it finds, and returns the
    /// reason to stop, if any. The interrupt handler calls this every few thousand instructions.
    pub(crate) fn poll(&self) -> Option<StopReason> {
        if self.reason.load(Ordering::Relaxed) == NO_REASON {
            if self.heap.is_set() {
                self.stop(StopReason::HeapLimit);
            } else if self.cancelled() {
                self.stop(StopReason::Cancelled);
            } else if Instant::now() >= self.deadline {
                self.stop(StopReason::Timeout);
            }
        }
        self.reason()
    }
}

/// A call the code made, not yet seen by the run loop.
pub(crate) struct NewCall {
    /// Its index among the run's calls, which also finds its promise.
    pub(crate) id: u32,
    /// The tool's name.
    pub(crate) name: String,
    /// The arguments as JSON text (empty when `problem` is set).
    pub(crate) json: String,
    /// Why the arguments could not be encoded, or empty.
    pub(crate) problem: String,
}

/// How the code ended, as the prelude reported it.
pub(crate) enum Done {
    /// It returned this JSON text.
    Value(String),
    /// It threw (or its promise rejected) with this description; the id of the call whose very
    /// error it threw, if it was one.
    Threw(String, Option<u32>),
    /// It returned a value that cannot cross as JSON, for this reason.
    Invalid(String),
}

/// What the code asked of the host since the loop last looked.
pub(crate) struct HostState {
    pub(crate) new_calls: Vec<NewCall>,
    /// The resolving functions of each call's promise, by call id, until it settles.
    resolvers: Vec<Option<Resolvers>>,
    pub(crate) calls_made: usize,
    /// The error each failed call rejected with, by call id, to know it when the code throws it.
    rejections: Vec<(u32, Persistent<rquickjs::Value<'static>>)>,
    pub(crate) logs: LogBuffer,
    pub(crate) done: Option<Done>,
}

/// A call's promise's `resolve` and `reject`.
type Resolvers = (Persistent<Function<'static>>, Persistent<Function<'static>>);

/// Limits the engine applies itself.
pub(crate) struct EngineLimits {
    pub(crate) heap_bytes: usize,
    pub(crate) stack_bytes: usize,
    pub(crate) max_calls: usize,
    pub(crate) max_log_chars: usize,
}

/// How starting the code went.
pub(crate) enum Launch {
    /// The code is running (or already done).
    Started,
    /// It does not parse.
    Syntax(String),
    /// The engine could not start it; `flags` may tell why.
    Failed(Error),
}

/// A run's runtime and context: prepared (the prelude loaded, no code yet), then launched.
pub(crate) struct Engine {
    // Fields drop in order: the context before the runtime. The handles in `state` and the
    // prelude's installer are released first, in `Drop`.
    context: Context,
    _runtime: Runtime,
    pub(crate) state: Rc<RefCell<HostState>>,
    /// The prelude's default export, until the launch calls it.
    installer: Option<Persistent<Function<'static>>>,
    /// The run's flags, which the interrupt handler reads once the engine is launched.
    flags: Arc<OnceLock<Arc<Flags>>>,
    heap: Arc<HeapFlag>,
    heap_bytes: usize,
    stack_bytes: usize,
}

impl Engine {
    /// Builds a fresh runtime (its allocator refusing past `heap_bytes`, its stack bounded by
    /// `stack_bytes`) and a context, and evaluates the prelude: everything a run needs before its
    /// code, which is most of a fresh run's cost.
    /// Its allocator sets `heap` when it refuses an allocation.
    pub(crate) fn prepare(
        heap_bytes: usize,
        stack_bytes: usize,
        heap: Arc<HeapFlag>,
    ) -> Result<Self, Error> {
        let allocator = CountingAllocator::new(heap_bytes, heap.clone());
        let runtime = Runtime::new_with_alloc(allocator).map_err(Error::Engine)?;
        runtime.set_max_stack_size(stack_bytes);
        let flags: Arc<OnceLock<Arc<Flags>>> = Arc::default();
        let interrupt = flags.clone();
        runtime.set_interrupt_handler(Some(Box::new(move || {
            interrupt.get().is_some_and(|flags| flags.poll().is_some())
        })));
        let context = Context::custom::<Intrinsics>(&runtime).map_err(Error::Engine)?;
        let state = Rc::new(RefCell::new(HostState {
            new_calls: Vec::new(),
            resolvers: Vec::new(),
            calls_made: 0,
            rejections: Vec::new(),
            logs: LogBuffer::new(0),
            done: None,
        }));
        let bytecode = prelude_bytecode()?;
        let installer = context
            .with(|ctx| -> rquickjs::Result<Persistent<Function<'static>>> {
                // SAFETY: `bytecode` was written by `Module::write` of this same QuickJS build, in
                // this process, from the constant `PRELUDE`; it lives for the whole process.
                let module = unsafe { Module::load(ctx.clone(), bytecode)? };
                let (module, _) = module.eval()?;
                let prelude: Function = module.get("default")?;
                Ok(Persistent::save(&ctx, prelude))
            })
            .map_err(|e| Error::Prelude(context.with(|ctx| describe(&ctx, e))))?;
        Ok(Engine {
            context,
            _runtime: runtime,
            state,
            installer: Some(installer),
            flags,
            heap,
            heap_bytes,
            stack_bytes,
        })
    }

    /// The flag this engine's allocator sets when it refuses an allocation.
    pub(crate) fn heap_flag(&self) -> Arc<HeapFlag> {
        self.heap.clone()
    }

    /// Whether this prepared engine was built with these heap and stack limits.
    pub(crate) fn built_for(&self, heap_bytes: usize, stack_bytes: usize) -> bool {
        self.heap_bytes == heap_bytes && self.stack_bytes == stack_bytes
    }

    /// Installs the prelude with the tool `names` on a prepared engine and starts `code`; `flags`
    /// must have been made with [`Engine::heap_flag`]. An engine launches once.
    pub(crate) fn launch(
        &mut self,
        limits: &EngineLimits,
        flags: &Arc<Flags>,
        names: &[String],
        code: &str,
    ) -> Launch {
        let Some(installer) = self.installer.take() else {
            return Launch::Failed(Error::Prelude("the engine was launched before".to_owned()));
        };
        let _ = self.flags.set(flags.clone());
        self.state.borrow_mut().logs = LogBuffer::new(limits.max_log_chars);
        let state = self.state.clone();
        let flags = flags.clone();
        let (max_calls, heap_bytes) = (limits.max_calls, limits.heap_bytes);
        let outcome = self
            .context
            .with(|ctx| -> rquickjs::Result<Option<String>> {
                let host = host_object(&ctx, &state, &flags, max_calls)?;
                let prelude = installer.restore(&ctx)?;
                let max_length = heap_bytes / 8;
                let hooks: Object = prelude.call((host, names.to_vec(), max_length as f64))?;
                let start: Function = hooks.get("start")?;
                start.call((code,))
            });
        match outcome {
            Ok(Some(message)) => Launch::Syntax(message),
            Ok(None) => Launch::Started,
            Err(e) => {
                let detail = self.context.with(|ctx| describe(&ctx, e));
                Launch::Failed(Error::Prelude(detail))
            }
        }
    }

    /// Hands `settled` calls back to the code (each `(id, Ok(json) | Err(message))`) and runs
    /// promise jobs until none is left, the code has answered or the run must stop.
    pub(crate) fn pump(&mut self, settled: &mut Vec<(u32, Result<String, String>)>, flags: &Flags) {
        let state = &self.state;
        self.context.with(|ctx| {
            for (id, outcome) in settled.drain(..) {
                if flags.reason().is_some() {
                    break;
                }
                let resolvers = state
                    .borrow_mut()
                    .resolvers
                    .get_mut(id as usize)
                    .and_then(Option::take);
                let Some((resolve, reject)) = resolvers else {
                    continue;
                };
                let result = match outcome {
                    Ok(json) => ctx
                        .json_parse(json)
                        .and_then(|value| resolve.restore(&ctx)?.call::<_, ()>((value,))),
                    Err(message) => {
                        Exception::from_message(ctx.clone(), &message).and_then(|error| {
                            let saved = Persistent::save(&ctx, error.clone().into_value());
                            state.borrow_mut().rejections.push((id, saved));
                            reject.restore(&ctx)?.call::<_, ()>((error,))
                        })
                    }
                };
                if result.is_err() {
                    let _ = ctx.catch();
                }
            }
            settled.clear();
            // Once the code has returned or thrown, its answer stands: jobs it left behind (a
            // promise chain that never ends) are not run, as a stopped run's are not.
            while flags.reason().is_none()
                && state.borrow().done.is_none()
                && ctx.execute_pending_job()
            {}
        });
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // The handles point into the runtime: release them while it is alive.
        self.state.borrow_mut().resolvers.clear();
        self.state.borrow_mut().rejections.clear();
        self.installer = None;
    }
}

/// The native functions of the prelude's `host` object.
fn host_object<'js>(
    ctx: &Ctx<'js>,
    state: &Rc<RefCell<HostState>>,
    flags: &Arc<Flags>,
    max_calls: usize,
) -> rquickjs::Result<Object<'js>> {
    let host = Object::new(ctx.clone())?;

    let call_state = state.clone();
    let call_flags = flags.clone();
    let call = Function::new(
        ctx.clone(),
        move |ctx: Ctx<'js>, name: String, json: String, problem: String| {
            let mut state = call_state.borrow_mut();
            if state.calls_made >= max_calls {
                call_flags.stop(StopReason::CallLimit);
                return Err(Exception::throw_internal(&ctx, "call limit reached"));
            }
            let (promise, resolve, reject): (Promise<'js>, Function<'js>, Function<'js>) =
                ctx.promise()?;
            let id = u32::try_from(state.calls_made).unwrap_or(u32::MAX);
            state.calls_made += 1;
            let resolvers = (
                Persistent::save(&ctx, resolve),
                Persistent::save(&ctx, reject),
            );
            state.resolvers.push(Some(resolvers));
            state.new_calls.push(NewCall {
                id,
                name,
                json,
                problem,
            });
            Ok(promise)
        },
    )?;
    host.set("call", call)?;

    let log_state = state.clone();
    let log = Function::new(ctx.clone(), move |text: String| {
        log_state.borrow_mut().logs.push(&text);
    })?;
    host.set("log", log)?;

    let done_state = state.clone();
    let done = Function::new(
        ctx.clone(),
        move |ctx: Ctx<'js>, kind: i32, text: String, thrown: Opt<rquickjs::Value<'js>>| {
            let mut state = done_state.borrow_mut();
            if state.done.is_some() {
                return;
            }
            let by_call = match (kind, thrown.0) {
                (1, Some(thrown)) if thrown.is_object() => {
                    state.rejections.iter().find_map(|(id, saved)| {
                        let saved = saved.clone().restore(&ctx).ok()?;
                        (saved == thrown).then_some(*id)
                    })
                }
                _ => None,
            };
            state.done = Some(match kind {
                0 => Done::Value(text),
                1 => Done::Threw(text, by_call),
                _ => Done::Invalid(text),
            });
        },
    )?;
    host.set("done", done)?;

    // A real Array object: never a Proxy, so its `length` is a data property.
    let is_array = Function::new(ctx.clone(), |value: rquickjs::Value<'js>| value.is_array())?;
    host.set("isArray", is_array)?;
    Ok(host)
}

/// Turns an engine error into text, taking the pending exception if there is one.
fn describe(ctx: &Ctx<'_>, error: rquickjs::Error) -> String {
    if matches!(error, rquickjs::Error::Exception) {
        let thrown = ctx.catch();
        if let Some(exception) = thrown.as_exception() {
            return exception.message().unwrap_or_else(|| "an exception".into());
        }
        if let Some(text) = thrown.as_string().and_then(|s| s.to_string().ok()) {
            return text;
        }
        return format!("a {} was thrown", thrown.type_name());
    }
    error.to_string()
}
