// A small fixed-seed random number generator (mulberry32), shared by the benches and the tests
// that draw their cases from a seed: the same seed gives the same numbers on every machine.

/** Numbers in [0, 1) from `seed`: a function that gives the next one. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
