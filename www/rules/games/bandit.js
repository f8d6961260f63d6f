// Bandit Chess for the rules panel (www/rules/rulespanel.js describes the shape): data only.
export default {
  intro: [
    'Patrik Hedman’s game on a board 7 files wide and 9 ranks deep, the armies set up point to point. Besides the chess pieces there are chancellors, sergeants and two rogues: the trickster and the outlaw.',
  ],
  goal: 'Checkmate the enemy king, or capture it with an outlaw (that wins at once). Stalemate, a position repeated three times, 50 moves each without a capture, a pawn or sergeant move, or a trick, and kings alone are draws.',
  pieces: [
    ['King, rook, bishop, knight', 'as in chess; no castling'],
    ['Chancellor', 'a rook and a knight in one'],
    ['Pawn', 'as in chess (double step, en passant, also against a sergeant’s double step); promotes on the last rank to a chancellor, rook, bishop, knight, trickster or outlaw'],
    ['Sergeant', 'one square straight or diagonally forward, moving or taking; two squares straight ahead (without taking) from its starting rank; promotes like a pawn'],
    ['Trickster', 'moves like a bishop and a knight in one, but never captures; plays tricks (below)'],
    ['Outlaw', 'slides diagonally without capturing, may bounce off an edge, and captures two at once (below)'],
  ],
  rules: [
    {
      title: 'The trickster’s trick',
      text: [
        'When a trickster’s move ends between two enemy pieces right beside it on opposite sides, left and right or in front and behind, its player may turn one of them into the other’s kind (it stays the enemy’s). Both lines can be tricked in one move. Pawns do not count; pairs across a diagonal never do.',
        'Nothing captures a trickster except pawns, knights and chancellors.',
      ],
      ours: [
        'The original rules leave some points open; here the trick is optional, sergeants count as pieces (pawns do not), and a king may be copied but is never itself turned into something else.',
        'The original says only pawns and pieces able to jump may take a trickster; here those are pawns, knights and chancellors.',
      ],
      board: {
        position: '3k3/7/7/3r3/2c1n2/3b3/1T5/7/3K3 w - - 0 1',
        arrows: 'Gb3d5',
        marks: 'Yd6 Yd4 Yc5 Ye5',
        move: 'b3d5~d6B~c5N',
        try: 'Try it: move the trickster from b3 to d5, between two pairs of black pieces; the board offers the tricks (the rook on d6 can become a bishop, the chancellor on c5 a knight).',
      },
    },
    {
      title: 'Several kings',
      text: [
        'A trick can copy a king: the enemy then has two kings, and both are royal. No move may leave any of them attacked, and a player is checkmated when one of their kings is attacked and there is no legal move.',
      ],
      ours: [
        'The original says that mating either king wins; that no move may leave any of a player’s kings attacked is our reading.',
      ],
      board: {
        position: '7/7/7/7/2r1k2/1T5/7/7/3K3 w - - 0 1',
        arrows: 'Gb4d5',
        marks: 'Yc5 Ye5',
        move: 'b4d5~c5K',
        try: 'Try it: the trickster leaps to d5 between the black rook and king; pick the trick that turns the rook into a second black king.',
      },
    },
    {
      title: 'The outlaw’s path',
      text: [
        'The outlaw slides diagonally like a bishop through empty squares, never capturing. On the way it may bounce once off an edge of the board, like light off a mirror (not at a corner). It never ends where it started.',
      ],
      ours: [
        'The original says only that the outlaw reflects once like light off a mirror; that it cannot bounce at an exact corner and never ends where it started is our reading.',
      ],
      board: {
        position: '3k3/7/2rP3/7/7/7/7/7/2OK3 w - - 0 1',
        arrows: 'Gc1g5 Gg5e7',
        move: 'c1e7',
        try: 'Try it: the outlaw on c1 slides to the edge at g5, bounces and ends on e7.',
      },
    },
    {
      title: 'The outlaw’s capture',
      text: [
        'The outlaw captures only by leaping two squares in a straight line when the two squares it leaps over and onto hold one white and one black piece, in either order. It lands on the second square and removes both. If one of them is the enemy king, the outlaw wins at once.',
        'An outlaw’s threats are not check: a king may stand where an outlaw could take it.',
      ],
      ours: [
        'The original does not say whether the pair may include the outlaw’s own king; here it may not, nor a trickster (only pawns and pieces that jump may take a trickster). It lets a king step where an outlaw could take it; here an outlaw’s threats are never check at all.',
      ],
      board: {
        position: '4k2/7/2rPO2/7/7/7/7/7/3K3 w - - 0 1',
        arrows: 'Ge7c7',
        marks: 'Rd7 Rc7',
        move: 'e7c7',
        try: 'Try it: the outlaw on e7 leaps west onto c7, removing the white pawn and the black rook.',
      },
    },
    {
      title: 'The outlaw’s revenge',
      text: [
        'Whatever captures an outlaw is itself removed at the end of that move. A king may never capture an outlaw.',
      ],
      ours: [
        'The original does not say what happens when an outlaw takes an outlaw, or when a promoting pawn takes one; here both are removed too.',
      ],
      board: {
        position: 'n2k3/7/7/7/4o2/7/7/7/3KR2 w - - 0 1',
        arrows: 'Re1e5',
        marks: 'Re5',
        move: 'e1e5',
        try: 'Try it: the rook on e1 takes the black outlaw on e5, and is removed with it.',
      },
    },
  ],
  ours: [
    'The original’s list of rule changes is cut short: here there is no castling, and the pawn is the pawn of chess, promoting to any piece of the army but king and sergeant.',
  ],
};
