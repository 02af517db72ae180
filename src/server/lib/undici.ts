import { createRequire } from 'node:module';
import type * as Undici from 'undici';

const require = createRequire(import.meta.url);
let undici: typeof Undici | undefined;
let agentClass: typeof Undici.Agent | undefined;

/**
 * undici, loaded on first use: the monitor needs it only once there is a service to check, and an integration
 * client only once one is configured. Loading its modules (fetch, web streams, websockets and the rest come with
 * the package's entry) costs some 3 MiB of idle RSS for nothing (issue 14, bounded memory). A synchronous require
 * keeps the callers synchronous; undici is CommonJS, so this is the same module instance an `import` would give.
 */
export function loadUndici(): typeof Undici {
  undici ??= require('undici') as typeof Undici;
  return undici;
}

/**
 * undici's Agent alone, for the monitor: it only dispatches. The package's entry also loads fetch, cookies and
 * websockets, and its cookie module touches Node's global `Headers`, which loads Node's own bundled copy of undici
 * as well: about 4 MiB more resident memory (measured with 50 requests through each). The file is the one the
 * entry itself requires, so both give the same class; undici has no `exports` map, so the path may be required,
 * and the lockfile pins the version it is written for (the checker's tests fail if it moves).
 */
export function loadUndiciAgent(): typeof Undici.Agent {
  agentClass ??= undici?.Agent ?? (require('undici/lib/dispatcher/agent.js') as typeof Undici.Agent);
  return agentClass;
}
