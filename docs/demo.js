// The demo page's games and their boards (docs/demo.html): for each game its name, a paragraph on
// what is new in it, and its live boards, each a <fairyboard-board> (its attributes) with a
// caption; drawn into #games when the page loads, one markup for every section and board.
// The boards' records are checked by tests/e2e/embed.test.mjs (every board ready, no problem).

/** The games in the page's order: id, name, and what is new in the game (HTML). */
const GAMES = [
  { id: 'orthodox', name: 'Orthodox chess', about: 'The reference game, with the usual rules: castling, en passant and promotion. The engine checks itself against the published move counts of this game.' },
  { id: 'vagabond', name: 'Vagabond Chess', about: 'An 8&times;8 board split into four 4&times;4 quarters (the double lines). Every piece but the king may jump to the same spot of another quarter if that spot is empty: a <em>quadrant shift</em>, which never captures and may not give check. There is no queen; the archbishop moves as bishop and knight. Pawns step diagonally forward and capture straight ahead or sideways; nothing promotes.' },
  { id: 'bandit', name: 'Bandit Chess', about: 'A board 7 files wide and 9 ranks deep, with a chancellor (rook and knight), sergeants that step straight or diagonally forward, and two rogues. The <em>trickster</em> moves like an archbishop but never captures; when it stops between two enemy pieces on opposite sides, it may turn one of them into the other\'s kind. The <em>outlaw</em> slides diagonally, may bounce once off the edge of the board, and captures only by leaping two squares straight over a white and a black piece side by side, removing both. Whatever captures an outlaw is destroyed with it.' },
  { id: 'quarter', name: 'Quarter Chess', about: 'The quartered board of Vagabond Chess (shifts for every piece but kings and pawns), with two new kinds. A <em>merchant</em> steps one square any way and never captures by landing; an enemy piece beside it (not across a corner) is frozen while none of its own merchants stands beside it, and a piece caught between two merchants is taken when one of them steps up. Catching the king that way wins. A <em>driver</em> slides like a bishop without capturing, or acts from where it stands: it pulls the nearest piece on each straight line one square closer, pushes a neighbour one square away, swaps its two opposite neighbours, or absorbs an enemy neighbour.' },
  { id: 'pawnier', name: 'Pawnier Chess', about: 'A 9&times;11 board with three squares missing, an army of sergeants and pawns, and six pawns in each player\'s hand. A pawn borrows its powers from its friends: next to another pawn (straight) it moves like a rook, diagonally next to one like a bishop, a knight\'s leap away from a pawn or knight like a knight; a pawn alone steps one square without capturing. Instead of moving, a player may drop a pawn from hand on an empty square of their own first four ranks. Sergeants reaching the far side become pawns or knights.' },
  { id: 'riftwalker', name: 'Riftwalker Chess', about: 'A four-dimensional board, 3&times;3&times;3&times;3, drawn as nine small boards. Two cells are neighbours when one step inside a small board, or the same spot on the next small board over (left, right, up or down), joins them. Every piece is built from such steps: a scout takes two steps in different dimensions, a mystic three, the rook one or two in one direction, and so on. A piece can jump from one small board to another.' },
];

/**
 * Each game's boards: a <fairyboard-board>'s attributes (its game is the section's) and a
 * caption (HTML), or the computer to play at a level with the reader's side (computerBoard).
 */
const BOARDS = {
  orthodox: [
    { attributes: { mode: 'play', label: 'Orthodox chess: play' }, caption: 'Try it: a whole game for two players at one board.' },
    { attributes: { mode: 'view', pgn: '[Variant "orthodox"]\n\n1. e2e4 a7a6 2. e4e5 { The pawn on e5 waits beside the d-file. } d7d5 { [%cal Gd7d5] The black pawn passes e5 with a double step. } (2... d7d6 { [%cal Ge5d6] A single step stops on d6, where the pawn on e5 takes it as usual: nothing passed it. }) 3. e5d6 $1 { [%cal Ge5d6] [%csl Rd5] En passant: the pawn on e5 takes the pawn that has just passed it, as if it had stepped once. } *', label: 'Study: Orthodox chess: en passant' }, caption: 'Study (step with › to read each move and see its arrows): the pawn on e5 takes the pawn that has just passed it, en passant. Before Black\'s second move, the buttons under the board also lead into a variation: a single step instead.' },
    { computer: { level: '1', player: 'white' } },
    { attributes: { mode: 'puzzle', position: '7k/8/8/8/8/8/1R6/R1K1Q3 w - - 0 1', solution: '1. Rb7 Kg8 2. Ra8#', label: 'Orthodox chess: puzzle, mate in two' }, caption: 'Puzzle: White mates in two. A quiet first move leaves the black king one square; then either heavy piece mates on the back rank.' },
  ],
  vagabond: [
    { attributes: { mode: 'view', pgn: '[Variant "vagabond"]\n\n1. a1a5 { [%cal Ga1a5] A quadrant shift: the rook jumps over its pawn to the same spot of the quarter above. } h8h4 { [%cal Gh8h4] Black does the same. } 2. c2g6 { [%cal Gc2g6] The pawn on c2 shifts diagonally across the board to g6. A shift needs an empty square and never captures. } *', label: 'Study: Vagabond Chess: quadrant shift' }, caption: 'Study (step with › to read each move and see its arrows): each rook jumps over its own pawn to the same spot of the next quarter (a1 to a5, h8 to h4), then the pawn on c2 shifts diagonally across the board to g6. A shift needs an empty square and never captures.' },
    { attributes: { mode: 'view', position: '3k4/8/1p1P4/8/2P5/2E5/8/3K4 w - - 0 1', moves: 'c3c5', label: 'Vagabond Chess: berserker rage' }, caption: 'Replay: the berserker (a knight that may also land on its own pieces) jumps over the pawn next to it; in its rage it removes whatever stands on the two squares diagonally in front of where it lands, friend or foe (step back with ‹ to see the two pawns it removed).' },
    { attributes: { mode: 'view', position: '4k3/8/8/8/8/8/8/1V1K4 w - - 0 1', moves: 'b1c8', label: 'Vagabond Chess: vagabond wrap' }, caption: 'Replay: the vagabond on the edge of the board steps diagonally off it and comes back on the opposite side. From inside a quarter it slides like a queen but never captures; from a quarter\'s edge it leaps like a knight.' },
    { attributes: { mode: 'explore', position: 'r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R w KQkq - 0 1', label: 'Vagabond Chess: free castling' }, caption: 'Try it: free castling. Pick the king and a square toward a rook: the picker offers every square the rook may land on, between the king\'s old and new squares.' },
    { computer: { level: '2', player: 'white' } },
  ],
  bandit: [
    { attributes: { mode: 'view', position: '3k3/7/7/3r3/2c1n2/3b3/1T5/7/3K3 w - - 0 1', moves: 'b3d5~d6B~c5N', label: 'Bandit Chess: trick' }, caption: 'Replay: the trickster stops on d5 between two pairs of black pieces and plays a double trick: the rook on d6 becomes a bishop like the one on d4, and the chancellor on c5 a knight like the one on e5. (Turning the bishop on d4 into a rook is not offered: that rook would check the white king.)' },
    { attributes: { mode: 'view', pgn: '[Variant "bandit"]\n[SetUp "1"]\n[FEN "3k3/7/2rP3/7/7/7/7/7/2OK3 w - - 0 1"]\n\n1. c1e7 { [%cal Gc1g5,Gg5e7] The outlaw slides from c1 to the edge at g5, bounces off it and ends on e7. } d9e9 2. e7c7 { [%cal Ge7c7] It leaps two squares west over the white pawn and the black rook side by side, removing both. } *', label: 'Study: Bandit Chess: outlaw' }, caption: 'Study (step with › to read each move and see its arrows): the outlaw slides from c1 to the edge at g5, bounces off it and ends on e7; then it leaps two squares west over the white pawn and the black rook side by side, removing both.' },
    { attributes: { mode: 'play', label: 'Bandit Chess: play' }, caption: 'Try it: the starting position.' },
    { computer: { level: '1', player: 'black' } },
  ],
  quarter: [
    { attributes: { mode: 'explore', position: '3k4/3p4/8/8/2NDr3/8/8/6K1 w - - 0 1', label: 'Quarter Chess: driver' }, caption: 'Try it: pick the driver on d4 and pick it again: it may pull (the pawn on d7 comes to d6), push the knight or the rook one square away, switch the two, or absorb the rook. It may also slide like a bishop or shift.' },
    { attributes: { mode: 'view', pgn: '[Variant "quarter"]\n[SetUp "1"]\n[FEN "3k4/3p4/8/8/2NDr3/8/8/6K1 w - - 0 1"]\n\n1. d4:pull { [%cal Gd7d6] The driver pulls the pawn from d7 to d6. } d8e8 2. d4:switch:c4e4 { [%cal Gc4e4,Ge4c4] It switches the knight and the rook on either side of it. } d6d5 3. d4:absorb:c4 { [%csl Rc4] Then it absorbs the rook. } *', label: 'Study: Quarter Chess: pull' }, caption: 'Study (step with › to read each move and see its arrows): the driver pulls the pawn from d7 to d6, switches the knight and the rook on either side of it, then absorbs the rook.' },
    { attributes: { mode: 'view', position: 'k7/8/4M3/3n4/8/3M4/8/6K1 w - - 0 1', moves: '1.e6d6 a8b8 2.d3d4', label: 'Quarter Chess: merchants' }, caption: 'Replay: the white merchant steps to d6, next to the black knight, which is frozen: Black can only move the king. The other merchant then steps to d4 and the knight, caught between the two merchants, is taken.' },
    { attributes: { mode: 'puzzle', position: '8/8/8/2Mk1M2/8/8/8/6K1 w - - 0 1', solution: 'f5e5', label: 'Quarter Chess: puzzle, catch the king' }, caption: 'Puzzle: White wins in one move, though the black king is not in check. Catch it between two merchants.' },
    { computer: { level: '2', player: 'white' } },
  ],
  pawnier: [
    { attributes: { mode: 'view', pgn: '[Variant "pawnier"]\n\n1. g4g6 { [%cal Gg4g6] The white pawn on g4 stands beside the pawn on h4, so it moves like a rook. } c8d6 { [%cal Gc8d6] The black pawn on c8 is a knight leap from the pawn on d10, so it leaps like a knight. } 2. P@e4 { [%csl Ge4] [%cal Gp@e8] Each player may drop a pawn from hand: White has dropped one on e4, and the arrow from the black hand shows the answer. } P@e8 *', label: 'Study: Pawnier Chess: relations and drops' }, caption: 'Study (step with › to read each move and see its arrows): the white pawn on g4 stands beside the pawn on h4, so it moves like a rook to g6; the black pawn on c8 is a knight\'s leap from the pawn on d10, so it leaps like a knight to d6. Then each player drops a pawn from hand (P@e4, P@e8).' },
    { attributes: { mode: 'play', label: 'Pawnier Chess: play' }, caption: 'Try it: the starting position. To drop a pawn, pick the hand of pawns beside the board, then a square.' },
    { computer: { level: '1', player: 'white', note: '; pick the hand of pawns beside the board to drop one' } },
  ],
  riftwalker: [
    { attributes: { mode: 'view', pgn: '[Variant "riftwalker"]\n\n1. e4e7 { [%cal Ge4e7] The pawn steps to the same spot of the next small board. } e6e3 2. a2e5 { [%cal Ga2e5] The mystic takes three steps in three dimensions to the middle board. } e8e7 { The black pawn takes the pawn on e7 with a step inside its small board. } *', label: 'Study: Riftwalker Chess: moves across the boards' }, caption: 'Study (step with › to read each move and see its arrows): the pawns on e4 and e6 each step to the same spot of the next small board (e4 to e7, e6 to e3); the mystic on a2 takes three steps in three dimensions to e5, in the middle board; the black pawn on e8 takes the pawn on e7 with a step inside its small board.' },
    { attributes: { mode: 'explore', orientation: 'black', label: 'Riftwalker Chess: try it as Black' }, caption: 'Try it, seen from Black\'s side: pick a piece to see its destinations across the nine boards.' },
    { computer: { level: '2', player: 'black' } },
  ],
};

/** An element `tag` with `html` inside (the page's own text: captions carry <em> and <kbd>). */
function element(tag, html = '', props = {}) {
  const e = Object.assign(document.createElement(tag), props);
  if (html) e.innerHTML = html;
  return e;
}

/** Game `g`'s board against the computer at `level`, the reader with `player`'s pieces (`note`: what else to know). */
function computerBoard(g, { level, player, note = '' }) {
  const side = player === 'black' ? 'Black, so the computer opens and the board is turned' : `White${note}`;
  return {
    attributes: { opponent: 'computer', level, player, label: `${g.name}: play the computer` },
    caption: `Play the computer (level ${level}): you are ${side}. <em>Back</em> takes back your move with its reply; <em>Reset</em> starts again.`,
  };
}

/** Game `g`'s section: its heading, a link to play it on the main page, what is new in it, its boards. */
function section(g) {
  const s = element('section', '', { id: g.id });
  const boards = element('div', '', { className: 'boards' });
  for (const entry of BOARDS[g.id]) {
    const b = entry.computer ? computerBoard(g, entry.computer) : entry;
    const board = document.createElement('fairyboard-board');
    for (const [name, value] of Object.entries({ game: g.id, ...b.attributes })) board.setAttribute(name, value);
    const figure = element('figure');
    figure.append(board, element('figcaption', b.caption));
    boards.append(figure);
  }
  s.append(
    element('h2', '', { textContent: g.name }),
    element('p', `<a href="../index.html#g=${g.id}">Play ${g.name} on the main page</a> (its rules panel has a small board for each special rule).`, { className: 'play-link' }),
    element('p', g.about),
    boards,
  );
  return s;
}

document.getElementById('games').replaceWith(...GAMES.map(section));
// The address's game (demo.html#bandit): the sections came after the browser looked for it.
if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
