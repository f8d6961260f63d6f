// The pages' one list of what to fetch at once: the engine and every module www/main.js
// imports, directly or not, so the browser asks for them all together instead of finding
// them level by level (the first board comes sooner). A classic script in <head> of
// index.html and embed.html, run before the module graph starts; tests/e2e/preload.test.mjs
// keeps the list equal to the imports. The single file (scripts/single.mjs) has it all
// inline and leaves this script out.
(() => {
  const MODULES = [
    'board/animate.js',
    'board/animdraw.js',
    'board/boardview.js',
    'board/coordinates.js',
    'board/draw.js',
    'board/effects.js',
    'board/layout.js',
    'board/overlays.js',
    'board/pieces.js',
    'board/speed.js',
    'computer/analysis.js',
    'computer/computer.js',
    'computer/learn.js',
    'computer/puzzlecheck.js',
    'computer/pvlines.js',
    'computer/review.js',
    'computer/versus.js',
    'config.js',
    'embed/embedmode.js',
    'embed/embedreview.js',
    'embed/puzzle.js',
    'game/clocks.js',
    'game/embeddialog.js',
    'game/gamebuttons.js',
    'game/gameflow.js',
    'game/gameover.js',
    'game/keepfirst.js',
    'game/newgame.js',
    'images/gif.js',
    'images/gifareas.js',
    'images/gifdialog.js',
    'images/gifencode.js',
    'images/gifline.js',
    'images/image.js',
    'images/saveimage.js',
    'images/svgcontext.js',
    'input/adapter.js',
    'input/boardinput.js',
    'input/drag.js',
    'input/hand.js',
    'input/input.js',
    'input/navkeys.js',
    'input/neighbours.js',
    'offline.js',
    'panels/around.js',
    'panels/boardscript.js',
    'panels/commenttext.js',
    'panels/dialogchoice.js',
    'panels/editor.js',
    'panels/evalgraph.js',
    'panels/gamelines.js',
    'panels/legend.js',
    'panels/lines.js',
    'panels/material.js',
    'panels/movelist.js',
    'panels/movesheight.js',
    'panels/movetip.js',
    'panels/notation.js',
    'panels/players.js',
    'panels/rulespanel.js',
    'panels/settings.js',
    'panels/sounds.js',
    'panels/speech.js',
    'panels/ui.js',
    'records/embedcode.js',
    'records/framesize.js',
    'records/gameinfo.js',
    'records/movecount.js',
    'records/nags.js',
    'records/pastgames.js',
    'records/setaside.js',
    'records/shapes.js',
    'records/share.js',
    'records/storage.js',
    'state.js',
    'testhook.js',
  ];
  const here = document.currentScript && document.currentScript.src;
  if (!here) return;
  for (const file of ['../pkg/fairyboard.js', ...MODULES]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = new URL(file, here).href;
    document.head.append(link);
  }
})();
