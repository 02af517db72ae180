import { createRequire } from 'node:module';
import type * as Undici from 'undici';

let undici: typeof Undici | undefined;

/**
 * undici, loaded on first use: the monitor needs it only once there is a service to check, and an integration
 * client only once one is configured. Loading its modules (fetch, web streams, websockets and the rest come with
 * the package's entry) costs some 3 MiB of idle RSS for nothing (issue 14, bounded memory). A synchronous require
 * keeps the callers synchronous; undici is CommonJS, so this is the same module instance an `import` would give.
 */
export function loadUndici(): typeof Undici {
  undici ??= createRequire(import.meta.url)('undici') as typeof Undici;
  return undici;
}
