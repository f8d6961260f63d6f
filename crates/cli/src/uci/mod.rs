//! UCI, the protocol chess GUIs and programs (Cute Chess, Arena, python-chess) speak to
//! engines, over any input and output (stdin and stdout for `fairyboard uci`).
//!
//! Beyond the standard commands:
//! - `UCI_Variant` picks the game (`chess` is another name for `orthodox`); changing it
//!   sets the new game's start position. Moves and positions are our own text
//!   (`e2e4`, `e7e8q`, castling `e1g1`, `P@e4`, `c1:pull`...).
//! - `Level` (1 to 8) plays the levels of `fairyboard bestmove --level`.
//! - `MultiPV` (1 to 5) gives that many lines, each in its own `info ... multipv N ...`
//!   after every iteration; the first is the line a single-line search gives.
//! - Every `go` but `go infinite` ends by itself. A bare `go`, or one whose only limits are
//!   the other side's clock fields, searches for one second (python-chess sends a bare `go`
//!   for `Limit()` and waits for the answer); one limited only by depth, nodes or mate
//!   searches ten seconds at most. `go infinite` waits for `stop` before its `bestmove`.
//! - A line that cannot be used (an unknown command, a bad position or move, a bad option
//!   value, a malformed `go`) is answered with `info string error: <what is wrong>` and
//!   changes nothing: the previous position and options stay. Unknown words before a
//!   command are skipped, as UCI asks. `go ponder`, `go perft` and `searchmoves` are not
//!   supported (the last is ignored with a note).
//! - The GUI is the referee: moves after a draw by repetition or the 100-ply rule are
//!   played, and `go` searches whatever position it is given.
//!
//! - The search runs on its own thread and the reading loop never waits on it: `isready` is
//!   answered at once, and `stop` and `quit` are read at once. A `go` during a search waits
//!   its turn, as Stockfish answers it (each `go` searched to its own limits with its own
//!   `bestmove`, in order; a waiting search's time counts from when it starts): `stop` ends
//!   the running search and those waiting, each answering at once; `quit` ends the running
//!   one and drops those waiting.

mod command;
mod go;
mod info;
mod options;
mod output;
mod worker;

pub use go::UNTIMED_GO_MOVETIME;
pub use info::info_line;
pub use output::one_line;

use std::io::{BufRead, Write};
use std::time::Instant;

use command::Command;
use fairyboard::game::Game;
use fairyboard::games::Variant;
use fairyboard::record::why_not_played;
use fairyboard::search::{Level, LEVELS};
use go::Go;
use options::{Setting, DEFAULT_HASH};
use output::Output;
use worker::{Job, Worker};

/// Speaks UCI: reads commands from `input` line by line and answers on `output` until
/// `quit` (which stops a search) or the end of the input (which lets the searches with limits
/// finish, so piped commands get their answers, and stops `go infinite`). Never panics on
/// any input; a line that is not valid UTF-8 is read with replacement characters.
pub fn run<R: BufRead, W: Write + Send + 'static>(mut input: R, output: W) {
    let mut session = Session::new(Output::new(output));
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if !session.handle(&String::from_utf8_lossy(&buf)) {
            session.worker.quit();
            return;
        }
    }
    session.worker.finish();
}

/// The engine's state between commands.
struct Session<W> {
    out: Output<W>,
    variant: Variant,
    /// The position to search, with the moves that led to it (for repetitions).
    game: Game,
    hash: usize,
    level: Level,
    /// The `MultiPV` option.
    multipv: usize,
    /// The search thread: searches, and the table's clearing and resizing, in order.
    worker: Worker,
}

impl<W: Write + Send + 'static> Session<W> {
    fn new(out: Output<W>) -> Session<W> {
        let variant = Variant::Orthodox;
        Session {
            worker: Worker::spawn(DEFAULT_HASH, out.clone()),
            out,
            variant,
            game: start(variant).expect("orthodox chess has a start position"),
            hash: DEFAULT_HASH,
            level: LEVELS[LEVELS.len() - 1],
            multipv: 1,
        }
    }

    /// Handles one line; `false` after `quit`.
    fn handle(&mut self, line: &str) -> bool {
        let start = Instant::now();
        let command = match command::parse(line) {
            Ok(Some(c)) => c,
            Ok(None) => return true,
            Err(e) => {
                self.out.error(&e);
                return true;
            }
        };
        match command {
            Command::Uci => self.handshake(),
            Command::IsReady => self.out.line("readyok"),
            Command::NewGame => self.worker.clear(),
            Command::SetOption { name, value } => match options::setting(&name, value.as_deref()) {
                Ok(s) => self.set(s),
                Err(e) => self.out.error(&e),
            },
            Command::Position { fen, moves } => match self.position(fen.as_deref(), &moves) {
                Ok(game) => self.game = game,
                Err(e) => self.out.error(&e),
            },
            Command::Go(go) => self.go(&go, start),
            Command::Stop => self.worker.stop(),
            Command::Quit => return false,
            Command::Nothing => {}
        }
        true
    }

    fn handshake(&self) {
        self.out
            .line(&format!("id name fairyboard {}", env!("CARGO_PKG_VERSION")));
        self.out.line("id author the fairyboard authors");
        for line in options::option_lines() {
            self.out.line(&line);
        }
        self.out.line("uciok");
    }

    fn set(&mut self, setting: Setting) {
        match setting {
            Setting::Variant(v) => {
                if v != self.variant {
                    match start(v) {
                        Ok(game) => {
                            self.variant = v;
                            self.game = game;
                            // Another game's table entries are of no use.
                            self.worker.clear();
                        }
                        Err(e) => self.out.error(&e),
                    }
                }
            }
            Setting::Hash(mb) => {
                if mb != self.hash {
                    self.hash = mb;
                    self.worker.resize(mb);
                }
            }
            Setting::Level(level) => self.level = level,
            Setting::MultiPv(n) => self.multipv = n,
        }
    }

    /// The game a `position` command sets, or what is wrong with it.
    fn position(&self, fen: Option<&str>, moves: &[String]) -> Result<Game, String> {
        let mut game = match fen {
            None => start(self.variant)?,
            Some(text) => Game::new(self.variant, Some(text))
                .map_err(|e| format!("position ({} text): {}", self.variant.id(), e.message()))?,
        };
        for (i, text) in moves.iter().enumerate() {
            // `parse_move` and `play_move`, not `Game::play`: the GUI referees, so a
            // game drawn by repetition may go on.
            let m = game.position().parse_move(text).map_err(|e| {
                why_not_played(&format!("position: move {}", i + 1), text, e.message())
            })?;
            game.play_move(m);
        }
        Ok(game)
    }

    /// Queues the search: a `go` during a search waits its turn (as Stockfish answers it:
    /// each `go` searched to its own limits, with its own `bestmove`, in order), while this
    /// reader goes on reading.
    fn go(&mut self, go: &Go, start: Instant) {
        if !go.searchmoves.is_empty() {
            self.out
                .line("info string searchmoves is not supported: searching every move");
        }
        let pos = self.game.position().clone();
        self.worker.search(Job {
            limits: go.limits(pos.side()),
            history: self.game.keys_before(),
            pos,
            level: self.level,
            multipv: self.multipv,
            hold: go.infinite,
            start,
        });
    }
}

/// A new game at `variant`'s start position.
fn start(variant: Variant) -> Result<Game, String> {
    Game::new(variant, None).map_err(|e| e.message().to_string())
}
