// www/newgame/: a new game chosen, and a game's end: the New game dialog, the welcome, the end's panel.
// Each game in one line, for a newcomer choosing one (the welcome and New game, issue 40):
// what its board is and what is new in it. The rules panel (rules/<game>.js) says the rest.

const LINES = {
  orthodox: 'Chess as played in tournaments (FIDE rules), on the usual 8×8 board.',
  vagabond: 'Patrik Hedman’s 8×8 board cut into four quarters: pieces jump between them, a berserker rages and a vagabond moves by the square it stands on.',
  bandit: 'Patrik Hedman’s 7×9 board with chancellors, sergeants and two rogues: a trickster who turns one enemy into another and an outlaw who can capture the king.',
  quarter: 'Patrik Hedman’s quartered 8×8 board with merchants, who freeze and can trap the king between two, and drivers, who pull and push.',
  pawnier: 'Patrik Hedman’s 9×11 board with three squares missing: pawns borrow the moves of the pawns beside them, and six more wait in hand to be dropped.',
  riftwalker: 'Chess in four dimensions: 3×3×3×3 cells drawn as nine small 3×3 boards, where a step may go to the board beside.',
};

/** Game `id`'s line ('' for a game without one). */
export function gameLine(id) {
  return LINES[id] || '';
}
