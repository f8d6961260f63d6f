// Orthodox chess for the rules panel (www/rules/rulespanel.js): data only, read by the page and
// by tests/e2e/rules.test.mjs; www/rules/rulespanel.js describes the shape.
export default {
  intro: [
    'The chess of tournaments (FIDE rules) on the usual 8×8 board. Here it is also the reference game: the engine checks itself against the published move counts of chess.',
  ],
  goal: 'Checkmate the enemy king: attack it so that no move can save it. White moves first. A player with no legal move whose king is not attacked is stalemated, and the game is drawn; so are a position repeated three times, fifty moves each without a capture or a pawn move, and too little material to mate.',
  pieces: [
    ['King', 'one square in any direction; never onto an attacked square'],
    ['Queen', 'any distance in a straight line or diagonally'],
    ['Rook', 'any distance in a straight line'],
    ['Bishop', 'any distance diagonally'],
    ['Knight', 'an L-shaped leap: two squares one way and one square across, over anything'],
    ['Pawn', 'one square forward (two from its first square), captures one square diagonally forward'],
  ],
  rules: [
    {
      title: 'Castling',
      text: [
        'Once a game, the king may move two squares toward one of its rooks, and that rook jumps over to the square the king crossed. Neither may have moved before, the squares between them must be empty, and the king may not be in check, cross an attacked square or land on one.',
      ],
      board: {
        position: 'r3k2r/pppq1ppp/8/8/8/8/PPPQ1PPP/R3K2R w KQkq - 0 1',
        arrows: 'Ge1g1 Ge1c1',
        move: 'e1g1',
        try: 'Try it: drag the king from e1 to g1 (or c1); the rook comes along.',
      },
    },
    {
      title: 'En passant',
      text: [
        'A pawn that moves two squares and lands beside an enemy pawn may be taken as if it had moved only one: the enemy pawn moves diagonally behind it and removes it. Only on the very next move.',
      ],
      board: {
        position: '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1',
        arrows: 'Ge5d6',
        marks: 'Rd5',
        move: 'e5d6',
        try: 'Black has just played d7 to d5. Try it: the pawn on e5 takes it by moving to d6.',
      },
    },
    {
      title: 'Promotion',
      text: [
        'A pawn that reaches the far end of the board becomes a queen, rook, bishop or knight, as its player chooses (almost always a queen).',
      ],
      board: {
        position: '6k1/1P6/8/8/8/8/8/4K3 w - - 0 1',
        arrows: 'Gb7b8',
        move: 'b7b8q',
        try: 'Try it: move the pawn to b8 and pick the piece it becomes.',
      },
    },
  ],
  note: 'Nothing here is reconstructed: these are the standard rules of chess.',
};
