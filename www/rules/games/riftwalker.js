// Riftwalker Chess for the rules panel (www/rules/rulespanel.js describes the shape): data only.
export default {
  intro: [
    'A game on a four-dimensional board of 3×3×3×3 cells, drawn as nine small 3×3 boards in a square. The source text names no author and leaves much open.',
  ],
  goal: 'Checkmate the enemy king. The usual draws apply: stalemate, a position repeated three times, 50 moves each without a capture or pawn move, kings alone.',
  pieces: [
    ['King, pawn', 'one step to any neighbour (below); the king is royal'],
    ['Scout', 'two steps in two different dimensions'],
    ['Mystic', 'three steps in three different dimensions: it always changes small board'],
    ['Rook', 'one step, or two in the same direction over an empty cell'],
    ['Bishop', 'one scout move, or two equal scout moves in a row over an empty cell'],
    ['Knight', 'one step; or two steps one way through two empty cells, then one step in another dimension'],
    ['Queen', 'one step or one scout move'],
    ['Wizard', 'a scout move or a mystic move'],
  ],
  rules: [
    {
      title: 'Neighbours: steps through four dimensions',
      text: [
        'Two cells are neighbours when they differ by one in just one of the four dimensions: one square left, right, up or down inside a small board, or the same spot on the next small board left, right, up or down. So e5 and f5 are neighbours, and so are e5 and h5; c1 and d1 are not (they are on different boards and different spots). A step goes to a neighbour. Every piece captures by landing, never on the way.',
      ],
      board: {
        position: 'k8/9/9/9/4K4/9/9/9/R8 w - - 0 1',
        marks: 'Gd5 Gf5 Ge4 Ge6 Gb5 Gh5 Ge2 Ge8',
        move: 'e5h5',
        try: 'Try it: the king on e5, in the middle of the middle board, has eight neighbours: four on its own board and the same spot on the four boards around it.',
      },
    },
    {
      title: 'Scouts and mystics',
      text: [
        'A scout takes two steps in two different dimensions, for example one inside its board and one to the next board. A mystic takes three steps in three different dimensions, so it always lands on another small board. They move through other pieces when some order of their steps passes only empty cells.',
      ],
      ours: [
        'The original says a scout’s first cell must be empty but not in which order its two steps are taken; here either order will do, so the move is allowed when one of the two possible first cells is empty. A mystic’s move is allowed when some order of its three steps passes two empty cells on the way.',
      ],
      board: {
        position: 'k7p/9/9/9/9/9/9/M8/4K4 w - - 0 1',
        arrows: 'Ga2e5 Ga2b4',
        move: 'a2e5',
        try: 'Try it: the mystic on a2 reaches six cells, all on other boards; e5 is the middle of the middle board.',
      },
    },
    {
      title: 'The short-range pieces',
      text: [
        'Rook, bishop, knight and queen are short-range cousins of the chess pieces: the rook goes one or two steps in one direction, the bishop one or two equal scout moves, the knight one step, or two steps one way through two empty cells and then one step aside, the queen one step or one scout move.',
      ],
      ours: [
        'The original gives the queen a pawn move or a scout move; here it keeps exactly that short range (it does not slide like a chess queen).',
      ],
      board: {
        position: 'k8/9/9/9/4Q4/9/9/9/4K4 w - - 0 1',
        arrows: 'Ge5h5 Ge5d4',
        move: 'e5d4',
        try: 'Try it: pick the queen on e5 to see its 31 cells.',
      },
    },
  ],
  ours: [
    'The original’s set-up diagram is missing: the starting position played here is our reading of its written summary, with both kings on the d-file.',
    'The original does not say what a pawn promotes to; here a pawn reaching the far rank of the drawing (rank 9 for White, rank 1 for Black) becomes a queen, wizard, rook, bishop, knight, mystic or scout.',
    'The original says a pawn moves to “any adjacent space” and forbids no direction; here pawns may step backwards too, and stay pawns on their own first rank.',
  ],
};
