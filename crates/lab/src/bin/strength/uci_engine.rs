//! An outside engine spoken to over UCI in its own process: Stockfish, or another build of
//! fairyboard (`fairyboard uci`).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A Stockfish process spoken to over UCI.
pub(crate) struct UciEngine {
    pub(crate) child: Child,
    pub(crate) stdin: ChildStdin,
    pub(crate) lines: mpsc::Receiver<String>,
}

/// How long Stockfish may take to answer anything but a search.
pub(crate) const STOCKFISH_WAIT: Duration = Duration::from_secs(10);

impl UciEngine {
    /// Starts Stockfish, limited to `elo` if given, with one thread and 16 MB of hash.
    pub(crate) fn start(elo: Option<u32>) -> Result<UciEngine, String> {
        let path = std::env::var("STOCKFISH").unwrap_or_else(|_| "/usr/games/stockfish".into());
        let mut options = vec![
            "setoption name Threads value 1".to_string(),
            "setoption name Hash value 16".to_string(),
        ];
        if let Some(elo) = elo {
            options.push("setoption name UCI_LimitStrength value true".into());
            options.push(format!("setoption name UCI_Elo value {elo}"));
        }
        Self::spawn(&path, &[], &options)
    }

    /// Starts a UCI engine `path` with `args`, says `uci`, sends `options`, and waits until
    /// it is ready.
    pub(crate) fn spawn(
        path: &str,
        args: &[&str],
        options: &[String],
    ) -> Result<UciEngine, String> {
        let mut child = Command::new(path)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {path}: {e} (apt-get install -y stockfish)"))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err("Stockfish's pipes could not be opened".into());
        };
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut sf = UciEngine {
            child,
            stdin,
            lines,
        };
        sf.send("uci")?;
        sf.wait_for("uciok", STOCKFISH_WAIT)?;
        for option in options {
            sf.send(option)?;
        }
        sf.send("isready")?;
        sf.wait_for("readyok", STOCKFISH_WAIT)?;
        Ok(sf)
    }

    /// Sends one line.
    pub(crate) fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("Stockfish does not listen ({e}): it may have crashed"))
    }

    /// Reads lines until one starts with `head`; returns it.
    pub(crate) fn wait_for(&mut self, head: &str, within: Duration) -> Result<String, String> {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(head) => return Ok(line),
                Ok(_) => {}
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    return Err(format!("Stockfish gave no '{head}' within {within:?}"))
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    let status = self.child.try_wait().ok().flatten();
                    return Err(format!(
                        "Stockfish ended before '{head}' (exit status {status:?})"
                    ));
                }
            }
        }
    }

    /// Starts a new game.
    pub(crate) fn new_game(&mut self) -> Result<(), String> {
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.wait_for("readyok", STOCKFISH_WAIT).map(|_| ())
    }

    /// The engine's move after `moves` from `position` (`startpos` or `fen ...`), searched
    /// with `go <go>`, waiting at most `ms` milliseconds and a margin.
    pub(crate) fn best_move(
        &mut self,
        position: &str,
        moves: &[String],
        go: &str,
        ms: u64,
    ) -> Result<String, String> {
        let mut line = format!("position {position}");
        if !moves.is_empty() {
            line.push_str(" moves ");
            line.push_str(&moves.join(" "));
        }
        self.send(&line)?;
        self.send(&format!("go {go}"))?;
        let answer = self.wait_for("bestmove", Duration::from_millis(ms) + STOCKFISH_WAIT)?;
        answer
            .split_whitespace()
            .nth(1)
            .map(str::to_string)
            .ok_or_else(|| format!("Stockfish answered '{answer}'"))
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        for _ in 0..50 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
