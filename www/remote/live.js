// www/remote/: a friend at a distance: games by link, and live games over a direct connection.
// A live game: the same record as a game by link (linkplay.js keeps it, with the same rule:
// a friend's record must continue this page's), carried over a direct connection (peer.js)
// set up by an invitation and a reply (signal.js) that the players send each other once. Over
// the channel go the record after each event with the sender's own clock (each page counts its
// own side's time, so the lag on the way is not charged to anyone), a flag that fell, a record
// refused, and a rematch offered and answered. A dropped connection is said at once; both
// pages keep the game, and a new invitation (Resume) connects them again: on connecting each
// page sends its record, and each checks that the other's continues its own.

import { makeOffer, makeAnswer } from './peer.js';
import { writeCode, readCode, codeKind } from './signal.js';
import { iceServers } from './servers.js';
import { makeSendBox } from './sendbox.js';
import { linkAddress } from './linkpanel.js';
import { loadEntry, myName } from './linkstore.js';
import { other, capital, nowMinutes } from './linkplay.js';
import { withLink, newLinkRecord, errorText } from '../engine/engine.js';
import { withCommand } from '../records/shapes.js';
import { clockCommand } from '../game/clocks.js';
import { subscribe, MOVED } from '../state.js';

/** The protocol's version, in each page's first message. */
const PROTOCOL = 1;
/** The longest message taken from the friend's page. */
const MESSAGE_LIMIT = 30000;
/** Tabs of this browser hand a reply to the one whose invitation waits for it. */
const TABS = 'fairyboard.live';

/**
 * The live games over the page's `state`: `play` (linkplay.js), `controller` (redraws, the
 * clocks), `ui` (messages), `adopt` (adopt.js), `body` (the panel's place for the connection).
 * Returns { invite(entry), openCode(text), rematch() (over the connection: whether it went),
 * connected(id) }.
 */
export function makeLive(doc, state, { play, controller, ui, adopt, body }) {
  let conn = null; // { id, status: 'making'|'waiting'|'connecting'|'answering'|'open'|'dropped'|'failed', link, accept, invitation, reply, why, rematch }
  let offered = null; // a rematch the friend offered: { fragment, side, control }
  const changed = (detail = {}) => controller.changed('remote', { live: true, ...detail });
  const friendName = (entry) => play.friendOf(entry);

  // ---- the connection's part of the panel ----
  const el = (tag, props = {}) => Object.assign(doc.createElement(tag), props);
  const status = el('p', { id: 'live-status', className: 'live-status', role: 'status' });
  const inviteBox = makeSendBox(doc, 'live-invite', (t, k) => ui.showMessage(t, 0, k));
  const replyForm = el('form', { id: 'live-paste', className: 'link-open', hidden: true });
  const replyInput = el('input', { type: 'text', id: 'live-paste-text', autocomplete: 'off', spellcheck: false });
  replyInput.setAttribute('autocapitalize', 'off');
  replyForm.append(
    el('label', { htmlFor: 'live-paste-text', textContent: "Paste your friend's reply here (or open its link in this browser)" }),
    replyInput,
    el('button', { type: 'submit', id: 'live-connect', className: 'primary', textContent: 'Connect' }),
  );
  const replyBox = makeSendBox(doc, 'live-reply', (t, k) => ui.showMessage(t, 0, k));
  const offerLine = el('p', { id: 'live-rematch-offer', className: 'remote-offer', hidden: true });
  const offerButtons = el('div', { className: 'buttons', hidden: true });
  const acceptRematch = el('button', { type: 'button', id: 'live-rematch-accept', className: 'primary', textContent: 'Accept rematch' });
  const declineRematch = el('button', { type: 'button', id: 'live-rematch-decline', textContent: 'Decline' });
  offerButtons.append(acceptRematch, declineRematch);
  const resume = el('button', { type: 'button', id: 'live-resume', textContent: 'New invitation (resume)' });
  body?.append(status, offerLine, offerButtons, inviteBox.element, replyForm, replyBox.element, resume);

  function render() {
    const a = play.active();
    const live = a && a.entry.live;
    if (body) body.hidden = !live;
    if (!live) return;
    const { entry, summary } = a;
    const c = conn && conn.id === entry.id ? conn : null;
    const friend = friendName(entry);
    const over = summary.result !== '*';
    const words = {
      making: 'Making the invitation: finding this page\'s addresses…',
      waiting: `Send this invitation to ${friend}. When their reply comes, paste it below.${summary.plies ? '' : ' The game starts once your pages are connected.'}`,
      answering: `Send this reply to ${friend}, once: their page then connects to this one.`,
      connecting: `Connecting to ${friend}…`,
      open: `Connected to ${friend}: moves go at once.`,
      dropped: `The connection to ${friend} dropped (${c && c.why}). Both pages keep the game: a new invitation resumes it.`,
      failed: `No connection: ${c && c.why}.`,
    };
    status.textContent = c ? words[c.status] : `Not connected to ${friend}.${over ? '' : ' A new invitation resumes the game.'}`;
    status.dataset.state = c ? c.status : 'none';
    if (c && c.status === 'waiting') {
      inviteBox.show({ label: 'The invitation (it works once, with this page open)', text: c.invitation, title: 'fairyboard: a live game', copied: `Invitation copied: send it to ${friend}.` });
    } else inviteBox.hide();
    replyForm.hidden = !(c && c.status === 'waiting');
    if (c && c.status === 'answering') {
      replyBox.show({ label: 'Your reply', text: c.reply, title: 'fairyboard: my reply', copied: `Reply copied: send it to ${friend}.` });
    } else replyBox.hide();
    resume.hidden = !!c && ['making', 'waiting', 'connecting', 'answering', 'open'].includes(c.status);
    resume.textContent = over ? 'New invitation (to talk, or a rematch)' : 'New invitation (resume)';
    const o = offered && offered.from === entry.id;
    offerLine.hidden = offerButtons.hidden = !o;
    if (o) offerLine.textContent = `${capital(friend)} offers a rematch: you would play ${offered.side === 'w' ? 'White' : 'Black'}.`;
  }

  function close() {
    if (conn && conn.link) conn.link.close();
    conn = null;
  }

  /** The events of the connection `c` (a newer connection makes an older one's events moot). */
  function events(c) {
    return {
      open() {
        if (conn !== c) return;
        c.status = 'open';
        hello(c);
        changed({ connected: true });
        ui.showMessage('Connected: the game is live.', 0, 'info');
      },
      message(data) { if (conn === c) heard(c, data); },
      drop: (why) => lost(c, why),
    };
  }

  /** The connection `c` dropped: said at once; the game stays on both pages. */
  function lost(c, why) {
    if (conn !== c || c.status === 'dropped') return;
    c.status = 'dropped';
    c.why = why;
    changed({ dropped: true });
    const entry = loadEntry(c.id);
    ui.showMessage(`The connection to ${entry ? friendName(entry) : 'your friend'} dropped (${why}). Both pages keep the game: "New invitation (resume)" connects them again.`, 0);
  }

  /** This page's own clock (ms left), for the friend's page, or null without clocks. */
  const clockOf = (side) => {
    const left = controller.clocks.left(side);
    return left == null ? null : { side, left: Math.round(left) };
  };

  function send(c, obj) {
    return !!c && c.status === 'open' && c.link.send(obj);
  }

  function hello(c) {
    const entry = loadEntry(c.id);
    if (!entry) return;
    send(c, { t: 'hello', v: PROTOCOL, record: entry.fragment, clock: clockOf(entry.side), flag: entry.flag });
  }

  /** The friend's page sent what this page does not take: said here, and told there. */
  function refuse(c, why) {
    const entry = loadEntry(c.id);
    const text = `${capital(entry ? friendName(entry) : 'your friend')}'s page sent what this page refuses: ${why}. The game is kept as it was.`;
    ui.showMessage(text, 0);
    send(c, { t: 'refused', why });
  }

  /** A message from the friend's page. */
  function heard(c, data) {
    let msg = null;
    try {
      if (typeof data !== 'string' || data.length > MESSAGE_LIMIT) throw new Error('too long');
      msg = JSON.parse(data);
    } catch { /* refused below */ }
    if (!msg || typeof msg !== 'object' || typeof msg.t !== 'string') { refuse(c, 'a message that is not one of a live game'); return; }
    const entry = loadEntry(c.id);
    if (!entry) { refuse(c, 'a message about a game this page no longer keeps'); return; }
    const friend = other(entry.side);
    if (msg.t === 'hello' || msg.t === 'record') {
      if (typeof msg.record !== 'string') { refuse(c, 'a message without its record'); return; }
      const r = play.receive(entry, msg.record, { from: 'live' });
      if (!r.ok) { refuse(c, r.text.replace(/^Refused: /, '').replace(/\. Your game is kept as it was\.$/, '')); return; }
      const clock = msg.clock;
      if (clock && clock.side === friend && Number.isFinite(clock.left)) {
        controller.clocks.adjust(friend, clock.left);
        // The friend's move keeps the time their page counted ([%clk]), not this page's guess.
        const moved = (r.events || []).some((e) => e.kind === 'move');
        const g = state.game;
        if (moved && g && g.line().length && g.ply() === g.line().length && g.sideToMove() !== friend) {
          controller.edit((x) => { const id = x.currentNode(); x.setComment(id, withCommand(x.comment(id), 'clk', clockCommand(clock.left))); });
        }
      }
      if (msg.t === 'hello' && (msg.flag === friend) && !loadEntry(c.id).flag) play.friendFlag(loadEntry(c.id), friend);
      const news = (r.events || []).filter((e) => e.kind !== 'move');
      if (news.length && r.text) ui.showMessage(r.text, 0, 'info');
      return;
    }
    if (msg.t === 'flag') {
      if (msg.side !== friend) { refuse(c, `a flag for ${msg.side === entry.side ? 'this page\'s own side' : 'no side'}`); return; }
      if (!entry.flag) play.friendFlag(entry, friend);
      return;
    }
    if (msg.t === 'refused') {
      ui.showMessage(`${capital(friendName(entry))}'s page refused what this page sent: ${String(msg.why || '').slice(0, 300)}.`, 0);
      return;
    }
    if (msg.t === 'rematch') { heardRematch(c, entry, msg); return; }
    if (msg.t === 'rematch-accept') {
      const mine = c.rematch;
      if (!mine || msg.id !== mine.id) { refuse(c, 'an answer to a rematch this page did not offer'); return; }
      c.rematch = null;
      startRematch(c, mine);
      return;
    }
    if (msg.t === 'rematch-decline') {
      c.rematch = null;
      ui.showMessage(`${capital(friendName(entry))} declines the rematch.`, 0, 'info');
      return;
    }
    if (msg.t === 'bye') {
      c.link.close();
      lost(c, 'your friend left the game page');
      return;
    }
    refuse(c, `a message this page does not know ('${msg.t.slice(0, 20)}')`);
  }

  /** A rematch offered by the friend: a new record of theirs, the colours swapped. */
  function heardRematch(c, entry, msg) {
    let read;
    try {
      read = withLink(String(msg.record), (l) => ({ id: l.id(), fragment: l.fragment(), summary: l.summary() }));
    } catch (e) {
      refuse(c, `a rematch that does not read (${errorText(e)})`);
      return;
    }
    const side = other(read.summary.inviter);
    if (read.summary.plies || read.summary.last || loadEntry(read.id) || side === entry.side) {
      refuse(c, 'a rematch that is not a new game with the colours swapped');
      return;
    }
    const control = typeof msg.clock === 'string' && /^\d+(\.\d+)?\+\d+$/.test(msg.clock) ? msg.clock : null;
    offered = { id: read.id, fragment: read.fragment, side, control, from: entry.id };
    changed();
    ui.showMessage(`${capital(friendName(entry))} offers a rematch.`, 0, 'info');
  }

  acceptRematch.addEventListener('click', () => {
    const o = offered;
    offered = null;
    if (!o || !conn || conn.status !== 'open') { changed(); ui.say('The connection is gone: the rematch needs a new invitation.'); return; }
    const name = myName();
    let fragment = o.fragment;
    try {
      fragment = withLink(o.fragment, (l) => { if (name && !l.name(o.side)) l.setName(o.side, name); return l.fragment(); });
    } catch { /* no name given: the friend sees the colour */ }
    send(conn, { t: 'rematch-accept', id: o.id });
    startRematch(conn, { id: o.id, fragment, side: o.side, control: o.control });
  });
  declineRematch.addEventListener('click', () => {
    offered = null;
    send(conn, { t: 'rematch-decline' });
    changed();
  });

  /** The rematch `r` ({ id, fragment, side, control }) on the board, over the same connection. */
  function startRematch(c, r) {
    const entry = { id: r.id, fragment: r.fragment, side: r.side, live: true, control: r.control, flag: null };
    play.keep(entry);
    c.id = r.id;
    play.putOnBoard(entry, () => { changed({ rematch: true }); hello(c); });
  }

  /** Offers a rematch over the open connection of the game on the board: whether it went. */
  function rematch() {
    const a = play.active();
    if (!a || !a.entry.live || !conn || conn.id !== a.entry.id || conn.status !== 'open') return false;
    const { entry, summary: s } = a;
    const side = other(entry.side);
    const names = { [side]: (entry.side === 'w' ? s.white : s.black) || myName(), [entry.side]: entry.side === 'w' ? s.black : s.white };
    let fragment;
    try {
      fragment = newLinkRecord({
        id: globalThis.crypto.getRandomValues(new Uint8Array(12)), game: s.game, white: names.w || '', black: names.b || '',
        inviter: side, days: null, created: nowMinutes(),
      });
    } catch (e) {
      ui.say(capital(errorText(e)));
      return true;
    }
    const id = withLink(fragment, (l) => l.id());
    conn.rematch = { id, fragment, side, control: entry.control };
    send(conn, { t: 'rematch', record: fragment, clock: entry.control });
    ui.showMessage(`Rematch offered to ${friendName(entry)}: you would play ${side === 'w' ? 'White' : 'Black'}.`, 0, 'info');
    return true;
  }

  /** A new invitation for `entry` (a new live game, or one to resume): its offer made, to send. */
  async function invite(entry) {
    close();
    const c = { id: entry.id, status: 'making' };
    conn = c;
    changed();
    try {
      const offer = await makeOffer(iceServers(), events(c));
      if (conn !== c) { offer.link.close(); return; }
      c.link = offer.link;
      c.accept = offer.accept;
      const held = loadEntry(entry.id) || entry;
      c.invitation = linkAddress(await writeCode('lv', { sdp: offer.sdp, record: held.fragment, clock: held.control || null }));
      c.status = 'waiting';
    } catch (e) {
      if (conn !== c) return;
      c.status = 'failed';
      c.why = `the invitation could not be made (${errorText(e)})`;
    }
    changed();
  }

  /** The friend's reply (`payload` read from its text) to the invitation waiting here. */
  async function connect(payload) {
    const c = conn;
    if (!c || c.status !== 'waiting' || payload.id !== c.id) {
      ui.showMessage(c && c.status === 'waiting'
        ? 'This reply answers an invitation to another game: it changes nothing here.'
        : 'No invitation of this page waits for this reply: a reply works once, in the page that made the invitation. A new invitation (resume) starts again.', 0);
      return false;
    }
    try {
      await c.accept(payload.sdp);
      if (conn === c && c.status === 'waiting') c.status = 'connecting';
      changed();
    } catch (e) {
      ui.showMessage(`This reply cannot be used: ${errorText(e)}. The invitation still waits for a good one.`, 0);
      return false;
    }
    return true;
  }

  /** An invitation opened (`payload` read from its text): a new game adopted, or one this page holds resumed. */
  function invited(payload) {
    let read;
    try {
      read = withLink(payload.record, (l) => ({ id: l.id(), fragment: l.fragment(), summary: l.summary() }));
    } catch (e) {
      ui.showMessage(`This invitation cannot be opened: ${errorText(e)}. Your games are unchanged.`, 0);
      return;
    }
    const held = loadEntry(read.id);
    if (held) {
      const r = play.receive(held, read.fragment, { from: 'live' });
      if (!r.ok) { ui.showMessage(`This invitation does not continue your game with ${friendName(held)}: ${r.text.replace(/^Refused: /, '')}`, 0); return; }
      answer(loadEntry(read.id), payload);
      return;
    }
    adopt.ask(read.summary, ({ side, name }) => {
      let fragment;
      try {
        fragment = withLink(read.fragment, (l) => { if (name && !l.name(side)) l.setName(side, name); return l.fragment(); });
      } catch (e) {
        ui.showMessage(`${capital(errorText(e))}. The game was not taken.`, 0);
        return;
      }
      const entry = { id: read.id, fragment, side, live: true, control: payload.clock || null, flag: null };
      play.keep(entry);
      play.putOnBoard(entry, () => { changed(); answer(entry, payload); });
    }, { live: true, clock: payload.clock || null });
  }

  /** The reply to the invitation `payload` for `entry`, made and shown to send back. */
  async function answer(entry, payload) {
    close();
    const c = { id: entry.id, status: 'making' };
    conn = c;
    changed();
    try {
      const made = await makeAnswer(iceServers(), payload.sdp, events(c));
      if (conn !== c) { made.link.close(); return; }
      c.link = made.link;
      c.reply = linkAddress(await writeCode('lr', { id: entry.id, sdp: made.sdp }));
      if (c.status === 'making') c.status = 'answering';
    } catch (e) {
      if (conn !== c) return;
      c.status = 'failed';
      c.why = `the invitation's connection offer does not work here (${errorText(e)})`;
    }
    changed();
  }

  /**
   * A live game's invitation or reply (a link, its text): opened (read, checked, acted on).
   * Returns whether the text was one (false: not one, nothing done).
   */
  function openCode(text) {
    const kind = codeKind(text);
    if (!kind) return false;
    readCode(text).then(({ payload }) => {
      if (kind === 'lv') { invited(payload); return; }
      if (conn && conn.status === 'waiting' && conn.id === payload.id) { connect(payload); return; }
      handOver(payload);
    }, (e) => {
      ui.showMessage(`${capital(errorText(e))}. Your games are unchanged.`, 0);
    });
    return true;
  }

  // A reply opened in another tab of this browser goes to the tab whose invitation waits for it.
  const tabs = typeof BroadcastChannel === 'function' ? new BroadcastChannel(TABS) : null;
  tabs?.addEventListener('message', (e) => {
    const m = e.data;
    if (!m || m.t !== 'reply' || !m.payload) return;
    if (conn && conn.status === 'waiting' && conn.id === m.payload.id) {
      tabs.postMessage({ t: 'taken', id: m.payload.id });
      connect(m.payload);
    }
  });
  function handOver(payload) {
    if (!tabs) { connect(payload); return; }
    let taken = false;
    const listen = (e) => { if (e.data && e.data.t === 'taken' && e.data.id === payload.id) taken = true; };
    tabs.addEventListener('message', listen);
    tabs.postMessage({ t: 'reply', payload });
    setTimeout(() => {
      tabs.removeEventListener('message', listen);
      if (taken) ui.showMessage('The reply went to your invitation in another tab of this browser: the game goes on there.', 0, 'info');
      else connect(payload);
    }, 400);
  }

  replyForm.addEventListener('submit', (e) => {
    e.preventDefault();
    const text = replyInput.value.trim();
    if (!text) { ui.say("Paste your friend's reply first."); replyInput.focus(); return; }
    if (codeKind(text) !== 'lr') { ui.showMessage('This is not a reply to a live invitation (its text starts lr=).', 0); return; }
    readCode(text).then(({ payload }) => connect(payload).then((ok) => { if (ok) replyInput.value = ''; }),
      (err) => ui.showMessage(`${capital(errorText(err))}. The invitation still waits for a good one.`, 0));
  });
  resume.addEventListener('click', () => {
    const a = play.active();
    if (a && a.entry.live) invite(a.entry);
  });

  // This page's own events go to the friend's page at once.
  play.onOwnEvent((entry, eventsMade, extra = {}) => {
    if (!conn || conn.id !== entry.id || conn.status !== 'open') return;
    if (extra.flag) send(conn, { t: 'flag', side: extra.flag, record: entry.fragment });
    else send(conn, { t: 'record', record: entry.fragment, clock: clockOf(entry.side) });
  });
  // Leaving the page says so at once (the friend's page need not wait for the connection to time out).
  addEventListener('pagehide', () => { if (conn && conn.status === 'open') send(conn, { t: 'bye' }); });

  subscribe(state, [...MOVED, 'remote'], () => render());

  return {
    invite,
    openCode,
    rematch,
    /**
     * Whether the board waits: a live game with no move yet whose friend is not connected (the
     * first move goes to a friend who is there, as lichess starts a game once both have
     * joined; later moves may be made while the connection is down, and go on resuming).
     */
    waiting() {
      const a = play.active();
      if (!a || !a.entry.live || a.summary.plies > 0 || a.summary.result !== '*') return false;
      return !(conn && conn.id === a.entry.id && conn.status === 'open');
    },
    /** Whether a connection to the friend of game `id` is open. */
    connected: (id) => !!conn && conn.id === id && conn.status === 'open',
    /** For the tests and the console: sends `raw` as it is over the open connection (a misbehaving page). */
    sendRaw(raw) { return !!conn && conn.status === 'open' && conn.link.send(raw); },
  };
}
