// www/remote/: a friend at a distance: games by link, and live games over a direct connection.
// The texts that set up a live game with no server (docs/links.md, "A live game"): the
// invitation (`lv=1&d=..&k=..`: the offer of a direct connection, with the game's record and
// clock) and the reply (`lr=1&d=..&k=..`: the answer to it). `d` is a JSON object compressed
// with the browsers' own deflate-raw (CompressionStream) and written in base64url; `k` is the
// CRC-32 of everything before `&k=`, as a game by link's check, so that a damaged or cut text
// is refused before anything reads it. Reading checks every field and says what is wrong.

/** The longest text read as an invitation or a reply. */
export const CODE_LIMIT = 20000;
/** The format written and read. */
const VERSION = '1';
const KINDS = { lv: 'invitation', lr: 'reply' };

let table = null;
/** The CRC-32 of `bytes` (zlib's, PNG's: polynomial 0xEDB88320 reflected). */
export function crc32(bytes) {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n += 1) {
      let c = n;
      for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const b of bytes) crc = table[(crc ^ b) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const hex8 = (n) => n.toString(16).padStart(8, '0');

/** Bytes as base64url (RFC 4648 without padding). */
export function base64url(bytes) {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** base64url text as bytes; throws on a character outside A-Z a-z 0-9 - _. */
export function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new Error('not base64url');
  const bin = atob(text.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

async function through(bytes, stream) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

/** `kind` ('lv' an invitation, 'lr' a reply) with `payload` (a JSON object) as its text. */
export async function writeCode(kind, payload) {
  const packed = await through(new TextEncoder().encode(JSON.stringify(payload)), new CompressionStream('deflate-raw'));
  const body = `${kind}=${VERSION}&d=${base64url(packed)}`;
  return `${body}&k=${hex8(crc32(new TextEncoder().encode(body)))}`;
}

/** Whether `text` (a link, its fragment) is an invitation or a reply of a live game: 'lv', 'lr' or null. */
export function codeKind(text) {
  const t = String(text || '').trim();
  const body = t.includes('#') ? t.slice(t.indexOf('#') + 1) : t;
  const m = /^(lv|lr)=/.exec(body);
  return m ? m[1] : null;
}

/**
 * Reads an invitation or a reply (a whole link, its fragment with or without `#`, or the text
 * alone): { kind, payload }. Throws an Error whose message says what is wrong, for people: not
 * one, too long, damaged or cut short, a newer format, a field missing or malformed.
 */
export async function readCode(text) {
  let t = String(text || '').trim();
  if (t.includes('#')) t = t.slice(t.indexOf('#') + 1);
  const kind = codeKind(t);
  if (!kind) throw new Error('this is not an invitation or a reply of a live game (their text starts lv= or lr=)');
  const what = KINDS[kind];
  if (t.length > CODE_LIMIT) throw new Error(`the ${what} has ${t.length} characters; it has at most ${CODE_LIMIT}`);
  const at = t.lastIndexOf('&k=');
  if (at < 0) throw new Error(`the ${what} is cut short: its check (k=) is missing`);
  const body = t.slice(0, at);
  const check = t.slice(at + 3);
  if (!/^[0-9a-f]{8}$/.test(check) || check !== hex8(crc32(new TextEncoder().encode(body)))) {
    throw new Error(`the ${what} is damaged or cut short: its check (k=) does not match its text, so a character was changed, added or lost on the way`);
  }
  const fields = new Map();
  for (const part of body.split('&')) {
    const eq = part.indexOf('=');
    if (eq < 0 || fields.has(part.slice(0, eq))) throw new Error(`the ${what} does not read: '${part.slice(0, 20)}'`);
    fields.set(part.slice(0, eq), part.slice(eq + 1));
  }
  if (fields.get(kind) !== VERSION) {
    throw new Error(`the ${what} is of format ${String(fields.get(kind)).slice(0, 8)}; this page reads format ${VERSION} (a newer fairyboard writes it)`);
  }
  if (!fields.has('d') || fields.size !== 2) throw new Error(`the ${what} has fields this page does not know`);
  let payload;
  try {
    const bytes = await through(fromBase64url(fields.get('d')), new DecompressionStream('deflate-raw'));
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new Error(`the ${what} does not read: its data is not what fairyboard writes`);
  }
  if (!payload || typeof payload !== 'object') throw new Error(`the ${what} holds no data`);
  if (typeof payload.sdp !== 'string' || !payload.sdp.startsWith('v=0') || payload.sdp.length > 10000) {
    throw new Error(`the ${what} holds no connection offer (its sdp is missing or malformed)`);
  }
  if (kind === 'lv') {
    if (typeof payload.record !== 'string' || !payload.record.startsWith('bl=')) throw new Error('the invitation holds no game');
    if (payload.clock != null && !/^\d+(\.\d+)?\+\d+$/.test(payload.clock)) throw new Error(`the invitation's clock '${String(payload.clock).slice(0, 12)}' does not read`);
  } else if (typeof payload.id !== 'string' || !/^[A-Za-z0-9_-]{16}$/.test(payload.id)) {
    throw new Error('the reply names no game');
  }
  return { kind, payload };
}
