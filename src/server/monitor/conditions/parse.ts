/**
 * Gatus's condition syntax (github.com/TwiN/gatus, "Conditions"), parsed once per service change into a small
 * tree that `evaluate` walks per check: `<left> <operator> <right>`, where a side is a placeholder
 * ([STATUS] [RESPONSE_TIME] [BODY] [BODY].json.path [CERTIFICATE_EXPIRATION] [CONNECTED] [DNS_RCODE] [IP]), a
 * function of the body (len(), has()), a pattern or choice (pat(), any()) or a literal.
 */

export const PLACEHOLDERS = [
  'STATUS',
  'RESPONSE_TIME',
  'BODY',
  'CERTIFICATE_EXPIRATION',
  'CONNECTED',
  'DNS_RCODE',
  'IP',
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

export const OPERATORS = ['==', '!=', '<=', '>=', '<', '>'] as const;
export type Operator = (typeof OPERATORS)[number];

/** One step of a JSON path: an object key or an array index. */
export type PathStep = string | number;

export type Operand =
  | { kind: 'placeholder'; name: Placeholder; path: PathStep[] | null; fn: 'len' | 'has' | null }
  | { kind: 'literal'; text: string; number: number | null }
  | { kind: 'pattern'; pattern: WildcardPattern }
  | { kind: 'any'; choices: string[] };

export interface Condition {
  /** The condition as the admin typed it (trimmed): the failure message quotes it. */
  source: string;
  left: Operand;
  operator: Operator;
  right: Operand;
}

/** A condition the parser refused; the message says why, for a 400. */
export class ConditionSyntaxError extends Error {
  override name = 'ConditionSyntaxError';
}

const ORDERING = new Set<Operator>(['<', '<=', '>', '>=']);
const DURATION = /^(?:\d+(?:\.\d+)?(?:ms|s|m|h|d))+$/;
const DURATION_PART = /(\d+(?:\.\d+)?)(ms|s|m|h|d)/g;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A Go-style duration (`168h`, `1h30m`, `500ms`, also `7d`) in ms; null when it is not one. */
export function parseDurationMs(text: string): number | null {
  if (!DURATION.test(text)) return null;
  let total = 0;
  for (const match of text.matchAll(DURATION_PART)) total += Number(match[1]) * (UNIT_MS[match[2] as string] ?? 0);
  return total;
}

/** A literal's number: plain decimals, or a duration in ms (for [CERTIFICATE_EXPIRATION] and [RESPONSE_TIME]). */
function literalNumber(text: string): number | null {
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return parseDurationMs(text);
}

/** Finds the operator: the first of `==`, `!=`, `<=`, `>=`, `<`, `>` written with a space on each side. */
function splitOperator(source: string): [string, Operator, string] {
  for (const operator of OPERATORS) {
    const at = source.indexOf(` ${operator} `);
    if (at >= 0) return [source.slice(0, at).trim(), operator, source.slice(at + operator.length + 2).trim()];
  }
  throw new ConditionSyntaxError(`"${source}" has no operator (==, !=, <, <=, >, >= with a space on each side)`);
}

function parsePath(source: string, rest: string): PathStep[] {
  const steps: PathStep[] = [];
  // `.key`, `[index]`, chained: [BODY].data[0].name, [BODY][1]
  const step = /\.([^.[\]\s]+)|\[(\d+)\]/y;
  let at = 0;
  while (at < rest.length) {
    step.lastIndex = at;
    const match = step.exec(rest);
    if (!match) throw new ConditionSyntaxError(`"${source}": bad JSON path "${rest}"`);
    steps.push(match[1] !== undefined ? match[1] : Number(match[2]));
    at = step.lastIndex;
  }
  return steps;
}

function parsePlaceholder(source: string, text: string, fn: 'len' | 'has' | null): Operand | null {
  const match = /^\[([A-Z_]+)\](.*)$/.exec(text);
  if (!match) return null;
  const name = match[1] as Placeholder;
  if (!PLACEHOLDERS.includes(name)) throw new ConditionSyntaxError(`"${source}": unknown placeholder [${name}]`);
  const rest = match[2] ?? '';
  if (rest !== '' && name !== 'BODY') throw new ConditionSyntaxError(`"${source}": only [BODY] takes a JSON path`);
  if (fn && name !== 'BODY') throw new ConditionSyntaxError(`"${source}": ${fn}() applies to [BODY] only`);
  if (fn === 'has' && rest === '') throw new ConditionSyntaxError(`"${source}": has() needs a JSON path`);
  return { kind: 'placeholder', name, path: rest === '' ? null : parsePath(source, rest), fn };
}

function wrapped(text: string, fn: string): string | null {
  return text.startsWith(`${fn}(`) && text.endsWith(')') ? text.slice(fn.length + 1, -1).trim() : null;
}

/**
 * A `*` wildcard pattern matched against the whole value (every other character literal). Not a regular
 * expression: `^a.*b.*c$` backtracks polynomially in the number of stars (`pat(*a*a*a*a*a*a*b)` held the event
 * loop for seconds on an 80-byte body), while matching each literal part at its leftmost place after the last one
 * is linear in the body and still exact, since a star absorbs whatever lies between.
 */
export class WildcardPattern {
  readonly #parts: string[];

  constructor(pattern: string) {
    this.#parts = pattern.split('*');
  }

  test(value: string): boolean {
    const parts = this.#parts;
    const first = parts[0] ?? '';
    if (parts.length === 1) return value === first;
    const last = parts[parts.length - 1] ?? '';
    if (value.length < first.length + last.length || !value.startsWith(first) || !value.endsWith(last)) return false;
    const end = value.length - last.length;
    let at = first.length;
    for (const part of parts.slice(1, -1)) {
      const found = value.indexOf(part, at);
      if (found === -1 || found + part.length > end) return false;
      at = found + part.length;
    }
    return true;
  }
}

function parseOperand(source: string, text: string, side: 'left' | 'right'): Operand {
  if (text === '') throw new ConditionSyntaxError(`"${source}": the ${side} side is empty`);
  for (const fn of ['len', 'has'] as const) {
    const inner = wrapped(text, fn);
    if (inner === null) continue;
    const operand = parsePlaceholder(source, inner, fn);
    if (!operand) throw new ConditionSyntaxError(`"${source}": ${fn}() takes a placeholder`);
    return operand;
  }
  const pattern = wrapped(text, 'pat');
  if (pattern !== null) return { kind: 'pattern', pattern: new WildcardPattern(pattern) };
  const choices = wrapped(text, 'any');
  if (choices !== null) return { kind: 'any', choices: choices.split(',').map((choice) => choice.trim()) };
  const placeholder = parsePlaceholder(source, text, null);
  if (placeholder) return placeholder;
  return { kind: 'literal', text, number: literalNumber(text) };
}

/** Parses one condition; throws ConditionSyntaxError with the reason. */
export function parseCondition(input: string): Condition {
  const source = input.trim();
  const [leftText, operator, rightText] = splitOperator(source);
  let left = parseOperand(source, leftText, 'left');
  let right = parseOperand(source, rightText, 'right');
  // Gatus allows the placeholder on either side: keep it on the left so evaluation and messages have one shape.
  if (left.kind !== 'placeholder' && right.kind === 'placeholder') {
    [left, right] = [right, left];
    if (ORDERING.has(operator)) {
      const flipped: Record<string, Operator> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=' };
      return validate({ source, left, operator: flipped[operator] as Operator, right });
    }
  }
  return validate({ source, left, operator, right });
}

function validate(condition: Condition): Condition {
  const { source, left, operator, right } = condition;
  if (left.kind !== 'placeholder') throw new ConditionSyntaxError(`"${source}" compares no placeholder`);
  if (right.kind === 'placeholder') throw new ConditionSyntaxError(`"${source}" compares two placeholders`);
  if ((right.kind === 'pattern' || right.kind === 'any') && ORDERING.has(operator)) {
    throw new ConditionSyntaxError(`"${source}": pat() and any() work with == and != only`);
  }
  if (ORDERING.has(operator) && (right.kind !== 'literal' || right.number === null)) {
    throw new ConditionSyntaxError(`"${source}": ${operator} needs a number or a duration on the right`);
  }
  return condition;
}

/** The placeholders a condition reads (to refuse ones the check type does not produce). */
export function placeholderOf(condition: Condition): Placeholder {
  return (condition.left as Extract<Operand, { kind: 'placeholder' }>).name;
}
