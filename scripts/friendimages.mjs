// The pictures of docs/playing.md's "Playing a friend at a distance", taken from the real page
// in headless Chromium (two browser contexts, as two players): `node scripts/friendimages.mjs`
// after `bash scripts/build.sh`. Writes docs/images/friend-*.png.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, settle, clickSquare } from '../tests/e2e/support.mjs';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'images');
const DESKTOP = { viewport: { width: 1280, height: 860 }, permissions: ['clipboard-read', 'clipboard-write'] };
const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2, permissions: ['clipboard-read', 'clipboard-write'] };

const env = await launch();
const ready = (page) => page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
const shot = (page, name, options = {}) => page.screenshot({ path: path.join(OUT, `friend-${name}.png`), ...options });

async function player(options) {
  const context = await env.browser.newContext(options);
  const page = await context.newPage();
  await page.goto(env.url);
  await ready(page);
  await settle(page);
  return page;
}

async function move(page, from, to) {
  await clickSquare(page, from);
  await clickSquare(page, to);
  await settle(page);
}

async function copy(page, prefix) {
  await page.waitForSelector(`#${prefix}-copy`, { state: 'visible', timeout: 20000 });
  await page.click(`#${prefix}-copy`);
  return page.evaluate(() => navigator.clipboard.readText());
}

async function open(page, link) {
  await page.goto(link);
  await ready(page);
  await settle(page);
}

async function adopt(page, name) {
  await page.waitForSelector('#adopt-dialog[open]');
  await page.fill('#adopt-name', name);
  await page.click('#adopt-dialog button[value=play]');
  await settle(page);
}

try {
  // A game by link: Ann's New game, her first move to send, Bob's page taking it, Ann's phone.
  const ann = await player(DESKTOP);
  await ann.click('#new-game');
  await ann.selectOption('#new-game-game', 'orthodox');
  await ann.check('input[name=opponent][value=link]');
  await ann.fill('#new-game-your-name', 'Ann');
  await ann.selectOption('#new-game-days', '3');
  await shot(ann, 'newgame', { clip: await ann.locator('#new-game-dialog').boundingBox() });
  await ann.click('#new-game-dialog button[value=start]');
  await settle(ann);
  await move(ann, 'e2', 'e4');
  const l1 = await copy(ann, 'remote-send');
  await shot(ann, 'send');

  const bob = await player(DESKTOP);
  await bob.goto(l1);
  await ready(bob);
  await bob.waitForSelector('#adopt-dialog[open]');
  await bob.fill('#adopt-name', 'Bob');
  await shot(bob, 'adopt', { clip: await bob.locator('#adopt-dialog').boundingBox() });
  await bob.click('#adopt-dialog button[value=play]');
  await settle(bob);
  await move(bob, 'c7', 'c5');
  await bob.click('#remote-offer-draw');
  const l2 = await copy(bob, 'remote-send');

  // Ann's phone: it takes her side from her first link (her own second device), then Bob's.
  const phone = await player(PHONE);
  await open(phone, l1);
  await phone.waitForSelector('#adopt-dialog[open]');
  await phone.check('#adopt-dialog input[name=side][value=w]');
  await phone.click('#adopt-dialog button[value=play]');
  await settle(phone);
  await open(phone, l2);
  await phone.evaluate(() => document.getElementById('remote-game').scrollIntoView({ block: 'end' }));
  await shot(phone, 'offer-phone');

  await open(ann, l2);
  await ann.click('#remote-decline-draw');
  await ann.click('#games-by-link > summary');
  await ann.evaluate(() => document.getElementById('games-by-link').scrollIntoView({ block: 'center' }));
  await shot(ann, 'list', { clip: await ann.locator('#games-by-link').boundingBox() });

  // A live game: Carla's invitation, Dan's reply, both connected.
  const carla = await player(DESKTOP);
  await carla.click('#new-game');
  await carla.selectOption('#new-game-game', 'vagabond');
  await carla.check('input[name=opponent][value=live]');
  await carla.fill('#new-game-your-name', 'Carla');
  await carla.selectOption('#new-game-dialog select[name=clock]', '5+3');
  await carla.click('#new-game-dialog button[value=start]');
  await settle(carla);
  const invitation = await copy(carla, 'live-invite');
  await shot(carla, 'live-invite');
  const dan = await player(DESKTOP);
  await open(dan, invitation);
  await adopt(dan, 'Dan');
  const reply = await copy(dan, 'live-reply');
  await carla.fill('#live-paste-text', reply);
  await carla.click('#live-connect');
  await carla.waitForFunction(() => document.getElementById('live-status').dataset.state === 'open');
  await dan.waitForFunction(() => document.getElementById('live-status').dataset.state === 'open');
  const first = await carla.evaluate(() => {
    const g = window.fairyboard.game;
    const cells = g.layout().cells;
    const m = Array.from(g.legalMoves()).find((x) => x.from != null && x.text.startsWith('e2'));
    return [cells[m.from].name, cells[m.to].name];
  });
  await move(carla, ...first);
  await dan.waitForFunction(() => window.fairyboard.game.line().length === 1);
  await settle(dan);
  await shot(dan, 'live-connected');
  console.log(`== friend images: ${OUT}/friend-*.png`);
} finally {
  await env.close();
}
