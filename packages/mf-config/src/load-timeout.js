import { CHUNK_LOAD_TIMEOUT_MS } from './timeouts.cjs';

/**
 * Module Federation runtime plugin: a remote's entry script and its manifest wait as long as
 * webpack waits for a chunk (SPEC §9), instead of the runtime's 20 s script default and a
 * manifest fetch that never times out. A load that does time out rejects, and the shell shows
 * the remote's error panel with Retry.
 */
export default function loadTimeout() {
  return {
    name: 'atelier-load-timeout',
    // Returning only `timeout` keeps the runtime's own script element and attributes.
    createScript() {
      return { timeout: CHUNK_LOAD_TIMEOUT_MS };
    },
    fetch(url, init) {
      if (init?.signal || typeof AbortSignal.timeout !== 'function') return undefined;
      return fetch(url, { ...init, signal: AbortSignal.timeout(CHUNK_LOAD_TIMEOUT_MS) });
    },
  };
}
