import type { ApiOperation, JsonSchema } from '../../api/openapi.api';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/cn';
import { API_REFERENCE_TEXT } from './api-reference-text';
import { SchemaFields } from './schema-fields';
import { typeText } from './schema-outline';

const METHOD_COLOURS: Record<string, string> = {
  GET: 'bg-emerald-500/15 text-emerald-300',
  POST: 'bg-sky-500/15 text-sky-300',
  PUT: 'bg-amber-500/15 text-amber-300',
  PATCH: 'bg-amber-500/15 text-amber-300',
  DELETE: 'bg-red-500/15 text-red-300',
};

export interface OperationRef {
  method: string;
  path: string;
  operation: ApiOperation;
}

function MediaBlocks({
  content,
  components,
}: {
  content: Record<string, { schema: JsonSchema }>;
  components: Record<string, JsonSchema>;
}) {
  return Object.entries(content).map(([type, media]) => (
    <div key={type} className="grid gap-1">
      <p className="font-mono text-xs text-muted-foreground">{type}</p>
      {type === 'application/json' ? (
        <SchemaFields schema={media.schema} components={components} />
      ) : (
        <p className="text-sm">{media.schema.description ?? typeText(media.schema, components)}</p>
      )}
    </div>
  ));
}

/** One route of the reference: a summary line that opens to its parameters, body and answers. */
export function OperationEntry({ entry, components }: { entry: OperationRef; components: Record<string, JsonSchema> }) {
  const { method, path, operation } = entry;
  const scope = operation['x-api-key-scope'];
  return (
    <li>
      <details className="group rounded-lg border bg-card">
        <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 p-3 [&::-webkit-details-marker]:hidden">
          <span
            className={cn(
              'w-16 shrink-0 rounded px-1.5 py-0.5 text-center font-mono text-xs font-bold',
              METHOD_COLOURS[method],
            )}
          >
            {method}
          </span>
          <code className="min-w-0 font-mono text-sm font-semibold break-all">{path}</code>
          <span className="basis-full text-sm text-muted-foreground sm:basis-auto sm:flex-1">{operation.summary}</span>
          <span className="flex gap-1">
            <Badge variant="outline">{operation['x-access']}</Badge>
            <Badge variant="secondary">{scope ? API_REFERENCE_TEXT.keyScope(scope) : API_REFERENCE_TEXT.noKeys}</Badge>
          </span>
        </summary>
        <div className="grid gap-4 border-t p-3">
          {operation.parameters?.length ? (
            <section className="grid gap-1">
              <h3 className="text-sm font-semibold">{API_REFERENCE_TEXT.parameters}</h3>
              <ul className="grid gap-1 text-sm">
                {operation.parameters.map((parameter) => (
                  <li key={`${parameter.in}:${parameter.name}`} className="flex flex-wrap items-baseline gap-x-2">
                    <code className="font-mono font-semibold">{parameter.name}</code>
                    <span className="text-xs text-muted-foreground">{parameter.in}</span>
                    <code className="font-mono text-xs text-sky-300">{typeText(parameter.schema, components)}</code>
                    <span className="text-xs text-amber-300">
                      {parameter.required ? API_REFERENCE_TEXT.required : API_REFERENCE_TEXT.optional}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {operation.requestBody ? (
            <section className="grid gap-2">
              <h3 className="text-sm font-semibold">{API_REFERENCE_TEXT.requestBody}</h3>
              <MediaBlocks content={operation.requestBody.content} components={components} />
            </section>
          ) : null}
          <section className="grid gap-3">
            <h3 className="text-sm font-semibold">{API_REFERENCE_TEXT.answers}</h3>
            {Object.entries(operation.responses).map(([status, answer]) => (
              <div key={status} className="grid gap-1">
                <p className="text-sm">
                  <span className="font-mono font-semibold">{status === 'default' ? '4xx/5xx' : status}</span>{' '}
                  <span className="text-muted-foreground">{answer.description}</span>
                </p>
                {answer.content ? <MediaBlocks content={answer.content} components={components} /> : null}
              </div>
            ))}
          </section>
        </div>
      </details>
    </li>
  );
}
