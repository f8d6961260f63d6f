// www/remote/: a friend at a distance: games by link, and live games over a direct connection.
// A game with a friend at a distance on the board. Each page plays one side of a record (the
// engine's game by link, src/bylink) kept under its id (linkstore.js); the board shows the
// record's game and follows it through the controller, the one place the game changes. The
// person's move on the board becomes the record's next event (refused by the record: the board
// goes back to it); an offer, an answer or a resignation is an event too. A link that comes in
// (or a live friend's message) must continue the record this page holds: its new moves are
// played on the board, animated from the position the page had; anything else is refused with
// the engine's words and the game kept. A link for a game this page does not hold is offered
// to adopt as one side (adopt.js).

import { withLink, newLinkRecord, continueRecord, linkBoardGame, release, errorText } from '../engine/engine.js';
import { loadEntry, saveEntry, saveMyName, myName } from './linkstore.js';
import { remote } from '../game/playing.js';
import { timeControlTag } from '../game/clocks.js';
import { colourName, subscribe, MOVED } from '../state.js';

/** Now in Unix minutes: the record's clock. */
export const nowMinutes = () => Math.floor(Date.now() / 60000);

/** The other side. */
export const other = (side) => (side === 'w' ? 'b' : 'w');

/** A message's first letter up. */
export const capital = (text) => String(text).charAt(0).toUpperCase() + String(text).slice(1);

/** How the board plays a game with a friend at a distance (game/playing.js's choice). */
export function playingOf(entry) {
  return {
    opponent: entry.live ? 'live' : 'link',
    color: entry.side,
    side: entry.side,
    level: 3,
    clock: entry.live && entry.control ? entry.control : 'none',
    link: entry.id,
  };
}

/** What the board's game and the PGN of `entry` carry besides the record. */
const played = (entry) => ({ live: entry.live, control: entry.live ? timeControlTag(entry.control) : null, flag: entry.flag });

/** Whether the games `a` and `b` (GameHandles) are the same game: the moves, the end, the players. */
function sameGame(a, b) {
  const line = (g) => Array.from(g.line()).join(' ');
  const end = (g) => JSON.stringify(g.finalOutcome() && g.finalOutcome().result);
  const tags = (g) => `${g.tag('White')}|${g.tag('Black')}`;
  return a.gameId() === b.gameId() && line(a) === line(b) && end(a) === end(b) && tags(a) === tags(b);
}

/**
 * The games with a friend at a distance over the page's `state`: `controller`
 * (game/controller.js), `ui` (messages), `input` (input/boardinput.js: the board waits on the
 * friend's turn), `adopt` (adopt.js's dialog). Returns the part the panels and the live
 * connection use: { active(), summary(), start, openLink, show, act, replace, onOwnEvent, ... }.
 */
export function makeLinkPlay(doc, state, { controller, ui, input, adopt }) {
  let applying = false; // the board is following the record: its changes are not the person's
  let active = null; // { entry, summary } of the game on the board, if it is one with a friend
  const ownListeners = []; // told of this page's own events (the live connection sends them)

  /** Runs `fn`; an engine refusal is said with `prefix` and gives null. */
  function attempt(fn, say = (text) => ui.say(text)) {
    try {
      return fn();
    } catch (e) {
      say(capital(errorText(e)));
      return null;
    }
  }

  /** The summary of `entry`'s record (src/bylink/view.rs Summary), or null when it does not read. */
  const summaryOf = (entry) => attempt(() => withLink(entry.fragment, (l) => l.summary()), () => {});

  /** Reads which game with a friend the board shows, if any. */
  function refresh() {
    const p = state.playing;
    const entry = remote(p) && p.link ? loadEntry(p.link) : null;
    const summary = entry && summaryOf(entry);
    active = entry && summary ? { entry, summary } : null;
  }

  /** The name of `side`'s player in `summary`, or the side's colour. */
  const nameOf = (summary, side) => (side === 'w' ? summary.white : summary.black) || colourName(side);
  /** The friend's name in `entry`'s game ("your friend" while unknown). */
  function friendOf(entry, summary = summaryOf(entry)) {
    const side = other(entry.side);
    return (summary && (side === 'w' ? summary.white : summary.black)) || 'your friend';
  }

  /** An event's words with the player's name for the colour: "Bob plays 1... e5". */
  function words(event, summary) {
    const colour = colourName(event.side);
    const name = summary && (event.side === 'w' ? summary.white : summary.black);
    return name && event.words.startsWith(colour) ? `${name}${event.words.slice(colour.length)}` : event.words;
  }

  /** Keeps `entry`; says why when this browser refuses. */
  function keep(entry) {
    const why = saveEntry(entry);
    if (why) ui.showMessage(`This game could not be kept in this browser (${why}): its last link still holds all of it.`, 0);
  }

  /**
   * Puts `entry`'s game on the board, as its record has it, then `then()`: in place of a game
   * with a friend (those are kept in Games by link), or after keeping the game it replaces
   * (controller.open: asked about first when it cannot be kept).
   */
  function putOnBoard(entry, then = () => {}, detail = {}) {
    const handle = attempt(() => linkBoardGame(entry.fragment, played(entry)));
    if (!handle) return false;
    const playing = playingOf(entry);
    const go = () => { refresh(); then(); };
    applying = true;
    try {
      if (remote(state.playing)) {
        if (controller.newGame(handle.gameId(), null, handle, playing, detail)) go();
        return true;
      }
      controller.open(handle, { playing }, (kept) => {
        applying = true;
        try { go(); } finally { applying = false; }
        if (kept) ui.tell(kept);
      });
      return true;
    } finally {
      applying = false;
    }
  }

  /** The board's game declared ended as `end` says ({ how, color }: GameHandle.declaredEnd). */
  function declare(g, end) {
    if (end.how === 'resign') return g.resign(end.color);
    if (end.how === 'agree') return g.agreeDraw();
    return g.flagFall(end.color);
  }

  /**
   * Brings the board (showing `entry`'s game, perhaps as it was before) to `entry`'s record:
   * the moves it lacks played through the controller, animated; an end the players declared,
   * declared; the names given, set. Anything else (a takeback accepted) puts the record's game
   * on the board in its place.
   */
  function follow(entry) {
    const target = attempt(() => linkBoardGame(entry.fragment, played(entry)));
    if (!target) return;
    applying = true;
    try {
      const g = state.game;
      const want = Array.from(target.line());
      const have = g && state.playing.link === entry.id ? Array.from(g.line()) : null;
      const prefix = have && have.length <= want.length && have.every((m, i) => m === want[i]) && !g.finalOutcome();
      if (prefix) {
        if (g.ply() !== have.length) controller.edit((x) => x.goTo(have.length), 'step', { leave: true });
        for (const text of want.slice(have.length)) if (!controller.play(text)) break;
        const end = target.declaredEnd();
        if (end && state.game && !state.game.finalOutcome()) controller.endAtLastMove((x) => declare(x, end));
        for (const tag of ['White', 'Black']) {
          const value = target.tag(tag);
          if (state.game && state.game.tag(tag) !== value) controller.edit((x) => x.setTag(tag, value || ''));
        }
      }
      if (state.game && sameGame(state.game, target)) {
        release(target);
      } else {
        controller.newGame(target.gameId(), null, target, playingOf(entry));
      }
    } finally {
      applying = false;
    }
    refresh();
  }

  /**
   * A new event of this page's side made the record `fragment` (`events`: what happened):
   * kept, the board brought to it, the panels told, and the live connection (onOwnEvent).
   */
  function commit(entry, fragment, events, { board = true } = {}) {
    const next = { ...entry, fragment };
    keep(next);
    if (board) follow(next);
    refresh();
    controller.changed('remote', { remoteEvents: events, own: true });
    for (const fn of ownListeners) fn(next, events);
    return next;
  }

  /** The person's move on the board: the record's next event (refused: the board goes back to the record). */
  function recordMove(played) {
    const entry = active && active.entry;
    if (!entry || !played) return;
    let event = null;
    const fragment = attempt(() => withLink(entry.fragment, (l) => {
      event = l.play(entry.side, played.text, nowMinutes());
      return l.fragment();
    }), (text) => ui.showMessage(`${text}. The game goes on as its record has it.`, 0));
    if (!fragment) { follow(entry); return; }
    commit(entry, fragment, [event], { board: false });
  }

  /** A live game's own flag fell on this page (the controller ended the board's game): kept with the record. */
  function recordFlag() {
    const entry = active && active.entry;
    const end = state.game && state.game.declaredEnd();
    if (!entry || !entry.live || entry.flag || !end || end.how !== 'flag' || end.color !== entry.side) return;
    const next = { ...entry, flag: entry.side };
    keep(next);
    refresh();
    controller.changed('remote', { remoteEvents: [], own: true, flag: entry.side });
    for (const fn of ownListeners) fn(next, [], { flag: entry.side });
  }

  /**
   * `action` ('draw-offer', 'resign', ...) by this page's side in the game on the board: the
   * record's next event, the board following it. Refused (said) when the rules do not allow it.
   */
  function act(action) {
    const entry = active && active.entry;
    if (!entry) return null;
    let event = null;
    const fragment = attempt(() => withLink(entry.fragment, (l) => {
      event = l.act(entry.side, action, nowMinutes());
      return l.fragment();
    }));
    if (!fragment) return null;
    return commit(entry, fragment, [event]);
  }

  /**
   * A new game with a friend at a distance (the New game dialog's `choice`: { opponent 'link'
   * or 'live', side, name, days (link), clock (live) }): its record made with a random id and
   * put on the board. Returns its entry, or null (refused: said).
   */
  function start(game, choice) {
    const name = String(choice.name || '').trim();
    const side = choice.side === 'b' ? 'b' : 'w';
    const live = choice.opponent === 'live';
    const id = globalThis.crypto.getRandomValues(new Uint8Array(12)); // 96 random bits
    const fragment = attempt(() => newLinkRecord({
      id, game, inviter: side, white: side === 'w' ? name : '', black: side === 'b' ? name : '',
      days: live ? null : choice.days || null, created: nowMinutes(),
    }));
    if (!fragment) return null;
    if (name) saveMyName(name);
    const entry = {
      id: withLink(fragment, (l) => l.id()), fragment, side, live,
      control: live && choice.clock && choice.clock !== 'none' ? choice.clock : null, flag: null,
    };
    keep(entry);
    putOnBoard(entry, () => controller.changed('remote', { remoteEvents: [], started: true }), { fresh: true });
    return entry;
  }

  /**
   * A rematch of the game on the board: a new game with the same friend and time, the colours
   * swapped, its invitation to send (a live game's goes over the connection: live.js).
   */
  function rematch() {
    if (!active) return null;
    const { entry, summary: s } = active;
    const side = other(entry.side);
    const name = (entry.side === 'w' ? s.white : s.black) || myName();
    return start(s.game, { opponent: entry.live ? 'live' : 'link', side, name, days: s.days, clock: entry.control || 'none' });
  }

  /** Shows game `id` kept here on the board (from Games by link). */
  function show(id) {
    const entry = loadEntry(id);
    if (!entry) { ui.say('This game is no longer kept in this browser.'); return false; }
    if (active && active.entry.id === id) { follow(entry); return true; }
    return putOnBoard(entry, () => controller.changed('remote', { remoteEvents: [] }));
  }

  /**
   * The record `fragment` came from the friend (a link opened, a live message): it must
   * continue the game `held` this page keeps. Returns { ok, text } (text: what to say, or why
   * it was refused); the board shows the game either way, moved on or kept.
   */
  function receive(held, fragment, { from = 'link' } = {}) {
    let r;
    try {
      r = continueRecord(held.fragment, held.side, fragment);
    } catch (e) {
      const text = `Refused: ${errorText(e)}. Your game is kept as it was.`;
      showHeld(held, () => {});
      return { ok: false, text };
    }
    if (r.kind === 'known') {
      showHeld(held, () => {});
      const friend = friendOf(held);
      const text = from === 'live' ? null
        : r.older ? `This link is older than your game with ${friend}: it changes nothing.`
          : `This link is your game with ${friend} as this page has it already: nothing new.`;
      return { ok: true, text, known: true };
    }
    const entry = { ...held, fragment: r.record };
    keep(entry);
    const summary = summaryOf(entry);
    const said = r.events.map((e) => words(e, summary));
    if (r.names.length && !r.events.length) said.push(`${nameOf(summary, r.names[0])} joined the game.`);
    showHeld(held, () => {
      follow(entry);
      controller.changed('remote', { remoteEvents: r.events });
    });
    return { ok: true, text: said.map((t) => (t.endsWith('.') ? t : `${t}.`)).join(' '), events: r.events, entry };
  }

  /** Puts `held` on the board as it is (when the board shows another game), then `then()`. */
  function showHeld(held, then) {
    if (active && active.entry.id === held.id) { then(); return; }
    putOnBoard(held, then);
  }

  /**
   * Opens a game-by-link text (a link, its fragment): continues the game it belongs to, or
   * offers to adopt one this page does not hold. Returns whether the text was a game by link
   * (false: not one, nothing done).
   */
  function openLink(text) {
    const fragment = String(text || '').trim();
    const body = fragment.includes('#') ? fragment.slice(fragment.indexOf('#') + 1) : fragment;
    if (!body.startsWith('bl=')) return false;
    let read;
    try {
      read = withLink(body, (l) => ({ id: l.id(), fragment: l.fragment(), summary: l.summary() }));
    } catch (e) {
      ui.showMessage(`This game link cannot be opened: ${errorText(e)}. Your games are unchanged.`, 0);
      return true;
    }
    const held = loadEntry(read.id);
    if (!held) {
      adopt.ask(read.summary, (choice) => adoptAs(read, choice));
      return true;
    }
    const r = receive(held, read.fragment);
    if (r.text) ui.showMessage(r.text, 0, r.ok ? 'info' : 'error');
    return true;
  }

  /** Adopts the game `read` ({ id, fragment, summary }) as `choice` ({ side, name }) asks. */
  function adoptAs(read, { side, name }) {
    const fragment = attempt(() => withLink(read.fragment, (l) => {
      if (!l.name(side) && name) l.setName(side, name);
      return l.fragment();
    }), (text) => ui.showMessage(`${text}. The game was not taken.`, 0));
    if (!fragment) return;
    if (name) saveMyName(name);
    const entry = { id: read.id, fragment, side, live: false, control: null, flag: null };
    keep(entry);
    putOnBoard(entry, () => {
      controller.changed('remote', { remoteEvents: [], adopted: true });
      const summary = summaryOf(entry);
      const friend = friendOf(entry, summary);
      const turn = summary && summary.turn;
      ui.showMessage(`You play ${colourName(side)} against ${friend}. ${turn == null ? 'The game is over.' : turn === side ? 'Your move.' : `${capital(friend)} is to move: open their next link when it comes.`}`, 0, 'info');
    });
  }

  // The person's moves become the record's; a game put on the board from elsewhere (a reload,
  // the game select, a kept game switched back) is brought to its record.
  subscribe(state, MOVED, (change) => {
    if (applying) return;
    refresh();
    if (change.cause === 'move' && change.played && active) recordMove(change.played);
    else if (change.cause === 'end' && active) recordFlag();
    else if (change.cause === 'new' && active) follow(active.entry);
  });
  // The board waits while it is the friend's turn in a game with a friend at a distance.
  input.blockWhile(() => !!(active && active.summary.turn && active.summary.turn !== active.entry.side));

  return {
    /** The game with a friend on the board: { entry, summary }, or null. */
    active: () => active,
    refresh,
    start,
    rematch,
    show,
    act,
    openLink,
    receive,
    putOnBoard,
    keep,
    words,
    friendOf,
    nameOf,
    summaryOf,
    /** `fn(entry, events, extra)` after each event of this page's own side (a move, an action, a flag). */
    onOwnEvent(fn) { ownListeners.push(fn); },
    /** A live game's friend's flag fell on their page: kept, and the board's game ended on time. */
    friendFlag(entry, side) {
      const next = { ...entry, flag: side };
      keep(next);
      follow(next);
      controller.changed('remote', { remoteEvents: [], flag: side });
    },
  };
}
