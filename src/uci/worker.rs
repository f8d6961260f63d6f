//! The search thread: it owns the searcher while it searches, streams `info` lines, prints
//! `bestmove`, and hands the searcher back when joined.

use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Instant;

use super::info::info_line;
use super::output::Output;
use crate::position::Position;
use crate::search::{Level, Limits, Searcher};

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
    /// When `go` arrived: the search's clock counts from here.
    pub start: Instant,
}

/// A running search.
pub(crate) struct Worker {
    stop: Arc<AtomicBool>,
    /// Whether this search only ends on `stop` (`go infinite`).
    endless: bool,
    handle: JoinHandle<Option<Searcher>>,
}

impl Worker {
    /// Starts the search on its own thread.
    pub(crate) fn spawn<W: Write + Send + 'static>(
        job: Job,
        searcher: Searcher,
        out: Output<W>,
    ) -> Worker {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let endless = job.hold;
        let handle = thread::spawn(move || run(job, searcher, &out, &flag));
        Worker {
            stop,
            endless,
            handle,
        }
    }

    /// Whether the search only ends on `stop`.
    pub(crate) fn is_endless(&self) -> bool {
        self.endless
    }

    /// Whether the thread has printed its `bestmove` and ended.
    pub(crate) fn is_finished(&self) -> bool {
        self.handle.is_finished()
    }

    /// Asks the search to stop (and a held `bestmove` to come).
    pub(crate) fn stop(&self) {
        self.stop.store(true, Ordering::Release);
        self.handle.thread().unpark();
    }

    /// Waits for the thread; the searcher back, or `None` if the search panicked.
    pub(crate) fn join(self) -> Option<Searcher> {
        self.handle.join().ok().flatten()
    }
}

/// The thread's body: search, wait for `stop` if held, print `bestmove`.
fn run<W: Write>(
    job: Job,
    mut searcher: Searcher,
    out: &Output<W>,
    stop: &AtomicBool,
) -> Option<Searcher> {
    let pos = &job.pos;
    // Said if the search fails, so the GUI is not left waiting.
    let fallback = pos.legal_moves().first().map(|m| pos.move_text(m));
    let clock = || job.start.elapsed().as_secs_f64() * 1000.0;
    let stopped = || stop.load(Ordering::Acquire);
    let result = catch_unwind(AssertUnwindSafe(|| {
        let limits = job.level.limits(job.limits.clone());
        searcher.exact_root(job.level.noise);
        searcher.multipv(job.multipv);
        let report = searcher.search(pos, &job.history, &limits, &clock, &stopped, &mut |info| {
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
