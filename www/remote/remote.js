// www/remote/: a friend at a distance: games by link, and live games over a direct connection.
// The folder mounted: the game with a friend on the board (linkplay.js), its panel, the list of
// games by link, the dialog that adopts a game from a link, the live connection (live.js) and
// its servers' setting; the links in the address that belong to them (share/'s claim hook) and
// the PGN the share panel exports for them (its exporter hook: the record's, the same on both
// pages).

import { makeAdopt } from './adopt.js';
import { makeLinkPlay } from './linkplay.js';
import { mountLinkPanel } from './linkpanel.js';
import { mountLinkList } from './linklist.js';
import { makeLive } from './live.js';
import { mountServers } from './servers.js';
import { linkPgn } from '../engine/engine.js';
import { timeControlTag } from '../game/clocks.js';
import { remote } from '../game/playing.js';

/**
 * Mounts the games with a friend at a distance over the page's `state`: `controller`
 * (game/controller.js), `ui` (messages and the picker), `input` (the board waits on the
 * friend's turn), `share` (share/share.js: the address's links, the export). Returns {
 * plays(choice) (whether a New game choice is one of these), start(id, choice), openText(text) }.
 */
export function mountRemote(doc, state, { controller, ui, input, share }) {
  const adopt = makeAdopt(doc);
  const play = makeLinkPlay(doc, state, { controller, ui, input, adopt });

  /** A link or code pasted or in the address: opened when it is one of these; whether it was. */
  function openText(text) {
    if (play.openLink(text) || live.openCode(text)) return true;
    ui.say('This is not a link of a game with a friend (a game by link starts #bl=, a live invitation #lv=, its reply #lr=).');
    return false;
  }

  const panel = mountLinkPanel(doc, state, { play, ui });
  const list = mountLinkList(doc, state, { play, ui, openText });
  const live = makeLive(doc, state, { play, controller, ui, adopt, body: panel.body });
  mountServers(doc, list.body, (text, kind) => ui.showMessage(text, 0, kind));
  input.blockWhile(() => live.waiting());

  share?.claim((fragment) => play.openLink(fragment) || live.openCode(fragment));
  share?.exporter(() => {
    const a = play.active();
    if (!a) return null;
    const { entry } = a;
    return linkPgn(entry.fragment, { live: entry.live, control: entry.live ? timeControlTag(entry.control) : null, flag: entry.flag });
  });

  return {
    plays: (choice) => remote(choice),
    start(id, choice) {
      // A live game's rematch goes over its connection while it is open; else a new game and,
      // live, its invitation.
      if (choice.rematch && live.rematch()) return;
      const entry = choice.rematch ? play.rematch() : play.start(id, choice);
      if (entry && entry.live) live.invite(entry);
    },
    /** For the tests and the console: `raw` sent as it is over the open live connection. */
    sendRaw: (raw) => live.sendRaw(raw),
    openText,
    /** The game with a friend on the board: { entry, summary }, or null. */
    active: () => play.active(),
  };
}
