// <fairyboard-board>: a board to put in any page with one script tag.
//   <script src="https://host/path/www/fairyboard-board.js"></script>
//   <fairyboard-board game="bandit" mode="view" moves="d3d4 d7d5" orientation="black"></fairyboard-board>
// Each element shows embed.html (beside this file's folder) in an iframe in its shadow root,
// so the engine runs on the host that serves these files and the page needs no special
// headers. A classic script, not a module: a module from another origin would need CORS
// headers on the host. Attributes: game, position, moves, mode (play | view | explore |
// puzzle | lesson), orientation (white | black), ply, coordinates (on | off), opponent (human |
// computer), level (1-8), player (white | black | random: the person's colour against the
// computer), solution (puzzle mode: the moves from the position, both sides', as move text
// or names: "Qh5+ g6 Qxg6#"), theme (auto | brown | green | blue | contrast: the page's colour
// themes), review (on: a game's or study's evaluation graph and judged moves, with a Review
// button when its PGN has no evaluations), label, loading (lazy).
// CSS custom properties: --fairyboard-size (width) and the colours --fairyboard-light-square,
// -dark-square, -highlight, -selected, -destination, -check, -background, -text (read when
// the board loads; call render() after changing them). Events (bubbling, composed):
// fairyboard-ready, fairyboard-move (detail.by: 'person', 'computer', or 'puzzle' and 'lesson':
// a puzzle's or a lesson's own answer), fairyboard-end, and in puzzle mode fairyboard-puzzle: each try
// { ply, move, name, correct } and the end { solved: true, tries, mistakes, hints } (or
// { solved: false, shown: true, ... } after Solution). In lesson mode (lesson="quadrant-shift",
// task="2": a lesson of the game's course, from that task) fairyboard-lesson: a wrong move
// { kind: 'wrong', lesson, task, move, wrong, words }, a task done { kind: 'task', lesson, task,
// tasks, stars, moves, fewest }, and the lesson done { kind: 'lesson', lesson, game, stars,
// most, tasks }.
// Images of the position shown, with its arrows and circles and the last move and check, drawn
// by the board's own drawing code (www/images/image.js): board.toSVG({ size }) resolves to the SVG
// document's text, board.toPNG({ size }) to a PNG Blob (image/png); `size` is the longer
// side in pixels (64 to 4096, default 800). board.toGIF({ size, line, from, to, speed, names })
// resolves to an animated GIF Blob (image/gif) of the moves (the main line by default), each
// animated as on the board (size default 480, at most 1600). All wait for the board to be ready
// (after an attribute change: loaded anew) and reject with an Error if it does not answer
// within 20 s (60 s for a GIF), or at once when the board cannot start.
// The records (position, moves, pgn, solution, arrows, marks) go to embed.html in its
// address's fragment, which is not sent to the server (a long query is refused by many hosts);
// the other attributes in its query. A board that cannot start says so: fairyboard-error
// (detail.message; also in `problems`) when its address would be over 2 MB, or when its page
// has loaded and sent no word within 20 s (a board that starts later still sends ready).
(() => {
  if (!globalThis.customElements || customElements.get('fairyboard-board')) return;

  /** Where this script came from (document.currentScript is null inside modules). */
  function scriptUrl() {
    const current = document.currentScript;
    if (current && current.src) return current.src;
    const all = [...document.querySelectorAll('script[src]')].filter((s) => /fairyboard-board\.js([?#]|$)/.test(s.src));
    return all.length ? all[all.length - 1].src : location.href;
  }
  const EMBED_URL = new URL('../embed.html', scriptUrl());
  const ATTRIBUTES = ['game', 'position', 'moves', 'mode', 'orientation', 'ply', 'coordinates', 'opponent', 'level', 'player', 'solution', 'pgn', 'arrows', 'marks', 'theme', 'review', 'lesson', 'task'];
  /** The attributes that carry a record, of any length: in the fragment, never sent to the server. */
  const RECORDS = ['position', 'moves', 'pgn', 'solution', 'arrows', 'marks'];
  /** Chromium's longest address (a frame asked to show a longer one stays blank). */
  const MAX_ADDRESS = 2 * 1024 * 1024;
  /** How long a board's page may take, once loaded, to say it has started. */
  const READY_MS = 20000;
  const COLOURS = ['light-square', 'dark-square', 'highlight', 'selected', 'destination', 'check', 'background', 'text'];
  /**
   * Why an image cannot be asked for with these options, or null: `size` a whole number of
   * pixels from 64 to 4096 (a GIF's to 1600); a GIF's `line`, `speed`, and `from` and `to`
   * whole plies, `from` before `to` (the board checks them against its line).
   */
  function imageProblem(format, size, options) {
    const most = format === 'gif' ? 1600 : 4096;
    if (size != null && !(Number.isInteger(size) && size >= 64 && size <= most)) {
      return `size ${JSON.stringify(size)}: a whole number of pixels from 64 to ${most}`;
    }
    if (!options) return null;
    const { line, from, to, speed } = options;
    if (line != null && !['main', 'shown', 'study'].includes(line)) return `line ${JSON.stringify(line)}: main, shown or study`;
    if (speed != null && !['fast', 'normal', 'slow', 'off'].includes(speed)) return `speed ${JSON.stringify(speed)}: fast, normal, slow or off`;
    for (const [name, v] of [['from', from], ['to', to]]) {
      if (v != null && !(Number.isInteger(v) && v >= 0)) return `${name} ${JSON.stringify(v)}: a ply, 0 or more`;
    }
    if (from != null && to != null && from >= to) return `from ${from} is not before to ${to}`;
    return null;
  }

  // Height of the controls under the board, until the board reports its own size.
  const CONTROLS_PX = 56;

  const STYLE = `
    :host { display: block; width: var(--fairyboard-size, min(100%, 24rem)); max-width: 100%; }
    :host([hidden]) { display: none; }
    iframe { display: block; width: 100%; border: 0; background: transparent; }
  `;

  // Boards start loading a few at a time: a page of two dozen boards starting together asks
  // for more files at once than the browser lets one page have in flight
  // (ERR_INSUFFICIENT_RESOURCES); the boards after the first find the files in the cache.
  const LOADING_AT_ONCE = 3;
  const loadQueue = [];
  let loadingNow = 0;
  function startNextLoads() {
    while (loadingNow < LOADING_AT_ONCE && loadQueue.length) {
      loadingNow++;
      loadQueue.shift()();
    }
  }

  class FairyboardBoard extends HTMLElement {
    static get observedAttributes() { return [...ATTRIBUTES, 'label']; }

    #frame;
    #pending = false;
    #requests = new Map(); // image requests waiting for the board's answer, by id
    #nextRequest = 0;
    #onMessage = (e) => this.#message(e);
    #wanted = ''; // the address the frame shows or will show once its turn to load comes
    #queued = null; // this board's place in loadQueue while it waits
    #release = null; // gives the board's loading place back (once loaded, ready or gone)
    #failure = null; // why the board shown cannot start (said by fairyboard-error), or null
    #readyTimer = 0;

    constructor() {
      super();
      const root = this.attachShadow({ mode: 'open' });
      const style = document.createElement('style');
      style.textContent = STYLE;
      this.#frame = document.createElement('iframe');
      this.#frame.setAttribute('part', 'frame');
      root.append(style, this.#frame);
      this.#frame.addEventListener('load', () => this.#frameLoaded());
      /** True once the board has started (after each load). */
      this.ready = false;
      /** What the board could not use from its attributes (shown on the board too). */
      this.problems = [];
    }

    connectedCallback() {
      addEventListener('message', this.#onMessage);
      this.render();
    }

    disconnectedCallback() {
      removeEventListener('message', this.#onMessage);
      this.#leaveQueue();
      this.#release?.();
      clearTimeout(this.#readyTimer);
    }

    attributeChangedCallback() {
      // Several attributes often change together: load once.
      if (!this.isConnected || this.#pending) return;
      this.#pending = true;
      queueMicrotask(() => { this.#pending = false; if (this.isConnected) this.render(); });
    }

    /** The embed.html address this element shows: the records in its fragment, the rest in its query. */
    get src() {
      const url = new URL(EMBED_URL);
      const records = new URLSearchParams();
      for (const name of ATTRIBUTES) {
        const value = this.getAttribute(name);
        if (value !== null) (RECORDS.includes(name) ? records : url.searchParams).set(name, value);
      }
      const style = getComputedStyle(this);
      for (const name of COLOURS) {
        const value = style.getPropertyValue(`--fairyboard-${name}`).trim();
        if (value) url.searchParams.set(name, value);
      }
      url.hash = records.toString();
      return url.href;
    }

    /** Loads the board anew from the attributes and colour properties. */
    render() {
      const src = this.src;
      this.#frame.title = this.getAttribute('label') || `${this.getAttribute('game') || 'orthodox'} board`;
      // loading="lazy": a board far down a long page loads when it comes near the view.
      this.#frame.loading = this.getAttribute('loading') === 'lazy' ? 'lazy' : 'eager';
      if (this.#wanted === src) {
        if (this.ready) this.#sendPending(); // nothing to load: images asked for meanwhile now
        return;
      }
      this.ready = false;
      this.problems = [];
      this.#failure = null;
      clearTimeout(this.#readyTimer);
      if (!this.#frame.style.height) {
        const width = this.getBoundingClientRect().width || 360;
        this.#frame.style.height = `${Math.round(width + CONTROLS_PX)}px`;
      }
      this.#wanted = src;
      if (src.length > MAX_ADDRESS) {
        this.#frame.src = 'about:blank'; // not the board shown before
        this.#fail(`The board cannot start: its record is too large (${(src.length / 1e6).toFixed(1)} MB; a board's address holds up to 2 MB).`);
        return;
      }
      this.#load();
    }

    /** The board shown cannot start: said as fairyboard-error and in `problems`; images asked for are refused. */
    #fail(message) {
      this.#failure = message;
      this.problems = [message];
      for (const [id, request] of this.#requests) {
        clearTimeout(request.timer);
        this.#requests.delete(id);
        request.reject(new Error(message));
      }
      // Said after the current task: a page that adds its listener just after append() hears it.
      queueMicrotask(() => { if (this.#failure === message) this.#emit('fairyboard-error', { message, problems: [message] }); });
    }

    /** Once the frame has loaded, its board has READY_MS to say it started. */
    #frameLoaded = () => {
      if (this.ready || this.#failure || !this.#wanted || this.#frame.src !== this.#wanted) return;
      clearTimeout(this.#readyTimer);
      const wanted = this.#wanted;
      this.#readyTimer = setTimeout(() => {
        if (!this.ready && !this.#failure && this.#wanted === wanted) {
          this.#fail(`The board did not start: its page (${EMBED_URL.href}) loaded but sent no word within ${READY_MS / 1000} s.`);
        }
      }, READY_MS);
    };

    /** Shows #wanted in the frame now if this board holds a loading place (or loads lazily), else waits for one. */
    #load() {
      if (this.#release || this.#frame.loading === 'lazy') {
        this.#frame.src = this.#wanted;
        return;
      }
      if (this.#queued) return; // the address is read when the turn comes
      this.#queued = () => {
        this.#queued = null;
        let held = true;
        const release = () => {
          if (!held) return;
          held = false;
          this.#release = null;
          this.#frame.removeEventListener('load', release);
          clearTimeout(timer);
          loadingNow--;
          startNextLoads();
        };
        // A frame that never loads must not hold its place for ever.
        const timer = setTimeout(release, 15000);
        this.#frame.addEventListener('load', release);
        this.#release = release;
        this.#frame.src = this.#wanted;
      };
      loadQueue.push(this.#queued);
      startNextLoads();
    }

    /** Gives up a place in the queue: the board loads afresh when it is connected again. */
    #leaveQueue() {
      if (!this.#queued) return;
      const at = loadQueue.indexOf(this.#queued);
      if (at >= 0) loadQueue.splice(at, 1);
      this.#queued = null;
      this.#wanted = '';
    }

    /** The position shown as SVG text: Promise<string>. `size`: the longer side in pixels (default 800). */
    toSVG({ size } = {}) { return this.#image('svg', size); }

    /** The position shown as a PNG picture: Promise<Blob>. `size`: the longer side in pixels (default 800). */
    toPNG({ size } = {}) { return this.#image('png', size); }

    /**
     * The moves as an animated GIF: Promise<Blob>. `size`: the longer side in pixels (default
     * 480, at most 1600); `line`: 'main' (default), 'shown' or 'study' (every variation);
     * `from`, `to`: plies of the line; `speed`: 'fast', 'normal', 'slow' or 'off'; `names`:
     * the players and the moves under the board.
     */
    toGIF({ size, line, from, to, speed, names } = {}) {
      return this.#image('gif', size ?? 480, { line, from, to, speed, names });
    }

    /**
     * Asks the board for an image: now if it is ready, else when it says it is (asked again
     * then if the board loaded anew meanwhile). Its answer comes as a message (#message).
     */
    #image(format, size, options = null) {
      const id = ++this.#nextRequest;
      return new Promise((resolve, reject) => {
        const wrong = imageProblem(format, size, options);
        if (wrong) { reject(new Error(`No ${format.toUpperCase()}: ${wrong}.`)); return; }
        if (this.#failure && !this.#pending) { reject(new Error(this.#failure)); return; }
        const send = () => {
          const target = EMBED_URL.origin === 'null' ? '*' : EMBED_URL.origin;
          this.#frame.contentWindow?.postMessage({ fairyboard: 1, type: 'image', id, format, size, options }, target);
        };
        const timer = setTimeout(() => {
          this.#requests.delete(id);
          reject(new Error(`The board did not answer with an image within ${format === 'gif' ? 60 : 20} s.`));
        }, format === 'gif' ? 60000 : 20000);
        this.#requests.set(id, { resolve, reject, timer, send });
        // Not while attributes just changed: the board loads anew (render) and then answers.
        if (this.ready && !this.#pending) send();
      });
    }

    /** Sends the image requests still waiting for an answer (the board is ready). */
    #sendPending() {
      for (const request of this.#requests.values()) request.send();
    }

    #message(e) {
      const data = e.data;
      if (e.source !== this.#frame.contentWindow || e.origin !== EMBED_URL.origin) return;
      if (!data || data.fairyboard !== 1) return;
      const { fairyboard, type, ...detail } = data;
      if (type === 'size') {
        if (Number.isFinite(detail.height) && detail.height > 0) this.#frame.style.height = `${detail.height}px`;
      } else if (type === 'ready') {
        this.ready = true;
        this.#failure = null; // a board that starts late has started
        clearTimeout(this.#readyTimer);
        this.#release?.();
        this.problems = Array.isArray(detail.problems) ? detail.problems : [];
        this.#emit('fairyboard-ready', detail);
        this.#sendPending();
      } else if (type === 'move') {
        this.#emit('fairyboard-move', detail);
      } else if (type === 'end') {
        this.#emit('fairyboard-end', detail);
      } else if (type === 'puzzle') {
        this.#emit('fairyboard-puzzle', detail);
      } else if (type === 'lesson') {
        this.#emit('fairyboard-lesson', detail);
      } else if (type === 'image') {
        const request = this.#requests.get(detail.id);
        if (!request) return;
        this.#requests.delete(detail.id);
        clearTimeout(request.timer);
        if (detail.error) request.reject(new Error(detail.error));
        else request.resolve(detail.svg ?? detail.png ?? detail.gif);
      }
    }

    #emit(name, detail) {
      this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
    }
  }

  customElements.define('fairyboard-board', FairyboardBoard);
})();
