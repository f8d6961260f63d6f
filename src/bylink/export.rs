//! A game by link as PGN, the same on both pages: written by the one PGN writer from the
//! game the record makes, with the record's names and date.

use super::LinkGame;
use crate::pgn;
use crate::piece::Color;

/// The Site tag of a game by link.
pub const SITE: &str = "fairyboard, played by links";

/// The Event tag of a game by link.
pub const EVENT: &str = "Game by link";

impl LinkGame {
    /// The game's PGN: Event `Game by link`, Site `fairyboard, played by links`, Date the day
    /// the game was made (UTC), White and Black the names (`?` while unknown), Result and
    /// Termination from how it ended (`Normal`, or `Time forfeit` for a claim on time), the
    /// moves left after takebacks. Both pages hold the same record, so both write the same
    /// text.
    pub fn pgn(&self) -> String {
        let mut game = self.game().clone();
        let tags = [
            ("Event", EVENT.to_string()),
            ("Site", SITE.to_string()),
            ("Date", date(self.created())),
            ("White", self.name(Color::White).to_string()),
            ("Black", self.name(Color::Black).to_string()),
        ];
        for (name, value) in &tags {
            // The names were checked when given (no control characters), the rest is ours:
            // every tag is taken; an empty name leaves the roster's `?`.
            let _ = game.set_tag(name, value);
        }
        pgn::write(&game, &[])
    }
}

/// The day of a time in Unix minutes, as PGN dates are written: `2026.11.30` (UTC).
pub fn date(minutes: u64) -> String {
    let (y, m, d) = civil(minutes / (24 * 60));
    format!("{y:04}.{m:02}.{d:02}")
}

/// A time in Unix minutes for people: `2026-11-30 14:05 UTC`.
pub fn date_time(minutes: u64) -> String {
    let (y, m, d) = civil(minutes / (24 * 60));
    let in_day = minutes % (24 * 60);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        in_day / 60,
        in_day % 60
    )
}

/// The year, month and day of a day counted from 1970-01-01 (Howard Hinnant's
/// `civil_from_days`, for the proleptic Gregorian calendar).
fn civil(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + u64::from(m <= 2), m, d)
}

#[cfg(test)]
mod tests {
    use super::{date, date_time};

    #[test]
    fn dates_of_unix_minutes() {
        assert_eq!(date(0), "1970.01.01");
        // 2000-02-29 00:00 UTC is 951,782,400 s; 2026-11-30 14:05 UTC is 1,796,047,500 s.
        assert_eq!(date(951_782_400 / 60), "2000.02.29");
        assert_eq!(date_time(1_796_047_500 / 60), "2026-11-30 14:05 UTC");
        assert_eq!(date(1_796_047_500 / 60 - 24 * 60 * 30), "2026.10.31");
    }
}
