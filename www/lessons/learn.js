// www/lessons/: Learn: each game's course, its map with the stars earned, and the lessons played.
// Learn (issue 44): a dialog with a game's course map (its lessons in order, the stars earned
// in each, the next one to do highlighted) and, when a lesson is chosen, the lesson itself:
// the page's own board in lesson mode (embed.html?mode=lesson, www/embed/lesson.js) in a frame,
// played with the mouse, keys and touch as the board is. The frame tells this page each task
// done (a `lesson` message, as it tells any page that embeds it); the stars are kept in this
// browser (progress.js) and the map shows them, over a reload too. Opened from the welcome
// and from the Learn button beside the Rules panel. The single file opened from disk has no
// embed.html beside it: there the frame is written from embed.html's body and embed.css, which
// scripts/single.mjs keeps in a template, with the page's own style and bundle (srcdoc).

import { lessonGames, lessonCourse, errorText } from '../engine/engine.js';
import { singleFile, siteBase } from '../embed/boardscript.js';
import { loadProgress, lessonStars, recordTask } from './progress.js';
import { starText } from '../embed/lesson.js';

/** A lesson's stars out of its most: `{ stars, most, done }` (done: every task has a star). */
export function lessonScore(stars, tasks) {
  const got = stars.slice(0, tasks).reduce((a, b) => a + (b || 0), 0);
  return { stars: got, most: tasks * 3, done: stars.length >= tasks && stars.slice(0, tasks).every((n) => n > 0) };
}

function el(doc, tag, props = {}, ...children) {
  const e = doc.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'class') e.className = v;
    else e.setAttribute(k, v);
  }
  e.append(...children.filter((c) => c !== null && c !== undefined));
  return e;
}

/**
 * Learn, mounted on `doc`'s #learn-dialog. `games()` lists the engine's games ({ id, name }).
 * Returns { open(gameId), openLesson(gameId, lessonId), isOpen() }.
 */
export function mountLearn(doc, games) {
  const $ = (id) => doc.getElementById(id);
  const dialog = $('learn-dialog');
  if (!dialog) return null;
  const select = $('learn-game');
  const map = $('learn-map');
  const lessonBox = $('learn-lesson');
  const frame = $('learn-frame');
  let game = null;
  let course = null;
  let lessonId = null;
  let missing = null; // the game asked for, when it has no course yet

  const named = () => {
    const have = new Set(lessonGames());
    return games().filter((g) => have.has(g.id));
  };

  /** The course map of `game`: its lessons with the stars earned, the next one marked. */
  function renderMap() {
    const progress = loadProgress();
    map.replaceChildren();
    if (!course) return;
    if (missing) {
      const name = games().find((g) => g.id === missing)?.name || missing;
      map.append(el(doc, 'p', { class: 'dialog-note learn-missing' }, `${name} has no course yet: choose another game above.`));
    }
    map.append(el(doc, 'h3', { class: 'learn-course' }, course.title));
    for (const p of course.intro) map.append(el(doc, 'p', { class: 'learn-intro' }, p));
    const list = el(doc, 'ol', { class: 'course-map', 'aria-label': `${course.title}: lessons` });
    let next = null;
    for (const lesson of course.lessons) {
      const score = lessonScore(lessonStars(progress, game, lesson.id), lesson.tasks.length);
      const button = el(doc, 'button', { type: 'button', class: 'course-lesson', 'data-lesson': lesson.id },
        el(doc, 'span', { class: 'course-title' }, lesson.title),
        el(doc, 'span', { class: 'course-stars', 'aria-label': `${score.stars} of ${score.most} stars` },
          `${starText(Math.floor((score.stars / score.most) * 3))} ${score.stars}/${score.most}`));
      if (score.done) button.dataset.done = 'true';
      if (!score.done && !next) {
        next = button;
        button.classList.add('next');
        button.setAttribute('aria-current', 'step');
        button.title = 'Your next lesson';
      }
      button.addEventListener('click', () => showLesson(lesson.id));
      list.append(el(doc, 'li', {}, button));
    }
    map.append(list);
    if (!next) map.append(el(doc, 'p', { class: 'learn-done' }, `Every lesson of ${course.title} is done: play them again for three stars each.`));
  }

  /** Shows `id`'s course map. */
  function showMap() {
    lessonId = null;
    frame.removeAttribute('src');
    frame.removeAttribute('srcdoc');
    lessonBox.hidden = true;
    map.hidden = false;
    renderMap();
    (map.querySelector('.course-lesson.next') || map.querySelector('.course-lesson'))?.focus();
  }

  function setGame(id) {
    const list = named();
    game = list.some((g) => g.id === id) ? id : (list[0] && list[0].id);
    select.replaceChildren(...list.map((g) => el(doc, 'option', { value: g.id }, g.name)));
    select.value = game || '';
    try {
      course = game ? lessonCourse(game) : null;
    } catch (e) {
      course = null;
      map.replaceChildren(el(doc, 'p', {}, `The course cannot be read: ${errorText(e)}.`));
    }
  }

  /**
   * The single file's lesson frame (it has no embed.html beside it): embed.html's body and
   * embed.css, kept in a template by scripts/single.mjs, with this page's own style and
   * bundle, the board set up by its config rather than an address. Null when there is no
   * template (a page served from its files has embed.html).
   */
  function singleFrame(lessonIdToShow) {
    const template = doc.getElementById('fairyboard-embed-page');
    const style = doc.querySelector('head style');
    const bundle = doc.querySelector('script[type="module"]');
    if (!template || !style || !bundle) return null;
    const config = JSON.stringify({ gameId: game, mode: 'lesson', lesson: lessonIdToShow, embedProblems: [] }).replace(/</g, '\\u003c');
    const theme = /^[a-z]+$/.test(doc.documentElement.dataset.theme || '') ? ` data-theme="${doc.documentElement.dataset.theme}"` : '';
    return `<!doctype html><html lang="en" class="embed"${theme}><head><meta charset="utf-8">`
      + `<meta name="viewport" content="width=device-width, initial-scale=1"><style>${style.textContent}</style>`
      + `<script>globalThis.fairyboardConfig = ${config};</script>`
      + `<script type="module">${bundle.textContent}</script></head><body>${template.innerHTML}</body></html>`;
  }

  /** Lesson `id` of the course shown, played in the frame. */
  function showLesson(id) {
    const lesson = course && course.lessons.find((l) => l.id === id);
    const single = singleFile(doc) ? singleFrame(id) : null;
    if (!lesson || (singleFile(doc) && !single)) return;
    lessonId = id;
    map.hidden = true;
    lessonBox.hidden = false;
    $('learn-lesson-title').textContent = lesson.title;
    const url = new URL('embed.html', siteBase());
    // The board in the page's colours (Settings' theme, on the root: settings.js applyTheme).
    const theme = doc.documentElement.dataset.theme;
    url.search = new URLSearchParams({ game, mode: 'lesson', lesson: id, ...(theme ? { theme } : {}) }).toString();
    frame.title = `Lesson: ${lesson.title}`;
    if (single) frame.srcdoc = single;
    else frame.src = url.href;
    $('learn-back').focus();
  }

  // The frame's reports: its height, each task done (kept), and focus given to its board.
  globalThis.addEventListener('message', (e) => {
    if (!frame.contentWindow || e.source !== frame.contentWindow) return;
    const data = e.data;
    if (!data || data.fairyboard !== 1) return;
    if (data.type === 'size' && Number.isFinite(data.height) && data.height > 0) {
      frame.style.height = `${Math.ceil(data.height)}px`;
    } else if (data.type === 'ready') {
      frame.focus(); // keys go to the lesson's board (the same origin: its canvas can take the focus)
      try {
        frame.contentWindow.document?.getElementById('board')?.focus();
      } catch { /* another origin: the frame has the focus */ }
    } else if (data.type === 'lesson' && data.kind === 'task' && lessonId && data.lesson === lessonId) {
      recordTask(game, lessonId, data.task, data.stars);
    }
  });

  select.addEventListener('change', () => { missing = null; setGame(select.value); showMap(); });
  $('learn-back').addEventListener('click', () => showMap());
  $('learn-close').addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => { frame.removeAttribute('src'); frame.removeAttribute('srcdoc'); lessonId = null; });

  return {
    /** Learn for game `id` (the first game with a course when it has none): its course map. */
    open(id) {
      setGame(id);
      missing = game !== id ? id : null;
      if (!dialog.open) dialog.showModal();
      showMap();
    },
    /** Lesson `lesson` of game `id`, opened at once. */
    openLesson(id, lesson) {
      this.open(id);
      showLesson(lesson);
    },
    isOpen: () => dialog.open,
  };
}
