// www/remote/: a friend at a distance: games by link, and live games over a direct connection.
// The panel beside the board while it shows a game with a friend at a distance: who plays
// whom, whose turn and the due date, the friend's offer to answer (a draw, a takeback), the
// person's own offers, resignation and a claim once the friend's due date has passed, and
// after each of the person's events "Send your move": the link that holds the whole game,
// with Copy and Share. Rendered from the record after every change (subscribed).

import { makeSendBox } from './sendbox.js';
import { other, capital } from './linkplay.js';
import { games } from '../engine/engine.js';
import { colourName, subscribe, MOVED } from '../state.js';

/** The address of a page of this fairyboard with `fragment`: the public page when the single file was opened from disk and names one. */
export function linkAddress(fragment) {
  const fromDisk = location.protocol === 'file:';
  const pub = String(globalThis.fairyboardPublicUrl || '').split('#')[0];
  return `${fromDisk && pub ? pub : location.href.split('#')[0]}#${fragment}`;
}

/** A time in Unix minutes as this browser writes dates: "Thu, 3 Dec, 14:05". */
export function when(minutes) {
  return new Date(minutes * 60000).toLocaleString(undefined, {
    weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit',
  });
}

/**
 * Mounts the panel into `#remote-game` over the page's `state`: `play` (linkplay.js), `ui`
 * (messages). `live` (live.js) adds a live game's own part below (its connection).
 */
export function mountLinkPanel(doc, state, { play, ui }) {
  const root = doc.getElementById('remote-game');
  if (!root) return { body: null };
  const el = (tag, props = {}) => Object.assign(doc.createElement(tag), props);
  const title = el('h2', { id: 'remote-title', className: 'remote-title' });
  const line = el('p', { id: 'remote-state', className: 'remote-state', role: 'status' });
  const offer = el('p', { id: 'remote-offer', className: 'remote-offer', hidden: true });
  const buttons = {};
  const button = (id, text, action, primary = false) => {
    const b = el('button', { type: 'button', id, textContent: text, className: primary ? 'primary' : '' });
    b.addEventListener('click', () => action());
    buttons[id] = b;
    return b;
  };
  const answers = el('div', { className: 'buttons remote-answers', hidden: true });
  answers.append(
    button('remote-accept-draw', 'Accept draw', () => play.act('draw-accept'), true),
    button('remote-decline-draw', 'Decline draw', () => play.act('draw-decline')),
    button('remote-accept-takeback', 'Accept takeback', () => play.act('takeback-accept'), true),
    button('remote-decline-takeback', 'Decline takeback', () => play.act('takeback-decline')),
  );
  const actions = el('div', { className: 'buttons remote-actions' });
  actions.append(
    button('remote-offer-draw', 'Offer draw', () => play.act('draw-offer')),
    button('remote-takeback', 'Ask to take back', () => play.act('takeback-request')),
    button('remote-resign', 'Resign', () => confirmResign()),
    button('remote-claim', 'Claim the win', () => play.act('claim-time')),
  );
  const say = (text, kind) => ui.showMessage(text, 0, kind);
  const send = makeSendBox(doc, 'remote-send', say);
  const body = el('div', { id: 'remote-live', className: 'remote-live' }); // a live game's connection (live.js)
  root.append(title, line, offer, answers, actions, send.element, body);

  function confirmResign() {
    ui.openPicker('Resign this game?', [{ value: 'yes', label: 'Resign' }, { value: 'no', label: 'Play on' }],
      (v) => { if (v === 'yes') play.act('resign'); }, () => {}, buttons['remote-resign']);
  }

  function render() {
    const a = play.active();
    root.hidden = !a;
    if (!a) { send.hide(); return; }
    const { entry, summary: s } = a;
    const mine = entry.side;
    const theirs = other(mine);
    const friend = play.nameOf(s, theirs);
    const known = !!(theirs === 'w' ? s.white : s.black);
    const kind = entry.live ? 'Live game' : 'Game by link';
    const game = games().find((g) => g.id === s.game)?.name || s.game;
    title.textContent = known ? `${kind} with ${friend}` : `${kind}: your friend has not joined yet`;
    const over = s.result !== '*';
    const now = Math.floor(Date.now() / 60000);
    const due = s.due != null ? `, due ${when(s.due)}` : '';
    let text;
    if (over) text = `${s.outcome}. Result ${s.result}.`;
    else if (s.turn === mine) text = `Your move${due}.`;
    else text = `${known ? friend : 'Your friend'} to move${due}.${s.due != null && now >= s.due ? ' The due date has passed: you may claim the win.' : ''}`;
    line.textContent = `${game}, you play ${colourName(mine)}${entry.live ? '' : s.days ? `, ${s.days} ${s.days === 1 ? 'day' : 'days'} a move` : ''}. ${text}`;
    // The friend's standing offer, to answer.
    const drawOffer = !over && s.draw_offer === theirs;
    const takeback = !over && s.takeback === theirs;
    offer.hidden = !drawOffer && !takeback;
    offer.textContent = [drawOffer ? `${capital(friend)} offers a draw.` : '', takeback ? `${capital(friend)} asks to take back their last move.` : ''].filter(Boolean).join(' ');
    answers.hidden = offer.hidden;
    buttons['remote-accept-draw'].hidden = buttons['remote-decline-draw'].hidden = !drawOffer;
    buttons['remote-accept-takeback'].hidden = buttons['remote-decline-takeback'].hidden = !takeback;
    // The person's own offers and endings.
    actions.hidden = over;
    const offered = s.draw_offer === mine;
    buttons['remote-offer-draw'].disabled = offered || drawOffer;
    buttons['remote-offer-draw'].textContent = offered ? 'Draw offered' : 'Offer draw';
    const asked = s.takeback === mine;
    const moved = s.plies >= (mine === 'w' ? 1 : 2); // this page's side has a move to take back (the engine decides)
    buttons['remote-takeback'].disabled = asked || takeback || !moved;
    buttons['remote-takeback'].textContent = asked ? 'Takeback asked' : 'Ask to take back';
    buttons['remote-claim'].hidden = entry.live || s.due == null || s.turn !== theirs || now < s.due;
    // The link to send: while the last event is this page's (or none yet, an invitation).
    if (entry.live) { send.hide(); return; }
    const last = s.last;
    const toSend = !last || last.side === mine || !known;
    if (!toSend) { send.hide(); return; }
    const fromFile = location.protocol === 'file:' && !globalThis.fairyboardPublicUrl;
    const how = fromFile ? ' This page was opened from a file: your friend pastes the link into Games by link, "Open a link", in their fairyboard.' : '';
    const label = over ? `Send the last link to ${friend}: their page ends the game too.`
      : !last && !known ? 'Send this invitation to your friend: the link holds the whole game.'
        : !known ? 'Send this link to your friend: it is the invitation, with your move.'
          : last.kind === 'move' ? `Send your move to ${friend}: the link holds the whole game.`
            : `Send this link to ${friend}: it holds your ${last.kind.startsWith('draw') ? 'answer about the draw' : last.kind.startsWith('takeback') ? 'takeback' : 'news'}.`;
    send.show({
      label: label + how,
      text: linkAddress(entry.fragment),
      title: `fairyboard: ${game}`,
      copied: `Link copied: send it to ${known ? friend : 'your friend'} in any messenger or an e-mail.`,
    });
  }

  subscribe(state, [...MOVED, 'remote', 'refresh'], () => render());
  // The due date passes while the page stays open: the claim appears.
  setInterval(() => { if (play.active() && play.active().summary.due != null) render(); }, 60000);
  return { body };
}
