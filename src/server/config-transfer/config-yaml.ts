import { createRequire } from 'node:module';
import type * as YamlModule from 'yaml';
import type { z } from 'zod';
import { MSG } from '#shared/messages';
import {
  CONFIG_MSG,
  CONFIG_VERSION,
  MAX_CONFIG_BYTES,
  MAX_CONFIG_NESTING,
  configDocument,
  configDocumentV1,
  type ConfigDocument,
} from '#shared/schemas/config-transfer';
import { hasLoneSurrogate } from '#shared/text';
import { AppError } from '../services/app-error.ts';

let yamlModule: typeof YamlModule | undefined;

/**
 * The yaml package, loaded on first export or import: a server that never does either does not carry its
 * modules (several MiB of RSS; issue 14, bounded memory). Synchronous, as pg's loadPg; yaml ships CommonJS too.
 */
function loadYaml(): typeof YamlModule {
  yamlModule ??= createRequire(import.meta.url)('yaml') as typeof YamlModule;
  return yamlModule;
}

/**
 * Aliases a document may expand (`*name`). A handful is plenty for hand-written configuration; the cap stops a
 * "billion laughs" document from expanding a few kilobytes into gigabytes.
 */
const MAX_ALIAS_COUNT = 20;

/**
 * True when collections nest deeper than MAX_CONFIG_NESTING: flow brackets, or block indicators (`- `, `? `, `: `)
 * chained on one line. Read from the yaml lexer's token stream, which knows quotes and comments, and stopped at the
 * first excess. The parser's memory grows with depth: a 2 MiB `- - - …` line held 600 MB and 4 s of CPU before it
 * gave up on its stack, while the lexer refuses it after 65 tokens. (Depth by indentation costs a line per level,
 * so a document within MAX_CONFIG_BYTES cannot go deep that way.)
 */
function nestsTooDeep(text: string): boolean {
  const { CST, Lexer } = loadYaml();
  let flow = 0;
  let onLine = 0;
  for (const token of new Lexer().lex(text)) {
    switch (CST.tokenType(token)) {
      case 'flow-seq-start':
      case 'flow-map-start':
        flow += 1;
        break;
      case 'flow-seq-end':
      case 'flow-map-end':
        flow -= 1;
        break;
      case 'seq-item-ind':
      case 'explicit-key-ind':
      case 'map-value-ind':
        onLine += 1;
        break;
      case 'newline':
        onLine = 0;
        break;
      default:
        break;
    }
    if (flow > MAX_CONFIG_NESTING || onLine > MAX_CONFIG_NESTING) return true;
  }
  return false;
}

const HEADER = [
  ` Homelab Dashboard configuration (version ${CONFIG_VERSION}).`,
  ' Secrets are never exported: the AMP password, the Plex token, the Jellyfin API key, the SMTP password,',
  ' push tokens and credential headers of checks (Authorization, Cookie, names with token, key, auth...)',
  ' stay in the database. When importing, a secret absent from the file keeps the stored one; a service',
  ' imported as push gets a new push URL. Check bodies are exported as written: keep credentials in headers.',
  ' Images are references to their /uploads/ URLs (copy DATA_DIR/uploads along) or outside URLs.',
  ' Status pages and maintenance windows name services by name ("Name (2)": the second of that name) and',
  ' game servers as provider/instanceId. Alert channels are per user and hold secrets: they are not here.',
].join('\n');

/** The document as YAML, with a header that says what it leaves out. */
export function stringifyConfig(document: ConfigDocument): string {
  const yaml = new (loadYaml().Document)(document);
  yaml.commentBefore = HEADER;
  return yaml.toString({ lineWidth: 0 });
}

/** `services[3].url` for zod's path `['services', 3, 'url']`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) => {
      if (typeof part === 'number') return `[${part}]`;
      const name = String(part);
      return index === 0 ? name : `.${name}`;
    })
    .join('');
}

/** Text the databases could not store as sent: a NUL character or a lone surrogate (as the JSON body parser). */
function textProblems(value: unknown, path: PropertyKey[], problems: string[]): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) problems.push(`${formatPath(path) || 'document'}: ${MSG.textHasNul}`);
    else if (hasLoneSurrogate(value)) problems.push(`${formatPath(path) || 'document'}: ${MSG.textNotUnicode}`);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => textProblems(item, [...path, index], problems));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      textProblems(key, path, problems);
      textProblems(item, [...path, key], problems);
    }
  }
}

/** A 400 listing every problem. */
export function problemsError(problems: string[]): AppError {
  return new AppError('bad_request', CONFIG_MSG.problems(problems.length), { problems });
}

function zodProblems(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${formatPath(issue.path) || 'document'}: ${issue.message}`);
}

/**
 * Parses and validates a configuration document: YAML errors, text the database cannot store, and every schema
 * problem are reported together (400), each with its path or line.
 */
export function parseConfig(text: string): ConfigDocument {
  if (Buffer.byteLength(text, 'utf8') > MAX_CONFIG_BYTES) throw new AppError('too_large', CONFIG_MSG.tooLarge);
  if (text.trim() === '') throw problemsError([`document: ${CONFIG_MSG.empty}`]);
  if (nestsTooDeep(text)) throw problemsError([`document: ${CONFIG_MSG.tooDeep}`]);
  const { LineCounter, parseDocument } = loadYaml();
  const lines = new LineCounter();
  const yaml = parseDocument(text, {
    lineCounter: lines,
    uniqueKeys: true,
    prettyErrors: false,
    schema: 'core',
    merge: false,
  });
  if (yaml.errors.length > 0) {
    throw problemsError(
      yaml.errors.map(
        (error) => `line ${lines.linePos(error.pos[0]).line}: ${error.message.split('\n')[0] ?? error.code}`,
      ),
    );
  }
  let value: unknown;
  try {
    value = yaml.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    // The yaml package throws a ReferenceError for an excessive alias count, or an unresolvable alias.
    throw problemsError([`document: ${error instanceof Error ? error.message : 'YAML aliases could not be resolved'}`]);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw problemsError([`document: ${CONFIG_MSG.notMapping}`]);
  }
  const problems: string[] = [];
  textProblems(value, [], problems);
  // A version 1 file (before issue 16's settings) imports as a version 2 one without them.
  const isV1 = (value as { version?: unknown }).version === 1;
  const parsed = isV1 ? configDocumentV1.safeParse(value) : configDocument.safeParse(value);
  if (!parsed.success) problems.push(...zodProblems(parsed.error));
  if (problems.length > 0 || !parsed.success) throw problemsError(problems);
  return { ...parsed.data, version: CONFIG_VERSION };
}
