// Quarter Chess for the rules panel (www/rules/rulespanel.js describes the shape): data only.
export default {
  intro: [
    'Patrik Hedman’s game on the quartered 8×8 board of Vagabond Chess, with two new kinds of piece: the merchant and the driver.',
    'The starting position played here is our reconstruction: the original diagram is lost (more at the end).',
  ],
  goal: 'Checkmate the enemy king, or catch it between two of your merchants (below), which wins at once. The usual draws apply.',
  pieces: [
    ['King, rook, knight', 'as in chess; no castling'],
    ['Archbishop', 'a bishop and a knight in one'],
    ['Pawn', 'as in chess (double step, en passant); promotes to a rook, knight, driver, archbishop or merchant'],
    ['Merchant', 'one square in any direction, never capturing by landing; freezes and captures (below)'],
    ['Driver', 'slides diagonally without capturing, or pulls, pushes, switches or absorbs (below)'],
  ],
  rules: [
    {
      title: 'Jumping to another quarter',
      text: [
        'Every piece except kings and pawns may instead jump to the same spot of another quarter (b1 matches f1, b5 and f5), if that spot is empty. A jump never captures and may not give check.',
      ],
      ours: [
        'The original lets “all pieces, but not the kings” jump without saying whether pawns count as pieces; here they do not, and pawns never jump.',
      ],
      board: {
        position: '3k4/8/8/8/8/8/PP6/RN1K4 w - - 0 1',
        arrows: 'Gb1b5 Gb1f1 Gb1f5',
        move: 'b1f5',
        try: 'Try it: the knight on b1 can jump to b5, f1 or f5 as well as making its usual leaps.',
      },
    },
    {
      title: 'Merchants freeze and capture',
      text: [
        'A piece (other than a merchant or driver) with an enemy merchant right beside it in a straight line, and none of its own merchants beside it, is frozen: it cannot move and attacks nothing.',
        'When a merchant moves, every enemy piece it closes in between itself and another friendly merchant on a straight line is captured. A piece that steps in between two merchants itself is not captured.',
      ],
      ours: [
        'The original leaves open whether a merchant’s quarter jump captures this way; here it does. It says a frozen piece cannot give check; here it attacks nothing at all: a king may stand on any square it would otherwise attack.',
      ],
      board: {
        position: '1k6/8/3M4/3n4/8/3M4/8/6K1 w - - 0 1',
        arrows: 'Gd3d4',
        marks: 'Rd5',
        move: 'd3d4',
        try: 'The black knight on d5 is frozen by the merchant on d6. Try it: the merchant on d3 steps to d4 and the knight, caught between the two merchants, is captured.',
      },
    },
    {
      title: 'Catching the king',
      text: [
        'If a move leaves the enemy king between two of your merchants on a straight line, where it was not before, you win: whether a merchant stepped up (a backstab) or a driver moved a piece. A king may step between two enemy merchants itself; it is then simply frozen there.',
      ],
      ours: [
        'The original names two such wins, a merchant stepping up and a driver moving the king in; here any move that newly leaves the enemy king between two of your merchants wins. It does not say what happens when a king steps in between two enemy merchants itself: here it is simply frozen there. And a driver may not move its own king between two enemy merchants.',
      ],
      board: {
        position: '8/8/8/2Mk1M2/8/8/8/6K1 w - - 0 1',
        arrows: 'Gf5e5',
        marks: 'Rd5',
        move: 'f5e5',
        try: 'Try it: the merchant on f5 steps to e5 and the black king is caught between two merchants: White wins.',
      },
    },
    {
      title: 'The driver',
      text: [
        'A driver never captures by landing and is never frozen. As its move it does one of these: slide diagonally through empty squares; pull the nearest piece on each straight line (at least two squares away) one square closer; push a piece right beside it in a straight line one square away, if that square is empty; switch the two pieces on opposite sides of it (left and right, or in front and behind); absorb (remove) an enemy piece right beside it in a straight line, never a king; or jump quarters.',
      ],
      board: {
        position: '3k4/3p4/8/8/2NDr3/8/8/6K1 w - - 0 1',
        arrows: 'Gd7d6',
        marks: 'Yd4',
        move: 'd4:pull',
        try: 'Try it: pick the driver on d4 and pick it again: choose to pull (the pawn on d7 comes to d6), push, switch the knight and the rook, or absorb the rook.',
      },
    },
  ],
  ours: [
    'The original set-up diagram is lost: the starting position played here is our reconstruction from the text, not Hedman’s own.',
    'The choice of pieces a pawn may promote to is ours too.',
  ],
};
