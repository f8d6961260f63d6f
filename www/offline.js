// Offline play: registers the service worker (sw.js at the site root, beside index.html) once
// the page has loaded. Where that cannot work (a file opened from disk, a browser without
// service workers, an insecure origin) the page goes on as before, without a word.

/** Registers ../sw.js (relative to this module) for the folder above www/. */
export function registerOffline() {
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  const go = () => {
    const base = new URL('../', import.meta.url);
    navigator.serviceWorker
      .register(new URL('sw.js', base), { scope: base.href, updateViaCache: 'none' })
      .catch(() => {});
  };
  if (document.readyState === 'complete') go();
  else addEventListener('load', go, { once: true });
}
