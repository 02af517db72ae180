import type { JsonSchema } from '../../api/openapi.api';
import { API_REFERENCE_TEXT } from './api-reference-text';
import { outlineSchema } from './schema-outline';

/** A body's fields, indented by depth: name, type, required or not, limits. */
export function SchemaFields({ schema, components }: { schema: JsonSchema; components: Record<string, JsonSchema> }) {
  const rows = outlineSchema(schema, components);
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{API_REFERENCE_TEXT.noFields}</p>;
  return (
    <ul className="grid gap-1 text-sm">
      {rows.map((row, index) => (
        <li
          key={index}
          className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 border-l border-border py-0.5 pl-2"
          style={{ marginLeft: `${row.depth * 1.25}rem` }}
        >
          <code className="font-mono font-semibold break-all">{row.name}</code>
          <code className="font-mono text-xs break-all text-sky-300">{row.type}</code>
          {row.required ? <span className="text-xs text-amber-300">{API_REFERENCE_TEXT.required}</span> : null}
          {row.notes.length > 0 ? (
            <span className="basis-full text-xs text-muted-foreground">{row.notes.join(' · ')}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
