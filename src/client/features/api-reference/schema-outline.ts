import type { JsonSchema } from '../../api/openapi.api';

/** One line of a schema as the reference shows it: a field, its type and what limits it. */
export interface OutlineRow {
  /** The field's name; `[]` for an array's items, `one of` for a union's choices. */
  name: string;
  type: string;
  required: boolean;
  notes: string[];
  depth: number;
}

type Components = Record<string, JsonSchema>;

/** `#/components/schemas/Error` → the schema it names (unknown names stay as they are). */
function resolve(schema: JsonSchema, components: Components): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').pop() ?? '';
  return components[name] ?? schema;
}

function variants(schema: JsonSchema): JsonSchema[] | undefined {
  return schema.anyOf ?? schema.oneOf;
}

/** The type in a word or two: `string | null`, `integer[]`, `"sent" | "failed"`. */
export function typeText(raw: JsonSchema, components: Components): string {
  const schema = resolve(raw, components);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const choices = variants(schema);
  if (choices) return choices.map((choice) => typeText(choice, components)).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return 'any';
  return types
    .map((type) => (type === 'array' && schema.items ? `${typeText(schema.items, components)}[]` : type))
    .join(' | ');
}

/** The limits a field's schema states, in words. */
function notesOf(schema: JsonSchema): string[] {
  const notes: string[] = [];
  if (schema.description) notes.push(schema.description);
  if (schema.format) notes.push(`format ${schema.format}`);
  if (schema.minLength !== undefined && schema.minLength > 0) notes.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) notes.push(`at most ${schema.maxLength} characters`);
  if (schema.exclusiveMinimum !== undefined) notes.push(`more than ${schema.exclusiveMinimum}`);
  if (schema.minimum !== undefined) notes.push(`at least ${schema.minimum}`);
  if (schema.maximum !== undefined) notes.push(`at most ${schema.maximum}`);
  if (schema.pattern) notes.push(`matches ${schema.pattern}`);
  return notes;
}

/** The fields inside a schema: an object's properties, an array's items' fields, a union's choices. */
function childrenOf(raw: JsonSchema, components: Components, depth: number, seen: Set<JsonSchema>): OutlineRow[] {
  const schema = resolve(raw, components);
  if (seen.has(schema)) return [];
  const inner = new Set(seen).add(schema);
  if (schema.properties) {
    const required = new Set(schema.required ?? []);
    return Object.entries(schema.properties).flatMap(([name, property]) =>
      rowsOf(name, property, required.has(name), components, depth, inner),
    );
  }
  if (schema.items) return childrenOf(schema.items, components, depth, inner);
  const choices = variants(schema)?.filter((choice) => resolve(choice, components).properties);
  if (choices && choices.length > 1) {
    return choices.flatMap((choice, index) => [
      { name: `one of (${index + 1})`, type: 'object', required: false, notes: [], depth },
      ...childrenOf(choice, components, depth + 1, inner),
    ]);
  }
  return choices?.[0] ? childrenOf(choices[0], components, depth, inner) : [];
}

function rowsOf(
  name: string,
  raw: JsonSchema,
  required: boolean,
  components: Components,
  depth: number,
  seen: Set<JsonSchema>,
): OutlineRow[] {
  const schema = resolve(raw, components);
  const row = { name, type: typeText(schema, components), required, notes: notesOf(schema), depth };
  return [row, ...childrenOf(schema, components, depth + 1, seen)];
}

/** A body's schema as rows, top level first: what a reader needs to send or read it. */
export function outlineSchema(schema: JsonSchema, components: Components): OutlineRow[] {
  return childrenOf(schema, components, 0, new Set());
}
