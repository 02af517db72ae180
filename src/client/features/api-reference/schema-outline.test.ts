import { describe, expect, it } from 'vitest';
import { outlineSchema, typeText } from './schema-outline';

const components = {
  Error: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
};

describe('the schema outline of the API reference', () => {
  it("lists an object's fields with type, required and limits, nested fields indented", () => {
    const rows = outlineSchema(
      {
        type: 'object',
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 64 },
          email: { type: ['string', 'null'], format: 'email' },
          owner: { type: 'object', properties: { id: { type: 'integer', exclusiveMinimum: 0 } }, required: ['id'] },
        },
        required: ['name'],
      },
      components,
    );
    expect(rows).toEqual([
      {
        name: 'name',
        type: 'string',
        required: true,
        notes: ['at least 1 characters', 'at most 64 characters'],
        depth: 0,
      },
      { name: 'email', type: 'string | null', required: false, notes: ['format email'], depth: 0 },
      { name: 'owner', type: 'object', required: false, notes: [], depth: 0 },
      { name: 'id', type: 'integer', required: true, notes: ['more than 0'], depth: 1 },
    ]);
  });

  it('shows arrays by their items, enums and constants by their values, references resolved', () => {
    expect(typeText({ type: 'array', items: { type: 'integer' } }, components)).toBe('integer[]');
    expect(typeText({ type: 'string', enum: ['sent', 'failed'] }, components)).toBe('"sent" | "failed"');
    expect(typeText({ const: 'ok' }, components)).toBe('"ok"');
    expect(typeText({}, components)).toBe('any');
    expect(outlineSchema({ type: 'array', items: { $ref: '#/components/schemas/Error' } }, components)).toEqual([
      { name: 'message', type: 'string', required: true, notes: [], depth: 0 },
    ]);
  });

  it('lists each choice of a union of objects under its own heading', () => {
    const rows = outlineSchema(
      {
        anyOf: [
          { type: 'object', properties: { id: { type: 'number' } }, required: ['id'] },
          { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
        ],
      },
      components,
    );
    expect(rows.map((row) => `${'  '.repeat(row.depth)}${row.name}`)).toEqual([
      'one of (1)',
      '  id',
      'one of (2)',
      '  title',
    ]);
  });
});
