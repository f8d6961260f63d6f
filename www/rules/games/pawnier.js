// Pawnier Chess for the rules panel (www/rules/rulespanel.js describes the shape): data only.
export default {
  intro: [
    'Patrik Hedman’s game on a board 9 files wide and 11 ranks deep with three squares missing (c5, e6 and g7: nothing stands on them or slides through them, leaps pass over them). Each side has a king, a row of sergeants, eight pawns on the board and six more in hand.',
  ],
  goal: 'Checkmate the enemy king. Stalemate is a draw, as are a position repeated three times, 50 moves each without a capture, a pawn or sergeant move, or a drop, and kings alone with empty hands.',
  pieces: [
    ['King', 'one square in any direction; no castling'],
    ['Pawn', 'borrows its moves from friendly pawns and knights around it (below); never promotes'],
    ['Sergeant', 'one square straight or diagonally forward, moving or taking; two squares straight ahead (without taking) from its starting rank; becomes a pawn or a knight (below)'],
    ['Knight', 'as in chess; only comes from a sergeant'],
  ],
  rules: [
    {
      title: 'Pawns borrow their moves',
      text: [
        'A pawn’s powers come from the friendly pawns around it, read afresh before every move: a friendly pawn straight beside it lets it move like a rook; one diagonally beside it, like a bishop; one a knight’s leap away, like a knight. Several neighbours give several powers. These moves capture and give check normally. Kings, sergeants and enemy pieces lend nothing.',
      ],
      board: {
        position: '9/1k7/9/9/6*2/4*4/2*6/5P3/3PP4/7K1/9[] w - - 0 1',
        arrows: 'Gd3d8 Gf4h6 Ge3e5',
        move: 'd3d8',
        try: 'Try it: the pawns on d3 and e3 stand side by side, so each moves like a rook (e3 stops at e5: e6 is missing); f4 is diagonally next to e3, so f4 and e3 move like bishops too.',
      },
    },
    {
      title: 'A pawn alone, and the knight’s relay',
      text: [
        'A pawn with no friendly pawn beside it, diagonally next to it or a knight’s leap away may step one square straight (forward, back or sideways), never capturing. A friendly knight a knight’s leap away also lends its leap.',
      ],
      ours: [
        'The original gives the step to a pawn with no relation to another pawn, without saying whether a knight’s relay counts as one; here it does not, so such a pawn has both the step and the leap.',
      ],
      board: {
        position: '9/1k7/9/9/6*2/4*4/2*6/5N3/3P5/7K1/9[] w - - 0 1',
        arrows: 'Gd3e5 Gd3b4',
        marks: 'Gd4 Gc3 Ge3 Gd2',
        move: 'd3e5',
        try: 'Try it: the pawn on d3 has no pawn beside it, so it steps one square; the knight on f4 lends it a knight’s leap too.',
      },
    },
    {
      title: 'Dropping a pawn',
      text: [
        'Instead of moving, a player may put a pawn from their hand on any empty square of their own first four ranks (1 to 4 for White, 8 to 11 for Black). Captured pieces never go to a hand.',
      ],
      board: {
        position: '9/1k7/9/9/6*2/4*4/2*6/9/9/7K1/9[PPp] w - - 0 1',
        marks: 'Ge4',
        move: 'P@e4',
        try: 'Try it: pick the white pawns in hand beside the board, then an empty square of ranks 1 to 4, such as e4.',
      },
    },
    {
      title: 'Sergeants',
      text: [
        'A sergeant steps one square straight or diagonally forward, moving or taking, and may move two squares straight ahead from its starting rank without taking. When it reaches the ninth rank from its own side it must become a pawn or a knight.',
      ],
      ours: [
        'The original says sergeants promote “on the 9th rank” and move as in Wolf Chess; here the ninth rank is counted from each player’s own side (rank 9 for White, rank 3 for Black), and the two-square step is allowed only from the sergeant’s starting rank.',
      ],
      board: {
        position: '9/1k7/9/3S5/6*2/4*4/2*6/9/9/7K1/9[] w - - 0 1',
        arrows: 'Gd8d9',
        move: 'd8d9n',
        try: 'Try it: move the sergeant from d8 to d9 and choose a pawn or a knight.',
      },
    },
  ],
  ours: [
    'The original rules do not say whether stalemate wins or draws; here it is a draw, as in chess.',
  ],
};
