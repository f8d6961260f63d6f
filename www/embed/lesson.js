// www/embed/: the board in other pages: its modes, puzzles and review, and the code that embeds it.
// A lesson on an embedded board (embed.html?mode=lesson&game=vagabond&lesson=quadrant-shift,
// <fairyboard-board mode="lesson">; the page's Learn shows the same board): the lesson's tasks
// one after another, each from its position, with its stars drawn on the board. The engine
// (www/engine/'s LessonHandle) judges each of the learner's moves: the goal checked, the other
// side's answer (scripted or the engine's) played after a short pause, or, where nobody
// answers, the turn passed back. A wrong move is explained in the task's words, taken back,
// and not counted. A task done earns 1 to 3 stars by the moves used against the fewest.
// www/embed/embedmode.js drives it (the board set up, input held, the panel drawn) and sends
// what it reports to the embedding page as `lesson` messages, which www/fairyboard-board.js
// turns into `fairyboard-lesson` events:
//   a wrong move   { kind: 'wrong', lesson, task, move, wrong, words }  (task: from 1)
//   a task done    { kind: 'task', lesson, task, tasks, stars, moves, fewest }
//   the lesson     { kind: 'lesson', lesson, game, stars, most, tasks: [stars of each] }

import { lessonCourse, newLesson, release, errorText } from '../engine/engine.js';

/** Pause before the other side answers, and before a wrong move is taken back (ms). */
export const PAUSE_MS = 500;

/** Stars as the page shows them: "★★☆". */
export const starText = (n) => '★'.repeat(n) + '☆'.repeat(Math.max(0, 3 - n));

/**
 * The lesson controller. `api`: game() (the GameHandle on the board), show(position, side)
 * (a new game from position text on the board, `side` at the bottom), play(text) (a move
 * played on the board, animated; null if refused), takeBack(node) (the move of game-tree node
 * `node` taken back and deleted), changed() (the panel and the board follow the lesson), cellName(cell), and
 * post(type, data) (to the embedding page).
 */
export function makeLesson(api) {
  let gameId = null;
  let course = null;
  let lesson = null;
  let index = 0; // the task on the board
  let handle = null; // its LessonHandle
  let earned = []; // stars of each task done, by index
  let status = 'going'; // 'going', 'done' (this task), 'finished' (every task)
  let words = ''; // what the panel says under the task: a wrong move's words, a hint, done
  let wrongText = ''; // a wrong move's words, kept until the next move
  let hints = 0; // hints shown for this task
  let collected = []; // star names collected in this task
  let marked = []; // where the pieces that play in this task stand now (a task that names them)
  let busy = false;
  let replying = false;
  let generation = 0;
  let active = false;

  const task = () => (lesson ? lesson.tasks[index] : null);
  const later = (fn, ms = PAUSE_MS) => {
    const g = generation;
    busy = true;
    setTimeout(() => {
      if (g !== generation) return;
      busy = false;
      fn();
      api.changed();
    }, ms);
  };

  /** Task `i` from its start. */
  function startTask(i) {
    generation += 1;
    busy = false;
    replying = false;
    index = i;
    status = 'going';
    words = '';
    wrongText = '';
    hints = 0;
    collected = [];
    marked = [...(lesson.tasks[i].pieces || [])];
    release(handle);
    handle = newLesson(gameId, lesson.id, i);
    const t = task();
    api.show(t.position, t.side);
  }

  function finishTask(turn) {
    const t = task();
    earned[index] = Math.max(earned[index] || 0, turn.stars);
    const used = handle.played();
    words = [turn.words, `Task done: ${starText(turn.stars)} in ${used} move${used === 1 ? '' : 's'}${turn.stars < 3 ? ` (it can be done in ${t.moves})` : ''}.`]
      .filter(Boolean).join(' ');
    status = 'done';
    api.post('lesson', {
      kind: 'task', lesson: lesson.id, task: index + 1, tasks: lesson.tasks.length, stars: turn.stars, moves: used, fewest: t.moves,
    });
    if (index + 1 >= lesson.tasks.length) {
      status = 'finished';
      const stars = earned.reduce((a, b) => a + (b || 0), 0);
      words += ` Lesson complete: ${stars} of ${lesson.tasks.length * 3} stars.`;
      api.post('lesson', {
        kind: 'lesson', lesson: lesson.id, game: gameId, stars, most: lesson.tasks.length * 3, tasks: [...earned],
      });
    }
  }

  return {
    /** Whether a lesson is on the board. */
    get active() { return active; },
    /** The board's own moves (answers), for the move events. */
    get replying() { return replying; },

    /**
     * Game `id`'s lesson `lessonId` from task `first` (from 1; the first when not given):
     * returns the problems found (an unknown lesson: the course's first instead).
     */
    load(id, lessonId, first) {
      const problems = [];
      active = false;
      gameId = id;
      try {
        course = lessonCourse(id);
      } catch (e) {
        problems.push(`No lesson: ${errorText(e)}.`);
        return problems;
      }
      lesson = course.lessons.find((l) => l.id === lessonId) || null;
      if (!lesson) {
        const ids = course.lessons.map((l) => l.id).join(', ');
        problems.push(lessonId
          ? `The ${course.title} course has no lesson "${lessonId}" (its lessons: ${ids}): showing "${course.lessons[0].id}".`
          : `Name a lesson: lesson="${course.lessons[0].id}" (the ${course.title} course's lessons: ${ids}).`);
        lesson = course.lessons[0];
      }
      let start = 0;
      if (first != null) {
        if (Number.isInteger(first) && first >= 1 && first <= lesson.tasks.length) start = first - 1;
        else problems.push(`The lesson "${lesson.id}" has ${lesson.tasks.length} tasks: task ${first} is not one of them; starting at the first.`);
      }
      earned = [];
      active = true;
      startTask(start);
      return problems;
    },

    /** Input is refused while the board answers and once the task is done. */
    blocked() {
      return active && (busy || status !== 'going');
    },

    /** A move was played on the board: judged, answered, or explained and taken back. */
    played(move) {
      if (!active || replying || status !== 'going' || !handle) return;
      const g = api.game();
      const node = g ? g.currentNode() : null;
      let result;
      try {
        result = handle.play(move.text);
      } catch (e) {
        words = errorText(e);
        return;
      }
      const { turn, counted } = result;
      wrongText = '';
      words = '';
      if (!counted) {
        wrongText = turn.words || 'That move does not do the task.';
        api.post('lesson', {
          kind: 'wrong', lesson: lesson.id, task: index + 1, move: turn.played, wrong: turn.wrong, words: wrongText,
        });
        later(() => api.takeBack(node));
        return;
      }
      collected = turn.collected || [];
      // A piece that plays moved: its mark goes with it.
      const from = move.from != null ? api.cellName(move.from) : null;
      if (from && marked.includes(from) && move.to != null) marked = marked.map((n) => (n === from ? api.cellName(move.to) : n));
      if (turn.status === 'done') {
        finishTask(turn);
        return;
      }
      if (turn.reply) {
        later(() => {
          replying = true;
          try {
            if (!api.play(turn.reply)) api.show(turn.position, task().side);
          } finally {
            replying = false;
          }
        });
      } else {
        // Nobody answers: the learner moves again (the board's game is set to that position).
        later(() => api.show(turn.position, task().side), 0);
      }
    },

    /** The next hint of the task, if any is left. */
    hint() {
      const t = task();
      if (!t || status !== 'going' || hints >= t.hints.length) return;
      hints += 1;
      api.changed();
    },

    /** The task again from its start. */
    restart() {
      if (active) startTask(index);
    },

    /** The next task, once this one is done. */
    next() {
      if (active && status === 'done' && index + 1 < lesson.tasks.length) startTask(index + 1);
    },

    /** What the panel shows: { title, intro, task, say, of, stars (to draw), hints, words, wrong, status, earned, canHint, canNext }. */
    view() {
      const t = task();
      if (!active || !t) return null;
      return {
        game: gameId,
        lesson: lesson.id,
        title: lesson.title,
        intro: index === 0 ? lesson.intro : [],
        task: index + 1,
        of: lesson.tasks.length,
        say: t.say,
        stars: t.stars.filter((s) => !collected.includes(s)),
        pieces: [...marked],
        hints: t.hints.slice(0, hints),
        words,
        wrong: wrongText,
        status,
        busy,
        played: handle ? handle.played() : 0,
        fewest: t.moves,
        earned: [...earned],
        canHint: status === 'going' && hints < t.hints.length,
        canNext: status === 'done',
      };
    },
  };
}
