//! The transposition table: what earlier searches found about a position, by its Zobrist
//! key. One 16-byte entry per slot; a slot keeps the deeper result, or the newer search's.

use super::score::{from_table, to_table};

/// What a stored score says about the true one.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (a move failed high).
    Lower,
    /// The true score is at most this (every move failed low).
    Upper,
}

/// One slot: 16 bytes.
#[derive(Copy, Clone, Default)]
struct Slot {
    key: u64,
    /// The best move's index in the position's legal move list (`u16::MAX`: none).
    best: u16,
    score: i16,
    depth: i8,
    /// Bits 0-1: the bound (0 = empty); bits 2-7: the search's generation.
    flags: u8,
}

/// A stored result.
#[derive(Copy, Clone, Debug)]
pub struct Entry {
    /// The best move's index in the legal move list, if one was found.
    pub best: Option<usize>,
    /// The score, from the position's side to move, mate scores relative to it.
    pub score: i32,
    /// The depth searched.
    pub depth: i32,
    /// What the score means.
    pub bound: Bound,
}

impl Entry {
    /// Whether the stored score settles a search of the window `alpha`..`beta` as it stands:
    /// it is exact, or a bound on the side of the window that makes the search cut off.
    #[inline]
    pub fn cuts(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
}

/// The table: a power of two of slots.
pub struct Table {
    slots: Vec<Slot>,
    generation: u8,
}

impl Table {
    /// A table of about `megabytes` (at least one slot).
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.max(1) * 1024 * 1024;
        let n = (bytes / std::mem::size_of::<Slot>()).next_power_of_two() / 2;
        Table {
            slots: vec![Slot::default(); n.max(1)],
            generation: 0,
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
        self.generation = 0;
    }

    /// Marks the start of a new search, so that its entries replace older ones first.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 0x3f;
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }

    /// What is stored for `key`, mate scores made relative to `ply`.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<Entry> {
        let s = self.slots[self.index(key)];
        let bound = match s.flags & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        if s.key != key {
            return None;
        }
        Some(Entry {
            best: (s.best != u16::MAX).then_some(s.best as usize),
            score: from_table(s.score as i32, ply),
            depth: s.depth as i32,
            bound,
        })
    }

    /// Stores a result, unless the slot holds a deeper one of this search for another
    /// position.
    #[inline]
    pub fn store(
        &mut self,
        key: u64,
        ply: usize,
        depth: i32,
        score: i32,
        bound: Bound,
        best: Option<usize>,
    ) {
        let i = self.index(key);
        let old = self.slots[i];
        let same_search = old.flags >> 2 == self.generation;
        if old.key != key && same_search && old.flags & 3 != 0 && old.depth as i32 > depth {
            return;
        }
        // Keep the old move when this result found none for the same position.
        let best = match best {
            Some(b) => b.min(u16::MAX as usize - 1) as u16,
            None if old.key == key => old.best,
            None => u16::MAX,
        };
        let bound = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        self.slots[i] = Slot {
            key,
            best,
            score: to_table(score, ply) as i16,
            depth: depth.clamp(-1, 127) as i8,
            flags: bound | self.generation << 2,
        };
    }

    /// The share of slots in use, in thousandths (UCI's `hashfull`), from the first
    /// thousand slots.
    pub fn permille(&self) -> u32 {
        let n = self.slots.len().min(1000);
        let used = self.slots[..n].iter().filter(|s| s.flags & 3 != 0).count();
        (used * 1000 / n.max(1)) as u32
    }
}
