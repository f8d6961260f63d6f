// www/remote/: a friend at a distance: games by link, and live games over a direct connection.
// The servers a live game's connection may use (ICE: STUN and TURN), a setting kept in this
// browser (`fairyboard.iceServers`). None by default: two pages then connect on the same
// network (and on one machine), and nobody else learns anything. A STUN server lets two pages
// on different networks find each other's public address (it sees the player's address); a
// TURN server relays the game when no direct path exists (it sees the addresses and carries
// the moves). docs/playing.md says so to players.

const KEY = 'fairyboard.iceServers';
const LINE = /^(stuns?|turns?):(?:([^:@\s]+):([^@\s]+)@)?([^\s@]+)$/;

function store() {
  try { return globalThis.localStorage || null; } catch { return null; }
}

/**
 * The servers written one a line (`stun:host:port`, `turn:user:password@host:port`, `turns:`
 * and `?transport=tcp` too) as RTCPeerConnection takes them. Throws an Error naming the first
 * line that does not read.
 */
export function parseServers(text) {
  const out = [];
  const lines = String(text || '').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  for (const line of lines) {
    const m = LINE.exec(line);
    if (!m) throw new Error(`'${line.slice(0, 60)}' is not a server address (stun:host:port, or turn:user:password@host:port)`);
    const [, scheme, user, password, host] = m;
    if (scheme.startsWith('turn') && !user) throw new Error(`the TURN server '${line.slice(0, 60)}' needs a user and a password: turn:user:password@${host}`);
    const server = { urls: `${scheme}:${host}` };
    if (user) Object.assign(server, { username: decodeURIComponent(user), credential: decodeURIComponent(password) });
    out.push(server);
  }
  return out;
}

/** The setting's text ('' for none). */
export function serversText() {
  try { return String(store()?.getItem(KEY) || ''); } catch { return ''; }
}

/** The servers to use now ([]: none, the default; a setting that no longer reads gives none too). */
export function iceServers() {
  try { return parseServers(serversText()); } catch { return []; }
}

/**
 * The setting's small form into `parent` (the Games by link panel): a text of one address a
 * line, saved when it reads (said otherwise). `say(text, kind)` shows what happened.
 */
export function mountServers(doc, parent, say) {
  if (!parent) return;
  const el = (tag, props = {}) => Object.assign(doc.createElement(tag), props);
  const box = el('details', { className: 'servers', id: 'live-servers' });
  const summary = el('summary', { textContent: 'Servers for live games' });
  const hint = el('p', {
    className: 'panel-hint',
    textContent: 'None: your pages connect only on the same network, and nobody else learns of the game. A STUN server (stun:host:port) lets pages on different networks find each other; it sees your address. A TURN server (turn:user:password@host:port) relays the game when nothing else works; it sees your address and your moves. One a line.',
  });
  const area = el('textarea', { id: 'live-servers-text', rows: 3, spellcheck: false, placeholder: 'stun:stun.example.org:3478' });
  area.setAttribute('autocapitalize', 'off');
  area.setAttribute('aria-label', 'Servers for live games, one a line');
  area.value = serversText();
  const save = el('button', { type: 'button', id: 'live-servers-save', textContent: 'Save servers' });
  const note = el('p', { className: 'send-note', id: 'live-servers-note', hidden: true });
  save.addEventListener('click', () => {
    let list;
    try {
      list = parseServers(area.value);
    } catch (e) {
      note.textContent = `Not saved: ${e.message}.`;
      note.hidden = false;
      say(note.textContent, 'error');
      return;
    }
    try { store()?.setItem(KEY, area.value.trim()); } catch { /* refused: said below */ }
    note.textContent = list.length
      ? `Saved: ${list.length} ${list.length === 1 ? 'server' : 'servers'}, used by your next live invitation or reply.`
      : 'Saved: no servers, your pages connect on the same network only.';
    note.hidden = false;
    say(note.textContent, 'info');
  });
  box.append(summary, hint, area, save, note);
  parent.append(box);
}
