import type { Condition, Operand, PathStep } from './parse.ts';

/**
 * What one check observed, for its conditions. A field is undefined when the check type does not produce it or
 * the exchange ended before it (no [STATUS] without an answer).
 */
export interface CheckFacts {
  connected: boolean;
  responseTime: number | null;
  status?: number;
  /** The answer's body as text (HTTP, read up to the body cap only when a condition needs it). */
  body?: string;
  /** Milliseconds until the server certificate expires (negative once expired). */
  certificateExpirationMs?: number;
  dnsRcode?: string;
  ip?: string;
}

type Value = string | number | undefined;

/** The body parsed as JSON at most once per check, and only when a condition has a JSON path. */
class BodyJson {
  #parsed: { value: unknown } | null = null;
  constructor(private readonly body: string | undefined) {}

  get value(): unknown {
    if (!this.#parsed) {
      let value: unknown;
      try {
        value = this.body === undefined ? undefined : JSON.parse(this.body);
      } catch {
        value = undefined;
      }
      this.#parsed = { value };
    }
    return this.#parsed.value;
  }
}

const MISSING = Symbol('missing');

function walk(root: unknown, path: readonly PathStep[]): unknown {
  let current: unknown = root;
  for (const step of path) {
    if (typeof step === 'number') {
      if (!Array.isArray(current) || step >= current.length) return MISSING;
      current = current[step] as unknown;
    } else {
      if (current === null || typeof current !== 'object' || Array.isArray(current) || !Object.hasOwn(current, step)) {
        return MISSING;
      }
      current = (current as Record<string, unknown>)[step];
    }
  }
  return current;
}

function asValue(json: unknown): Value {
  if (json === MISSING || json === undefined) return undefined;
  if (typeof json === 'number') return json;
  if (typeof json === 'string') return json;
  if (json === null || typeof json === 'boolean') return String(json);
  return JSON.stringify(json);
}

function lengthOf(json: unknown): Value {
  if (typeof json === 'string' || Array.isArray(json)) return json.length;
  if (json !== null && typeof json === 'object') return Object.keys(json).length;
  return undefined;
}

function resolve(operand: Extract<Operand, { kind: 'placeholder' }>, facts: CheckFacts, json: BodyJson): Value {
  switch (operand.name) {
    case 'STATUS':
      return facts.status;
    case 'RESPONSE_TIME':
      return facts.responseTime ?? undefined;
    case 'CERTIFICATE_EXPIRATION':
      return facts.certificateExpirationMs;
    case 'CONNECTED':
      return String(facts.connected);
    case 'DNS_RCODE':
      return facts.dnsRcode;
    case 'IP':
      return facts.ip;
    case 'BODY': {
      if (operand.fn === 'has') return String(operand.path !== null && walk(json.value, operand.path) !== MISSING);
      if (operand.path === null) return operand.fn === 'len' ? facts.body?.length : facts.body;
      const found = walk(json.value, operand.path);
      return operand.fn === 'len' ? lengthOf(found) : asValue(found);
    }
  }
}

function toNumber(value: Value): number | null {
  if (typeof value === 'number') return value;
  if (value === undefined || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

function equals(value: Value, right: Operand): boolean {
  if (value === undefined) return false;
  switch (right.kind) {
    case 'pattern':
      return right.pattern.test(String(value));
    case 'any':
      return right.choices.some((choice) => sameValue(value, choice, toNumber(choice)));
    case 'literal':
      return sameValue(value, right.text, right.number);
    case 'placeholder':
      return false;
  }
}

function sameValue(value: string | number, text: string, number: number | null): boolean {
  const left = toNumber(value);
  if (left !== null && number !== null) return left === number;
  return String(value) === text;
}

function holds(condition: Condition, value: Value): boolean {
  const { operator, right } = condition;
  if (operator === '==') return equals(value, right);
  if (operator === '!=') return value !== undefined && !equals(value, right);
  const left = toNumber(value);
  const limit = right.kind === 'literal' ? right.number : null;
  if (left === null || limit === null) return false;
  if (operator === '<') return left < limit;
  if (operator === '<=') return left <= limit;
  if (operator === '>') return left > limit;
  return left >= limit;
}

const SHOWN_CHARS = 80;

function shown(value: Value): string {
  if (value === undefined) return 'nothing';
  const text = String(value);
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;
}

/**
 * The first condition that does not hold, as the reason stored with the check: the condition as typed and what
 * its placeholder was (`[STATUS] == 200 (was 503)`); null when all hold.
 */
export function firstFailure(conditions: readonly Condition[], facts: CheckFacts): string | null {
  const json = new BodyJson(facts.body);
  for (const condition of conditions) {
    const value = resolve(condition.left as Extract<Operand, { kind: 'placeholder' }>, facts, json);
    if (!holds(condition, value)) return `${condition.source} (was ${shown(value)})`;
  }
  return null;
}
