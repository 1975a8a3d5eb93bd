/**
 * Work shared by whoever asks for it while it runs: a rush on a page not yet compressed, or on a
 * picture not yet drawn, does the work once and every caller gets the one result.
 */

/**
 * `make()`'s promise for `key`, started only when no call for that key is under way in `running`;
 * the key is free again once it settles.
 * @template T
 * @param {Map<string, Promise<T>>} running
 * @param {string} key
 * @param {() => Promise<T>} make
 * @returns {Promise<T>}
 */
export function sharedWhileRunning(running, key, make) {
  let pending = running.get(key);
  if (pending === undefined) {
    pending = make().finally(() => running.delete(key));
    running.set(key, pending);
  }
  return pending;
}
