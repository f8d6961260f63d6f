// www/lessons/: Learn: each game's course, its map with the stars earned, and the lessons played.
// The stars earned in the lessons, kept in this browser (`fairyboard.lessons`): for each game,
// for each lesson, the best stars of each task (0: not done yet). Checked as it is read
// (records/setaside.js): an entry that does not fit is set aside and said, and the courses
// start again from no stars; nothing read here may stop the page.

import { readChecked } from '../records/setaside.js';

export const LESSONS_KEY = 'fairyboard.lessons';

const storage = () => {
  try {
    return globalThis.localStorage || null;
  } catch {
    return null; // storage blocked
  }
};

/** The kept progress `raw` read: { game: { lesson: [stars 0-3 of each task] } }, or an Error thrown saying what is wrong. */
export function checkedProgress(raw) {
  const value = JSON.parse(raw);
  const isObject = (v) => v && typeof v === 'object' && !Array.isArray(v);
  if (!isObject(value)) throw new Error('not a record of games');
  for (const [game, lessons] of Object.entries(value)) {
    if (!/^[a-z]{1,20}$/.test(game) || !isObject(lessons)) throw new Error(`the entry "${String(game).slice(0, 20)}" is not a game's lessons`);
    for (const [id, stars] of Object.entries(lessons)) {
      if (!/^[a-z0-9-]{1,60}$/.test(id)) throw new Error(`"${String(id).slice(0, 20)}" is not a lesson's name`);
      if (!Array.isArray(stars) || stars.length > 99 || !stars.every((n) => Number.isInteger(n) && n >= 0 && n <= 3)) {
        throw new Error(`the stars of ${game}'s lesson "${id}" are not 0 to 3 for each task`);
      }
    }
  }
  return value;
}

/** Everything kept (a fresh object: change it and save()). */
export function loadProgress() {
  return readChecked(storage(), LESSONS_KEY, checkedProgress, {
    name: 'lessons',
    what: 'The stars earned in the lessons',
    instead: 'the lessons start again from no stars',
  }, {}) || {};
}

/** The stars of each task of `game`'s lesson `lesson` ([] for none yet). */
export function lessonStars(progress, game, lesson) {
  return (progress[game] && progress[game][lesson]) || [];
}

/** Task `task` (from 1) of `game`'s lesson `lesson` done with `stars`: the best kept; saved. */
export function recordTask(game, lesson, task, stars) {
  const progress = loadProgress();
  const list = [...lessonStars(progress, game, lesson)];
  while (list.length < task) list.push(0);
  list[task - 1] = Math.max(list[task - 1] || 0, stars);
  progress[game] = { ...(progress[game] || {}), [lesson]: list };
  try {
    storage()?.setItem(LESSONS_KEY, JSON.stringify(progress));
  } catch {
    // full or blocked: the stars are shown for this visit only
  }
  return progress;
}
