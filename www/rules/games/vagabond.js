// Vagabond Chess for the rules panel (www/rules/rulespanel.js describes the shape): data only.
export default {
  intro: [
    'Patrik Hedman’s game on the usual 8×8 board, cut into four 4×4 quarters (the double lines). There is no queen; both kings start on the d-file; nothing ever promotes.',
  ],
  goal: 'Checkmate the enemy king, as in chess. Stalemate, a position repeated three times, 50 moves each without a capture (a berserker’s rage counts) or pawn move, and kings alone are draws.',
  pieces: [
    ['King', 'one square in any direction; castles freely (below); never shifts quarters'],
    ['Rook', 'any distance in a straight line'],
    ['Archbishop', 'a bishop and a knight in one'],
    ['Berserker', 'a knight that may also take its own pieces, and jumps in a rage (below)'],
    ['Vagabond', 'moves by the kind of square it stands on (below)'],
    ['Pawn', 'one square diagonally forward (two from its starting rank); takes one square straight ahead or sideways'],
  ],
  rules: [
    {
      title: 'Jumping to another quarter',
      text: [
        'Every piece but the king, pawns too, may instead jump to the same spot of another quarter (b2 matches f2, b6 and f6), over anything in between. The spot must be empty: a jump never captures. A jump may not give check.',
      ],
      ours: [
        'The original rules forbid a jump that gives check but do not say whether a check uncovered by the jumping piece counts; here it counts too, so such a jump is not allowed.',
        'The original rules do not say whether a pawn may jump to its first or last rank; here it may (and stays a pawn there).',
      ],
      board: {
        position: '3k4/p7/8/8/8/8/P7/R2K4 w - - 0 1',
        arrows: 'Ga1a5',
        move: 'a1a5',
        try: 'Try it: the rook on a1 jumps over its pawn to a5, the same spot of the quarter above.',
      },
    },
    {
      title: 'Free castling',
      text: [
        'With the king and a rook both unmoved (a jump counts as a move) and nothing between them, the king may move one or more squares toward the rook, even onto its square, and the rook lands on any square from the king’s old square up to (not including) the king’s new one. As in chess, the king may not be in check, cross an attacked square or land on one. Unlike chess, castling may not give check.',
      ],
      ours: [
        'The original rules only say “castling is free”. The rest is our reading: how far each piece goes, that a jump to another quarter counts as a move, and that castling may not give check.',
      ],
      board: {
        position: 'r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R w KQkq - 0 1',
        arrows: 'Gd1b1',
        marks: 'Ya1 Gc1',
        move: 'd1b1/c1',
        try: 'Try it: drag the king from d1 to b1 (or toward the other rook): the board asks where the rook goes, here c1 or d1.',
      },
    },
    {
      title: 'The berserker’s rage',
      text: [
        'The berserker leaps like a knight, onto an empty square or onto any piece of either colour except its own king, which it removes.',
        'It may also jump over a piece standing right next to it in a straight line (any colour, kings too), landing just beyond. The jumped piece is untouched, but in its rage the berserker removes whatever stands on the two squares diagonally in front of where it lands, friend or foe. That is not optional: if its own king stands on one of those squares, the jump is not allowed.',
      ],
      ours: [
        'The original text does not say whether the square beyond the jumped piece must be empty; here it must.',
        'The original places the victims “a knight’s move away, in the same direction the jump was made, from the jumped agent”; here these are the two squares diagonally in front of the landing square.',
        'What a berserker attacks is our reading: its knight squares and the squares its rage would hit in a jump it may make now. (The original already says it never checks its own king.)',
      ],
      board: {
        position: '3k4/8/1p1P4/8/2P5/2E5/8/3K4 w - - 0 1',
        arrows: 'Gc3c5',
        marks: 'Rb6 Rd6',
        move: 'c3c5',
        try: 'Try it: the berserker on c3 jumps over the pawn on c4 to c5; the pawns on b6 and d6, black and white, are removed.',
      },
    },
    {
      title: 'The vagabond',
      text: [
        'What a vagabond can do depends on the square it stands on. On the edge of a quarter (the 12 outer squares of each 4×4 quarter) it leaps like a knight and may take enemy pieces. On one of a quarter’s four middle squares it slides like a queen but can never take anything.',
        'On the edge of the whole board it may also step diagonally off the board and come back on the opposite side (b1 to a8 or c8; a1 to h2, b8 or h8), onto an empty square only. It may jump quarters like the other pieces. A vagabond never attacks a king and never gives check.',
      ],
      ours: [
        'The original says the vagabond steps “diagonally backwards out of the board” and gives examples from b1 and a1. Here every diagonal step off the edge wraps around, across both edges at once at a corner (a1 to h8), for either colour.',
      ],
      board: {
        position: '4k3/8/8/8/8/8/8/1V1K4 w - - 0 1',
        marks: 'Ga8 Gc8',
        arrows: 'Gb1c8',
        move: 'b1c8',
        try: 'Try it: pick the vagabond on b1: besides its knight leaps it may step off the bottom edge to a8 or c8.',
      },
    },
    {
      title: 'Pawns',
      text: [
        'A pawn moves one square diagonally forward onto an empty square; from its starting rank (the second) it may also move two squares diagonally forward, both empty. It takes one square straight ahead or one square sideways. Pawns never promote.',
      ],
      ours: [
        'The original rules do not mention en passant; here there is none.',
      ],
      board: {
        position: '3k4/8/8/3r4/3Pa3/8/8/6K1 w - - 0 1',
        arrows: 'Gd4c5 Gd4e5 Rd4d5 Rd4e4',
        move: 'd4e4',
        try: 'Try it: the pawn on d4 moves to c5 or e5, or takes the rook ahead of it or the archbishop beside it.',
      },
    },
  ],
};
