//! Board geometry as data: a dense list of cells with their coordinates and their place in
//! the drawing, plus step and ray tables compiled once per game.
//!
//! Move generation walks these tables and never does coordinate arithmetic, so holes
//! (missing squares), quadrant correspondence, wraparound edges and the 4-D board are all
//! the same to it: a step either lands on a cell or it does not.

use serde::Serialize;

/// The most cells any board may have (the largest, Pawnier's 9x11 less three holes, has 96).
pub const MAX_CELLS: usize = 128;

/// A cell of a board: an index into its geometry's dense cell list.
#[derive(Copy, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(pub u8);

impl Square {
    /// The cell index as a `usize`, for indexing tables.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A displacement in a board's own coordinates: (file, rank, 0, 0) on flat boards,
/// (X, Y, x, y) on the 4-D board.
pub type Vector = [i8; 4];

/// A set of cells as a 128-bit mask (bit `i` is cell `i`).
pub type SquareSet = u128;

/// Iterates over the cells of a [`SquareSet`], lowest index first.
pub fn squares(set: SquareSet) -> impl Iterator<Item = Square> {
    // Two 64-bit halves: wasm has no 128-bit arithmetic, and the halves are cheaper natively too.
    let (mut low, mut high) = (set as u64, (set >> 64) as u64);
    std::iter::from_fn(move || {
        if low != 0 {
            let i = low.trailing_zeros() as u8;
            low &= low - 1;
            Some(Square(i))
        } else if high != 0 {
            let i = high.trailing_zeros() as u8;
            high &= high - 1;
            Some(Square(64 + i))
        } else {
            None
        }
    })
}

/// The bit of one cell.
#[inline]
pub fn bit(sq: Square) -> SquareSet {
    // A table load: a variable 128-bit shift is a library call in wasm.
    BITS[sq.index() & 127]
}

const BITS: [SquareSet; 128] = {
    let mut bits = [0; 128];
    let mut i = 0;
    while i < 128 {
        bits[i] = 1 << i;
        i += 1;
    }
    bits
};

/// One cell: where it is in the board's coordinates and in the drawing.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// Coordinates in the board's own dimensions; unused dimensions are 0.
    pub coords: Vector,
    /// Drawing file (0 = a), from White's left.
    pub file: u8,
    /// Drawing rank (0 = rank 1), from White's side.
    pub rank: u8,
}

/// How a board's cells relate to its drawing: a flat grid, or the 3x3x3x3 board drawn as a
/// 3x3 grid of 3x3 boards.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    Flat,
    Tesseract,
}

/// The geometry of one board: its cells, the drawing grid, and the quadrant structure if
/// it has one.
#[derive(Clone, Debug)]
pub struct Geometry {
    kind: Kind,
    files: u8,
    ranks: u8,
    /// Size of each coordinate (only the first `dims` matter).
    extent: Vector,
    dims: usize,
    cells: Vec<Cell>,
    /// Drawing grid (rank * files + file) to cell, `None` for a missing square.
    at: Vec<Option<Square>>,
    /// Side of a quadrant on quadrant boards.
    quadrant: Option<u8>,
}

/// A table of single steps: for every cell and every vector of a list of at most `W`, the
/// cell it leads to, if any. Fixed-size arrays, for the reason given at [`RayTable`].
#[derive(Clone, Debug)]
pub struct StepTable<const W: usize = MAX_DIRS> {
    next: [[u8; W]; MAX_CELLS],
    /// Per cell, the set of its targets (to skip a table row that meets nothing).
    reach: [SquareSet; MAX_CELLS],
}

const NONE: u8 = u8::MAX;

impl<const W: usize> StepTable<W> {
    /// The cell one `vector` (by its index in the list the table was built from) away from `from`.
    #[inline]
    pub fn get(&self, from: Square, vector: usize) -> Option<Square> {
        let n = self.next[from.index() % MAX_CELLS][vector % W];
        (n != NONE).then_some(Square(n))
    }

    /// Every cell reachable from `from` in one step of the table, in vector order.
    #[inline]
    pub fn targets(&self, from: Square) -> impl Iterator<Item = Square> + '_ {
        // The whole fixed-size row (unused slots are empty): a loop the compiler unrolls.
        let row = &self.next[from.index() % MAX_CELLS];
        row.iter().filter(|&&n| n != NONE).map(|&n| Square(n))
    }

    /// The set of every cell reachable from `from` in one step of the table.
    #[inline]
    pub fn reach(&self, from: Square) -> SquareSet {
        self.reach[from.index() % MAX_CELLS]
    }
}

/// One value per cell in a fixed-size array (see [`RayTable`] for why not a vector),
/// indexed by cell index; collect it from one value per cell, in cell order.
#[derive(Clone, Debug)]
pub struct PerCell<T>([T; MAX_CELLS]);

impl<T: Copy + Default> FromIterator<T> for PerCell<T> {
    fn from_iter<I: IntoIterator<Item = T>>(values: I) -> Self {
        let mut cells = [T::default(); MAX_CELLS];
        for (cell, value) in cells.iter_mut().zip(values) {
            *cell = value;
        }
        PerCell(cells)
    }
}

impl<T> std::ops::Index<usize> for PerCell<T> {
    type Output = T;

    #[inline]
    fn index(&self, cell: usize) -> &T {
        &self.0[cell % MAX_CELLS]
    }
}

/// The most directions a [`RayTable`] holds (the king's eight on a flat board).
pub const MAX_DIRS: usize = 8;
/// The longest ray on any board (a file of the 11-rank board).
pub const MAX_RAY: usize = 10;

/// A table of rays: for every cell and every direction, the cells met walking in that
/// direction until the board (or a hole) stops the walk. Fixed-size arrays, not vectors:
/// a lookup is one address computed from the table's own, which keeps the hot loops short
/// of registers (wasm engines spill every extra pointer and length).
#[derive(Clone, Debug)]
pub struct RayTable {
    /// Per cell and direction, the ray's cells, nearest first.
    cells: [[[Square; MAX_RAY]; MAX_DIRS]; MAX_CELLS],
    /// Per cell and direction, how many of `cells` the ray has.
    lens: [[u8; MAX_DIRS]; MAX_CELLS],
    /// The cells of each ray as a set.
    masks: [[SquareSet; MAX_DIRS]; MAX_CELLS],
    /// Per ray, whether its cells' indices rise ([`RISING`]), fall ([`FALLING`]) or neither
    /// ([`UNORDERED`]) from the nearest on: then the nearest cell of a set is a bit scan.
    order: [[u8; MAX_DIRS]; MAX_CELLS],
}

const UNORDERED: u8 = 0;
const RISING: u8 = 1;
const FALLING: u8 = 2;

impl RayTable {
    /// The cells along direction `dir` from `from`, nearest first, not including `from`.
    #[inline]
    pub fn ray(&self, from: Square, dir: usize) -> &[Square] {
        let (row, len) = self.ray_row(from, dir);
        &row[..len.min(MAX_RAY)]
    }

    /// The ray of [`RayTable::ray`] as its whole fixed-size row and its length (a loop over
    /// the row that stops at the length has a known bound the compiler can unroll).
    #[inline]
    pub fn ray_row(&self, from: Square, dir: usize) -> (&[Square; MAX_RAY], usize) {
        let (f, d) = (from.index() % MAX_CELLS, dir % MAX_DIRS);
        (&self.cells[f][d], self.lens[f][d] as usize)
    }

    /// The nearest cell of `set` along `dir` from `from`, if the ray meets one: a bit scan
    /// on boards whose cell order follows their rays, else a walk.
    #[inline]
    pub fn nearest(&self, from: Square, dir: usize, set: SquareSet) -> Option<Square> {
        let (f, d) = (from.index() % MAX_CELLS, dir % MAX_DIRS);
        let hit = self.masks[f][d] & set;
        if hit == 0 {
            return None;
        }
        match self.order[f][d] {
            RISING => Some(Square(hit.trailing_zeros() as u8)),
            FALLING => Some(Square(127 - hit.leading_zeros() as u8)),
            _ => self
                .ray(from, dir)
                .iter()
                .copied()
                .find(|&c| hit & bit(c) != 0),
        }
    }

    /// The cells along direction `dir` from `from`, as a set: a ray that meets none of the
    /// pieces looked for need not be walked.
    #[inline]
    pub fn mask(&self, from: Square, dir: usize) -> SquareSet {
        self.masks[from.index() % MAX_CELLS][dir % MAX_DIRS]
    }
}

/// The four orthogonal directions on a flat board: north, east, south, west.
pub const ORTHOGONAL: [Vector; 4] = [[0, 1, 0, 0], [1, 0, 0, 0], [0, -1, 0, 0], [-1, 0, 0, 0]];
/// The four diagonal directions on a flat board: north-east, south-east, south-west, north-west.
pub const DIAGONAL: [Vector; 4] = [[1, 1, 0, 0], [1, -1, 0, 0], [-1, -1, 0, 0], [-1, 1, 0, 0]];
/// All eight king directions on a flat board: the orthogonal four, then the diagonal four.
pub const KING: [Vector; 8] = [
    ORTHOGONAL[0],
    ORTHOGONAL[1],
    ORTHOGONAL[2],
    ORTHOGONAL[3],
    DIAGONAL[0],
    DIAGONAL[1],
    DIAGONAL[2],
    DIAGONAL[3],
];
/// The eight knight leaps on a flat board.
pub const KNIGHT: [Vector; 8] = [
    [1, 2, 0, 0],
    [2, 1, 0, 0],
    [2, -1, 0, 0],
    [1, -2, 0, 0],
    [-1, -2, 0, 0],
    [-2, -1, 0, 0],
    [-2, 1, 0, 0],
    [-1, 2, 0, 0],
];

/// The drawing of a board for a renderer: cells placed in cell units and the lines to draw.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Layout {
    /// Width of the drawing in cell units (gaps between 4-D panels included).
    pub width: f32,
    /// Height of the drawing in cell units.
    pub height: f32,
    /// Every cell, by index.
    pub cells: Vec<LayoutCell>,
    /// Lines to draw over the board (quadrant double lines, panel frames).
    pub separators: Vec<Separator>,
    /// The missing squares of the drawing grid (Pawnier's holes), each as its top-left
    /// corner `[x, y]` in cell units, so that they can be drawn as absent, not as a gap.
    pub holes: Vec<[f32; 2]>,
}

/// One cell of a [`Layout`].
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct LayoutCell {
    /// The cell index.
    pub sq: u8,
    /// The square's name, e.g. `e4`.
    pub name: String,
    /// Left edge in cell units, White at the bottom.
    pub x: f32,
    /// Top edge in cell units, White at the bottom (0 is the top row).
    pub y: f32,
    /// Whether the square is drawn dark.
    pub dark: bool,
}

/// A line segment of a [`Layout`], in cell units.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Separator {
    /// Start x.
    pub x1: f32,
    /// Start y.
    pub y1: f32,
    /// End x.
    pub x2: f32,
    /// End y.
    pub y2: f32,
    /// `quadrant` for the quadrant double lines, `panel` for the frames of the 4-D boards.
    pub kind: &'static str,
}

/// The gap between the small boards of the 4-D drawing, in cell units.
const PANEL_GAP: f32 = 0.4;

impl Geometry {
    /// A rectangular board of `files` x `ranks` squares.
    pub fn rectangle(files: u8, ranks: u8) -> Geometry {
        Self::rectangle_with_holes(files, ranks, &[])
    }

    /// A rectangular board with some squares missing, given as (file, rank) from 0.
    /// Nothing stands on a missing square and no ray passes through it.
    pub fn rectangle_with_holes(files: u8, ranks: u8, holes: &[(u8, u8)]) -> Geometry {
        assert!(files as usize * ranks as usize - holes.len() <= MAX_CELLS && files <= 26);
        let mut cells = Vec::new();
        let mut at = vec![None; files as usize * ranks as usize];
        for rank in 0..ranks {
            for file in 0..files {
                if holes.contains(&(file, rank)) {
                    continue;
                }
                at[rank as usize * files as usize + file as usize] =
                    Some(Square(cells.len() as u8));
                cells.push(Cell {
                    coords: [file as i8, rank as i8, 0, 0],
                    file,
                    rank,
                });
            }
        }
        Geometry {
            kind: Kind::Flat,
            files,
            ranks,
            extent: [files as i8, ranks as i8, 1, 1],
            dims: 2,
            cells,
            at,
            quadrant: None,
        }
    }

    /// The 8x8 board split into four 4x4 quadrants (Vagabond and Quarter Chess).
    pub fn quadrants() -> Geometry {
        Geometry {
            quadrant: Some(4),
            ..Self::rectangle(8, 8)
        }
    }

    /// The 3x3x3x3 board: cell (X, Y, x, y) is drawn at file 3X+x, rank 3Y+y.
    pub fn tesseract() -> Geometry {
        let mut cells = Vec::new();
        let mut at = vec![None; 81];
        for rank in 0..9u8 {
            for file in 0..9u8 {
                let coords = [
                    (file / 3) as i8,
                    (rank / 3) as i8,
                    (file % 3) as i8,
                    (rank % 3) as i8,
                ];
                at[rank as usize * 9 + file as usize] = Some(Square(cells.len() as u8));
                cells.push(Cell { coords, file, rank });
            }
        }
        Geometry {
            kind: Kind::Tesseract,
            files: 9,
            ranks: 9,
            extent: [3, 3, 3, 3],
            dims: 4,
            cells,
            at,
            quadrant: None,
        }
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the board has no cells (never true for a real board).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Every cell, in index order.
    pub fn all(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.cells.len() as u8).map(Square)
    }

    /// The set of all cells.
    pub fn full(&self) -> SquareSet {
        if self.cells.len() == 128 {
            u128::MAX
        } else {
            (1u128 << self.cells.len()) - 1
        }
    }

    /// Drawing width in squares (files).
    pub fn files(&self) -> u8 {
        self.files
    }

    /// Drawing height in squares (ranks).
    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    /// A cell's coordinates and drawing place.
    pub fn cell(&self, sq: Square) -> Cell {
        self.cells[sq.index()]
    }

    /// Drawing file of a cell (0 = a).
    #[inline]
    pub fn file(&self, sq: Square) -> u8 {
        self.cells[sq.index()].file
    }

    /// Drawing rank of a cell (0 = rank 1).
    #[inline]
    pub fn rank(&self, sq: Square) -> u8 {
        self.cells[sq.index()].rank
    }

    /// The cell drawn at (file, rank), or `None` off the board or on a missing square.
    pub fn at(&self, file: i32, rank: i32) -> Option<Square> {
        if file < 0 || rank < 0 || file >= self.files as i32 || rank >= self.ranks as i32 {
            return None;
        }
        self.at[rank as usize * self.files as usize + file as usize]
    }

    /// Whether (file, rank) is inside the drawing but has no cell (a missing square).
    pub fn is_hole(&self, file: u8, rank: u8) -> bool {
        file < self.files && rank < self.ranks && self.at(file as i32, rank as i32).is_none()
    }

    /// A square's name: file letter and rank number of the drawing, e.g. `e4` or `i11`.
    // One out-of-line copy without the formatting machinery: the page's text code names
    // squares in dozens of places, and each inlined `format!` added to the wasm.
    #[inline(never)]
    pub fn name(&self, sq: Square) -> String {
        let c = self.cell(sq);
        let mut out = String::with_capacity(4);
        out.push((b'a' + c.file) as char);
        let rank = c.rank as u32 + 1;
        if rank >= 100 {
            out.push((b'0' + (rank / 100) as u8) as char);
        }
        if rank >= 10 {
            out.push((b'0' + (rank / 10 % 10) as u8) as char);
        }
        out.push((b'0' + (rank % 10) as u8) as char);
        out
    }

    /// Parses a square name such as `e4` or `i11`; `None` if it is not a cell of this board.
    pub fn parse_square(&self, text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let f = chars.next()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.len() > 2
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.starts_with('0')
        {
            return None;
        }
        let rank: i32 = digits.parse().ok()?;
        self.at(f as i32 - 'a' as i32, rank - 1)
    }

    /// The cell `v` away from `sq` in the board's coordinates; with `wrap`, files and ranks
    /// are taken modulo the board size (flat boards only), as the vagabond's wraparound needs.
    pub fn offset(&self, sq: Square, v: Vector, wrap: bool) -> Option<Square> {
        let c = self.cell(sq).coords;
        let mut n = [0i8; 4];
        for d in 0..4 {
            let mut x = c[d] as i32 + v[d] as i32;
            let e = self.extent[d] as i32;
            if d >= self.dims {
                if v[d] != 0 {
                    return None;
                }
                continue;
            }
            if wrap {
                x = x.rem_euclid(e);
            } else if x < 0 || x >= e {
                return None;
            }
            n[d] = x as i8;
        }
        match self.kind {
            Kind::Flat => self.at(n[0] as i32, n[1] as i32),
            Kind::Tesseract => {
                self.at(3 * n[0] as i32 + n[2] as i32, 3 * n[1] as i32 + n[3] as i32)
            }
        }
    }

    /// The cells strictly between `a` and `b`, nearest `a` first, when `b` lies on a
    /// straight line from `a` (every coordinate that changes changes by the same amount, in
    /// steps of one): orthogonal and diagonal lines on flat boards, lines along one or more
    /// dimensions on the 4-D board. `None` when they are not on one line (or are the same
    /// cell), or the line leaves the board (a missing square) between them.
    pub fn line_between(&self, a: Square, b: Square) -> Option<Vec<Square>> {
        let (ca, cb) = (self.cell(a).coords, self.cell(b).coords);
        let mut step = [0i8; 4];
        let mut length = 0i32;
        for d in 0..4 {
            let diff = cb[d] as i32 - ca[d] as i32;
            if diff == 0 {
                continue;
            }
            if length != 0 && diff.abs() != length {
                return None;
            }
            length = diff.abs();
            step[d] = diff.signum() as i8;
        }
        if length == 0 {
            return None;
        }
        let mut out = Vec::with_capacity(length as usize - 1);
        let mut at = a;
        for _ in 1..length {
            at = self.offset(at, step, false)?;
            out.push(at);
        }
        Some(out)
    }

    /// Builds the table of single steps along `vectors`.
    pub fn step_table<const W: usize>(&self, vectors: &[Vector], wrap: bool) -> StepTable<W> {
        assert!(vectors.len() <= W);
        let mut table = StepTable {
            next: [[NONE; W]; MAX_CELLS],
            reach: [0; MAX_CELLS],
        };
        for sq in self.all() {
            for (i, &v) in vectors.iter().enumerate() {
                if let Some(n) = self.offset(sq, v, wrap) {
                    table.next[sq.index()][i] = n.0;
                    table.reach[sq.index()] |= bit(n);
                }
            }
        }
        table
    }

    /// Builds the table of rays along `vectors` (no wrap: a ray ends at the edge or a hole).
    pub fn ray_table(&self, vectors: &[Vector]) -> RayTable {
        assert!(vectors.len() <= MAX_DIRS);
        let mut table = RayTable {
            cells: [[[Square(0); MAX_RAY]; MAX_DIRS]; MAX_CELLS],
            lens: [[0; MAX_DIRS]; MAX_CELLS],
            masks: [[0; MAX_DIRS]; MAX_CELLS],
            order: [[UNORDERED; MAX_DIRS]; MAX_CELLS],
        };
        for sq in self.all() {
            for (d, &v) in vectors.iter().enumerate() {
                let mut ray = Vec::new();
                let mut at = sq;
                while let Some(n) = self.offset(at, v, false) {
                    ray.push(n);
                    at = n;
                }
                assert!(ray.len() <= MAX_RAY);
                let f = sq.index();
                table.cells[f][d][..ray.len()].copy_from_slice(&ray);
                table.lens[f][d] = ray.len() as u8;
                table.masks[f][d] = ray.iter().fold(0, |set, &c| set | bit(c));
                table.order[f][d] = if ray.windows(2).all(|w| w[0] < w[1]) {
                    RISING
                } else if ray.windows(2).all(|w| w[0] > w[1]) {
                    FALLING
                } else {
                    UNORDERED
                };
            }
        }
        table
    }

    /// On quadrant boards, the three squares at the same place in the other quadrants.
    pub fn corresponding(&self, sq: Square) -> Vec<Square> {
        let Some(q) = self.quadrant else {
            return Vec::new();
        };
        let (f, r) = (self.file(sq), self.rank(sq));
        let (qf, qr) = (f % q, r % q);
        let mut out = Vec::new();
        for bf in (0..self.files).step_by(q as usize) {
            for br in (0..self.ranks).step_by(q as usize) {
                if (bf + qf, br + qr) != (f, r) {
                    out.extend(self.at((bf + qf) as i32, (br + qr) as i32));
                }
            }
        }
        out
    }

    /// On quadrant boards, whether a square is on the rim of its quadrant.
    pub fn on_quadrant_rim(&self, sq: Square) -> bool {
        let Some(q) = self.quadrant else { return false };
        let (f, r) = (self.file(sq) % q, self.rank(sq) % q);
        f == 0 || r == 0 || f == q - 1 || r == q - 1
    }

    /// Whether a square is on the edge of the whole board (flat boards).
    pub fn on_board_rim(&self, sq: Square) -> bool {
        let (f, r) = (self.file(sq), self.rank(sq));
        f == 0 || r == 0 || f == self.files - 1 || r == self.ranks - 1
    }

    /// The drawing for a renderer: cell positions (with gaps between the 4-D panels) and
    /// separators (quadrant double lines, panel frames).
    pub fn layout(&self) -> Layout {
        let gap = if self.kind == Kind::Tesseract {
            PANEL_GAP
        } else {
            0.0
        };
        let place = |file: u8| file as f32 + gap * (file / 3) as f32;
        let width = place(self.files - 1) + 1.0;
        let height = place(self.ranks - 1) + 1.0;
        let cells = self
            .all()
            .map(|sq| {
                let c = self.cell(sq);
                LayoutCell {
                    sq: sq.0,
                    name: self.name(sq),
                    x: place(c.file),
                    y: height - 1.0 - place(c.rank),
                    dark: (c.file + c.rank).is_multiple_of(2),
                }
            })
            .collect();
        let mut separators = Vec::new();
        if let Some(q) = self.quadrant {
            let (w, h) = (self.files as f32, self.ranks as f32);
            for k in (q..self.files).step_by(q as usize) {
                separators.push(Separator {
                    x1: k as f32,
                    y1: 0.0,
                    x2: k as f32,
                    y2: h,
                    kind: "quadrant",
                });
            }
            for k in (q..self.ranks).step_by(q as usize) {
                separators.push(Separator {
                    x1: 0.0,
                    y1: k as f32,
                    x2: w,
                    y2: k as f32,
                    kind: "quadrant",
                });
            }
        }
        if self.kind == Kind::Tesseract {
            for bx in 0..3 {
                for by in 0..3 {
                    let (x, y) = (bx as f32 * (3.0 + gap), by as f32 * (3.0 + gap));
                    for (x1, y1, x2, y2) in [
                        (x, y, x + 3.0, y),
                        (x + 3.0, y, x + 3.0, y + 3.0),
                        (x + 3.0, y + 3.0, x, y + 3.0),
                        (x, y + 3.0, x, y),
                    ] {
                        separators.push(Separator {
                            x1,
                            y1,
                            x2,
                            y2,
                            kind: "panel",
                        });
                    }
                }
            }
        }
        let holes = (0..self.ranks)
            .flat_map(|rank| (0..self.files).map(move |file| (file, rank)))
            .filter(|&(file, rank)| self.is_hole(file, rank))
            .map(|(file, rank)| [place(file), height - 1.0 - place(rank)])
            .collect();
        Layout {
            width,
            height,
            cells,
            separators,
            holes,
        }
    }

    /// The number of coordinates: 2 on flat boards, 4 on the 4-D board.
    pub fn dims(&self) -> usize {
        self.dims
    }

    /// A king's steps: on flat boards the eight neighbours (diagonals too), on the 4-D
    /// board the unit steps (one coordinate changed by one).
    pub fn king_steps(&self) -> Vec<Vector> {
        if self.dims == 2 {
            KING.to_vec()
        } else {
            self.unit_vectors()
        }
    }

    /// The unit vectors of every dimension, both signs: the steps between adjacent cells.
    pub fn unit_vectors(&self) -> Vec<Vector> {
        let mut out = Vec::new();
        for d in 0..self.dims {
            for s in [1i8, -1] {
                let mut v = [0i8; 4];
                v[d] = s;
                out.push(v);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(g: &Geometry, name: &str) -> Square {
        g.parse_square(name)
            .unwrap_or_else(|| panic!("{name} is not a square"))
    }

    fn names(g: &Geometry, mut s: Vec<Square>) -> Vec<String> {
        s.sort();
        s.into_iter().map(|x| g.name(x)).collect()
    }

    #[test]
    fn square_names_round_trip_on_every_board() {
        for g in [
            Geometry::rectangle(8, 8),
            Geometry::rectangle(7, 9),
            Geometry::rectangle_with_holes(9, 11, &[(2, 4), (4, 5), (6, 6)]),
            Geometry::tesseract(),
        ] {
            for s in g.all() {
                assert_eq!(g.parse_square(&g.name(s)), Some(s));
            }
        }
    }

    #[test]
    fn orthodox_board_names_and_edges() {
        let g = Geometry::rectangle(8, 8);
        assert_eq!(g.len(), 64);
        assert_eq!(g.name(Square(0)), "a1");
        assert_eq!(g.name(Square(63)), "h8");
        assert_eq!(g.parse_square("i1"), None);
        assert_eq!(g.parse_square("a9"), None);
        assert_eq!(g.parse_square("a0"), None);
        assert_eq!(g.parse_square("a01"), None);
        assert_eq!(g.parse_square("E4"), None);
        let rays = g.ray_table(&KING);
        // From a1 north: a2..a8; east: b1..h1; south and west: nothing.
        assert_eq!(
            names(&g, rays.ray(sq(&g, "a1"), 0).to_vec()),
            ["a2", "a3", "a4", "a5", "a6", "a7", "a8"]
        );
        assert_eq!(rays.ray(sq(&g, "a1"), 2).len(), 0);
        assert_eq!(rays.ray(sq(&g, "a1"), 3).len(), 0);
        // North-east diagonal from c1: d2 e3 f4 g5 h6, nearest first.
        let ne: Vec<String> = rays
            .ray(sq(&g, "c1"), 4)
            .iter()
            .map(|&s| g.name(s))
            .collect();
        assert_eq!(ne, ["d2", "e3", "f4", "g5", "h6"]);
        let knight = g.step_table::<8>(&KNIGHT, false);
        assert_eq!(
            names(&g, knight.targets(sq(&g, "a1")).collect()),
            ["c2", "b3"]
        );
        assert_eq!(knight.targets(sq(&g, "d4")).count(), 8);
    }

    #[test]
    fn seven_by_nine_board() {
        let g = Geometry::rectangle(7, 9);
        assert_eq!(g.len(), 63);
        assert_eq!((g.files(), g.ranks()), (7, 9));
        assert!(g.parse_square("g9").is_some());
        assert!(g.parse_square("h1").is_none());
        assert!(g.parse_square("a10").is_none());
        let rays = g.ray_table(&ORTHOGONAL);
        assert_eq!(rays.ray(sq(&g, "d1"), 0).len(), 8);
        assert_eq!(rays.ray(sq(&g, "d1"), 1).len(), 3);
    }

    #[test]
    fn nine_by_eleven_board_with_holes() {
        // Pawnier: c5, e6, g7 are missing.
        let g = Geometry::rectangle_with_holes(9, 11, &[(2, 4), (4, 5), (6, 6)]);
        assert_eq!(g.len(), 96);
        assert!(g.parse_square("c5").is_none() && g.is_hole(2, 4));
        assert!(g.parse_square("i11").is_some());
        let rays = g.ray_table(&KING);
        // A rook on c1 going north stops before the hole c5: c2 c3 c4.
        assert_eq!(
            names(&g, rays.ray(sq(&g, "c1"), 0).to_vec()),
            ["c2", "c3", "c4"]
        );
        // A bishop on a3 going north-east: b4, then c5 is missing, so the ray ends.
        assert_eq!(names(&g, rays.ray(sq(&g, "a3"), 4).to_vec()), ["b4"]);
        // A knight leaps over holes but never lands on one: from a4, c5 is missing.
        let knight = g.step_table::<8>(&KNIGHT, false);
        assert_eq!(
            names(&g, knight.targets(sq(&g, "a4")).collect()),
            ["b2", "c3", "b6"]
        );
        // d4 to e6 would land on a hole; b4-c6 is fine, passing the hole c5.
        assert!(!knight.targets(sq(&g, "d4")).any(|s| g.name(s) == "e6"));
        assert!(knight.targets(sq(&g, "b4")).any(|s| g.name(s) == "c6"));
        // The drawing has White at the bottom and y from the top row: c5 is at x 2, y 11-5;
        // then e6 and g7, by rank.
        assert_eq!(g.layout().holes, [[2.0, 6.0], [4.0, 5.0], [6.0, 4.0]]);
        assert!(Geometry::quadrants().layout().holes.is_empty());
        assert!(Geometry::tesseract().layout().holes.is_empty());
    }

    #[test]
    fn quadrant_correspondence_rims_and_centres() {
        let g = Geometry::quadrants();
        // RULES.md 1: b2 ~ f2, b6, f6.
        assert_eq!(names(&g, g.corresponding(sq(&g, "b2"))), ["f2", "b6", "f6"]);
        assert_eq!(names(&g, g.corresponding(sq(&g, "h8"))), ["d4", "h4", "d8"]);
        assert_eq!(names(&g, g.corresponding(sq(&g, "e5"))), ["a1", "e1", "a5"]);
        assert!(g.on_quadrant_rim(sq(&g, "d4")) && g.on_quadrant_rim(sq(&g, "e1")));
        assert!(!g.on_quadrant_rim(sq(&g, "b2")) && !g.on_quadrant_rim(sq(&g, "g7")));
        assert_eq!(g.all().filter(|&s| !g.on_quadrant_rim(s)).count(), 16);
        assert_eq!(g.all().filter(|&s| g.on_board_rim(s)).count(), 28);
        let lines = g.layout().separators;
        assert_eq!(lines.len(), 2);
        assert!(lines.iter().all(|l| l.kind == "quadrant"));
        // A board without quadrants has no correspondence.
        assert!(Geometry::rectangle(8, 8)
            .corresponding(Square(9))
            .is_empty());
    }

    #[test]
    fn wraparound_steps_modulo_both_axes() {
        // RULES.md V10: b1 -> a8, c8; a1 -> h2, b8, h8 by one diagonal step off the board.
        let g = Geometry::rectangle(8, 8);
        let wrap = g.step_table::<4>(&DIAGONAL, true);
        assert_eq!(
            names(&g, wrap.targets(sq(&g, "b1")).collect()),
            ["a2", "c2", "a8", "c8"]
        );
        assert_eq!(
            names(&g, wrap.targets(sq(&g, "a1")).collect()),
            ["b2", "h2", "b8", "h8"]
        );
        let plain = g.step_table::<4>(&DIAGONAL, false);
        assert_eq!(names(&g, plain.targets(sq(&g, "a1")).collect()), ["b2"]);
    }

    #[test]
    fn tesseract_adjacency_and_drawing() {
        let g = Geometry::tesseract();
        assert_eq!(g.len(), 81);
        let steps = g.step_table::<8>(&g.unit_vectors(), false);
        // RULES.md 5: c1 and d1 are not adjacent; c1 = (0,0,2,0), d1 = (1,0,0,0).
        let c1 = sq(&g, "c1");
        assert_eq!(g.cell(c1).coords, [0, 0, 2, 0]);
        assert_eq!(g.cell(sq(&g, "d1")).coords, [1, 0, 0, 0]);
        assert_eq!(
            names(&g, steps.targets(c1).collect()),
            ["b1", "f1", "c2", "c4"]
        );
        // The centre cell e5 = (1,1,1,1) has 8 neighbours, a corner a1 has 4.
        assert_eq!(steps.targets(sq(&g, "e5")).count(), 8);
        assert_eq!(
            names(&g, steps.targets(sq(&g, "a1")).collect()),
            ["b1", "d1", "a2", "a4"]
        );
        let layout = g.layout();
        assert!(layout.width > 9.0 && layout.height > 9.0);
        let x = |n: &str| layout.cells[sq(&g, n).index()].x;
        // A visible gap separates c1 and d1 in the drawing.
        assert!(x("d1") - x("c1") > 1.0);
        assert_eq!(
            layout
                .separators
                .iter()
                .filter(|s| s.kind == "panel")
                .count(),
            36
        );
    }

    #[test]
    fn nearest_agrees_with_walking_every_ray() {
        let boards = [
            (Geometry::rectangle(8, 8), KING.to_vec()),
            (Geometry::rectangle(7, 9), KING.to_vec()),
            (
                Geometry::rectangle_with_holes(9, 11, &[(2, 4), (4, 5), (6, 6)]),
                KING.to_vec(),
            ),
            (Geometry::tesseract(), Geometry::tesseract().unit_vectors()),
        ];
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for (g, dirs) in boards {
            let rays = g.ray_table(&dirs);
            for _ in 0..50 {
                let mut occupied: SquareSet = 0;
                for s in g.all() {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    if seed.is_multiple_of(3) {
                        occupied |= bit(s);
                    }
                }
                for s in g.all() {
                    for d in 0..dirs.len() {
                        let ray = rays.ray(s, d);
                        let mask = ray.iter().fold(0, |m, &c| m | bit(c));
                        assert_eq!(rays.mask(s, d), mask);
                        assert_eq!(
                            rays.nearest(s, d, occupied),
                            ray.iter().copied().find(|&c| occupied & bit(c) != 0)
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn squares_iterates_set_bits() {
        let s: Vec<Square> = squares(bit(Square(3)) | bit(Square(127)) | 1).collect();
        assert_eq!(s, [Square(0), Square(3), Square(127)]);
    }
}
