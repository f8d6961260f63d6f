//! The search thread: it owns the searcher and does what the reader sends it, in order (a
//! search, clearing or resizing the table), so that the reader never waits on a search.
//! Each search streams its `info` lines and prints its `bestmove`.

use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Instant;

use super::info::info_line;
use super::output::Output;
use fairyboard::position::Position;
use fairyboard::search::{Level, Limits, Searcher};

/// One search to run.
pub(crate) struct Job {
    pub pos: Position,
    /// The game's keys before the root, for repetitions.
    pub history: Vec<u64>,
    pub limits: Limits,
    pub level: Level,
    /// How many lines to give.
    pub multipv: usize,
    /// `go infinite`: the `bestmove` waits for `stop` even when the search ends first.
    pub hold: bool,
    /// When `go` arrived: the search's clock counts from here, or from when the search
    /// before it ended if it had to wait.
    pub start: Instant,
}

/// What the reader asks of the search thread, done in the order sent.
enum Task {
    /// A search, with its number (counted from 0 in the order of the `go`s).
    Search(u64, Box<Job>),
    /// `ucinewgame` or another game: forget what the table holds.
    Clear,
    /// `Hash` changed: a table of this many megabytes.
    Resize(usize),
}

/// What the reader and the search thread share.
#[derive(Default)]
struct Shared {
    /// The searches numbered below this are stopped (`stop`: every one sent so far).
    stop_below: AtomicU64,
    /// `quit`: searches not yet started are dropped without a word.
    quit: AtomicBool,
    /// The end of the input: `go infinite` no longer waits for a `stop` that cannot come.
    released: AtomicBool,
}

/// The search thread, seen from the reader.
pub(crate) struct Worker {
    tasks: Option<Sender<Task>>,
    shared: Arc<Shared>,
    /// The number of the next search.
    next: u64,
    handle: Option<JoinHandle<()>>,
}

impl Worker {
    /// Starts the thread with a table of `hash` megabytes.
    pub(crate) fn spawn<W: Write + Send + 'static>(hash: usize, out: Output<W>) -> Worker {
        let (tx, rx) = channel();
        let shared = Arc::new(Shared::default());
        let mine = Arc::clone(&shared);
        let handle = thread::spawn(move || serve(&rx, hash, &out, &mine));
        Worker {
            tasks: Some(tx),
            shared,
            next: 0,
            handle: Some(handle),
        }
    }

    fn send(&self, task: Task) {
        if let Some(tx) = &self.tasks {
            // The thread only ends when the sender is dropped: a send cannot fail before.
            let _ = tx.send(task);
        }
    }

    /// Queues a search: it starts when those before it have ended.
    pub(crate) fn search(&mut self, job: Job) {
        self.send(Task::Search(self.next, Box::new(job)));
        self.next += 1;
    }

    /// Queues clearing the table.
    pub(crate) fn clear(&self) {
        self.send(Task::Clear);
    }

    /// Queues resizing the table.
    pub(crate) fn resize(&self, megabytes: usize) {
        self.send(Task::Resize(megabytes));
    }

    /// Stops the running search and every one queued (each still prints its `bestmove`,
    /// at once); a `go infinite` among them answers.
    pub(crate) fn stop(&self) {
        self.shared.stop_below.store(self.next, Ordering::Release);
        self.wake();
    }

    fn wake(&self) {
        if let Some(h) = &self.handle {
            h.thread().unpark();
        }
    }

    /// Waits for the thread to end: after [`Worker::quit`] the running search is stopped and
    /// the queued ones dropped; after [`Worker::finish`] every queued search runs to its
    /// limits (`go infinite` ends).
    fn join(&mut self) {
        self.tasks = None;
        self.wake();
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }

    /// `quit`: the running search ends with its `bestmove`, the queued ones are dropped.
    pub(crate) fn quit(&mut self) {
        self.shared.quit.store(true, Ordering::Release);
        self.stop();
        self.join();
    }

    /// The end of the input: the searches queued run to their limits (piped commands get
    /// their answers) but `go infinite`, which has no `stop` to wait for.
    pub(crate) fn finish(&mut self) {
        self.shared.released.store(true, Ordering::Release);
        self.join();
    }
}

impl Drop for Worker {
    /// A session that ends without `quit` or the end of its input (a panic) leaves no
    /// search running.
    fn drop(&mut self) {
        if self.handle.is_some() {
            self.quit();
        }
    }
}

/// The thread's body: each task in turn until the reader is gone.
fn serve<W: Write>(tasks: &Receiver<Task>, hash: usize, out: &Output<W>, shared: &Shared) {
    let mut hash = hash;
    let mut searcher = Some(Searcher::new(hash));
    // When the last search ended: a search that waited for it counts its time from there.
    let mut idle_since = Instant::now();
    while let Ok(task) = tasks.recv() {
        match task {
            Task::Search(number, job) => {
                if shared.quit.load(Ordering::Acquire) {
                    continue;
                }
                // Stopped by `stop` (or `quit`); a `go infinite` also by the end of the input.
                let stopped = || {
                    number < shared.stop_below.load(Ordering::Acquire)
                        || (job.hold && shared.released.load(Ordering::Acquire))
                };
                // A search that panicked lost its searcher: a new one is also a cleared one.
                let s = searcher.take().unwrap_or_else(|| Searcher::new(hash));
                let start = job.start.max(idle_since);
                searcher = run(&job, start, s, out, &stopped);
                idle_since = Instant::now();
            }
            Task::Clear => {
                if let Some(s) = &mut searcher {
                    s.clear();
                }
            }
            Task::Resize(mb) => {
                hash = mb;
                if let Some(s) = &mut searcher {
                    s.resize(mb);
                }
            }
        }
    }
}

/// One search: search, wait for `stop` if held, print `bestmove`; the searcher back, or
/// `None` if the search panicked.
fn run<W: Write>(
    job: &Job,
    start: Instant,
    mut searcher: Searcher,
    out: &Output<W>,
    stopped: &dyn Fn() -> bool,
) -> Option<Searcher> {
    let pos = &job.pos;
    // Said if the search fails, so the GUI is not left waiting.
    let fallback = pos.legal_moves().first().map(|m| pos.move_text(m));
    let clock = || start.elapsed().as_secs_f64() * 1000.0;
    let result = catch_unwind(AssertUnwindSafe(|| {
        let limits = job.level.limits(job.limits.clone());
        searcher.exact_root(job.level.noise);
        searcher.multipv(job.multipv);
        let report = searcher.search(pos, &job.history, &limits, &clock, stopped, &mut |info| {
            out.line(&info_line(pos, info))
        });
        job.level
            .choose(&report, pos.key())
            .map(|m| pos.move_text(&m))
    }));
    let (best, searcher) = match result {
        Ok(best) => (best, Some(searcher)),
        Err(_) => {
            out.error("the search failed; playing the first legal move");
            (fallback, None)
        }
    };
    if job.hold {
        while !stopped() {
            thread::park();
        }
    }
    out.line(&format!("bestmove {}", best.as_deref().unwrap_or("(none)")));
    searcher
}
