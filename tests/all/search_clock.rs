//! The search's time limits with a clock that misbehaves (issue 26): the caller's clock
//! may stand still, go backwards, jump back once, or give no number at all, and a search
//! with a time limit must still end by itself. The stop test here is only a watchdog: a
//! search it has to stop fails the test. The time each search gives its `info` and report
//! never goes back.

use std::cell::Cell;
use std::time::{Duration, Instant};

use fairyboard::search::{ClockLimit, Limits, Report, Searcher};
use fairyboard::{Position, Variant};

/// Long enough for any search here to end by itself on a loaded machine.
const WATCHDOG: Duration = Duration::from_secs(20);

/// Searches `variant`'s start within `limits` by `clock`; fails if the watchdog has to stop
/// it or if the time it reports goes back. Returns the report and how long it took.
fn search_by(variant: Variant, limits: &Limits, clock: &dyn Fn() -> f64) -> (Report, Duration) {
    let pos = Position::start(variant).unwrap();
    let t = Instant::now();
    let watched = Cell::new(false);
    let stop = || {
        let late = t.elapsed() > WATCHDOG;
        watched.set(watched.get() || late);
        late
    };
    let mut times = Vec::new();
    let report = Searcher::new(1).search(&pos, &[], limits, clock, &stop, &mut |info| {
        times.push(info.time)
    });
    let took = t.elapsed();
    assert!(
        !watched.get(),
        "{}: {limits:?}: the search did not end by itself ({} iterations, depth {}, {} nodes)",
        variant.id(),
        times.len(),
        report.depth,
        report.nodes
    );
    times.push(report.time);
    assert!(times[0] >= 0.0, "{times:?}");
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "{times:?}");
    assert!(report.best.is_some());
    (report, took)
}

/// The time limits a misbehaving clock must not keep from ending.
fn timed_limits() -> Vec<Limits> {
    vec![
        Limits::movetime(20.0),
        Limits {
            clock: Some(ClockLimit {
                remaining: 600.0,
                increment: 0.0,
                moves_to_go: None,
            }),
            ..Limits::default()
        },
    ]
}

#[test]
fn a_clock_that_stands_still_cannot_keep_a_timed_search_going() {
    for variant in [Variant::Orthodox, Variant::Riftwalker] {
        for limits in timed_limits() {
            let (report, took) = search_by(variant, &limits, &|| 1234.5);
            eprintln!(
                "{}: {limits:?}: still clock, ended after {took:?}, {} nodes",
                variant.id(),
                report.nodes
            );
            assert_eq!(report.time, 0.0);
        }
    }
}

#[test]
fn a_clock_that_goes_backwards_cannot_keep_a_timed_search_going() {
    for variant in [Variant::Orthodox, Variant::Quarter] {
        for limits in timed_limits() {
            // Each reading a millisecond before the last, as a worker's clock was seen to.
            let now = Cell::new(1.0e6);
            let clock = || {
                now.set(now.get() - 1.0);
                now.get()
            };
            let (report, took) = search_by(variant, &limits, &clock);
            eprintln!(
                "{}: {limits:?}: backward clock, ended after {took:?}, {} nodes",
                variant.id(),
                report.nodes
            );
            assert_eq!(report.time, 0.0);
        }
    }
}

#[test]
fn a_clock_that_gives_no_number_cannot_keep_a_timed_search_going() {
    for reading in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let (report, took) = search_by(Variant::Bandit, &Limits::movetime(20.0), &|| reading);
        eprintln!(
            "clock {reading}: ended after {took:?}, {} nodes",
            report.nodes
        );
        assert_eq!(report.time, 0.0);
    }
}

#[test]
fn after_a_jump_back_the_clock_counts_from_where_it_landed() {
    // A clock advancing half a millisecond per reading that jumps back an hour once, early:
    // the search still spends about its 300 ms of readings, not an hour more.
    let calls = Cell::new(0u64);
    let clock = || {
        let n = calls.get();
        calls.set(n + 1);
        let back = if n >= 5 { 3.6e6 } else { 0.0 };
        5.0e6 + n as f64 * 0.5 - back
    };
    let (report, _) = search_by(Variant::Orthodox, &Limits::movetime(300.0), &clock);
    assert!(
        report.time >= 250.0 && report.time < 400.0,
        "{} ms by the clock, {} readings",
        report.time,
        calls.get()
    );
}

#[test]
fn a_clock_that_keeps_time_still_sets_the_time_spent() {
    // The real clock: a movetime search ends near its time, not at a backstop.
    let start = Instant::now();
    let clock = || start.elapsed().as_secs_f64() * 1000.0;
    let (report, took) = search_by(Variant::Orthodox, &Limits::movetime(200.0), &clock);
    eprintln!("movetime 200: {} ms by the clock, {took:?}", report.time);
    assert!(report.time >= 150.0, "{}", report.time);
    assert!(took < Duration::from_secs(5), "{took:?}");
}
