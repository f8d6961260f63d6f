//! The engine's side of the conversation: whole lines, written and flushed under one lock,
//! so the search thread's `info` lines and the main thread's answers never interleave.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// A shared line writer. A write that fails (the GUI has gone) is dropped: `quit` or the
/// end of the input ends the session.
pub(crate) struct Output<W> {
    inner: Arc<Mutex<W>>,
}

impl<W> Clone for Output<W> {
    fn clone(&self) -> Self {
        Output {
            inner: Arc::clone(&self.inner),
        }
    }
}

impl<W: Write> Output<W> {
    pub(crate) fn new(w: W) -> Output<W> {
        Output {
            inner: Arc::new(Mutex::new(w)),
        }
    }

    /// Writes one line and flushes it.
    pub(crate) fn line(&self, text: &str) {
        // A thread that panicked while holding the lock left whole lines behind it.
        let mut w = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(w, "{text}").and_then(|_| w.flush());
    }

    /// `info string error: <message>`, on one line whatever the message holds.
    pub(crate) fn error(&self, message: &str) {
        self.line(&format!("info string error: {}", one_line(message)));
    }
}

/// `text` on one line: its control characters (line breaks above all) escaped, `\n` for a
/// line break. For messages that quote input (UCI `info string`, the command line's errors).
pub fn one_line(text: &str) -> String {
    text.chars()
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_stays_on_one_line() {
        assert_eq!(one_line("a\nb\tc"), "a\\nb\\tc");
    }
}
