import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import FindMyWay from 'find-my-way';
import type { RouteEntry } from '../../src/server/http/access-control.ts';
import { buildOpenApiDocument, type OpenApiDocument } from '../../src/server/openapi/openapi-document.ts';

interface Operation {
  method: string;
  path: string;
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}

// ajv-formats is CommonJS: under Node's ESM its plugin is the namespace's `default`.
const addFormats = (formats as unknown as { default: (ajv: Ajv2020) => void }).default;

/** A JSON Schema 2020-12 checker (OpenAPI 3.1's dialect) that knows the formats zod writes (email, date-time, ...). */
export function schemaChecker(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv;
}

/** `image/*` in the document covers `image/png` on the wire; parameters after `;` do not count. */
function mediaTypeMatches(declared: string, actual: string): boolean {
  const essence = actual.split(';')[0]?.trim().toLowerCase() ?? '';
  if (declared.endsWith('/*')) return essence.startsWith(declared.slice(0, -1));
  return essence === declared;
}

/**
 * Checks every answer a route test receives against the OpenAPI document (issue 15): the route the server matched
 * (found with Fastify's own router over the document's paths), a status the operation declares (or its `default`,
 * the error shape), the declared media type, and a JSON body valid against the declared schema.
 */
export class OpenApiAnswers {
  private readonly router = FindMyWay();
  private readonly ajv = schemaChecker();
  private readonly validators = new Map<Record<string, unknown>, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    this.ajv.addSchema({ $id: 'components', ...document.components }, 'components');
    for (const [path, item] of Object.entries(document.paths)) {
      const fastifyPath = path.replace(/\{(\w+)\}/g, ':$1');
      for (const [method, operation] of Object.entries(item)) {
        const entry: Operation = { method: method.toUpperCase(), path, responses: operation.responses };
        this.router.on(entry.method as 'GET', fastifyPath, () => undefined, entry);
      }
    }
  }

  private validator(schema: Record<string, unknown>): ValidateFunction {
    let validate = this.validators.get(schema);
    if (!validate) {
      // The document's `#/components/...` references resolve against the components registered above.
      const resolved = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"components#/')) as object;
      validate = this.ajv.compile(resolved);
      this.validators.set(schema, validate);
    }
    return validate;
  }

  /** Why this answer breaks the document, or null when it keeps to it (or no documented route answered). */
  problem(method: string, url: string, status: number, contentType: string | null, text: string): string | null {
    if (method === 'HEAD' || method === 'OPTIONS') return null;
    const found = this.router.find(method as 'GET', url.split('?')[0] ?? url);
    if (!found) return null;
    const operation = found.store as Operation;
    const where = `${method} ${operation.path} answered ${status}`;
    const answer = operation.responses[String(status)] ?? (status >= 400 ? operation.responses.default : undefined);
    if (!answer) return `${where}, a status the document does not list`;
    if (!answer.content) return text === '' ? null : `${where} with a body where the document has none`;
    const entry = Object.entries(answer.content).find(([type]) => mediaTypeMatches(type, contentType ?? ''));
    if (!entry) return `${where} as ${contentType ?? 'no type'}, not ${Object.keys(answer.content).join(' or ')}`;
    const [type, { schema }] = entry;
    if (type !== 'application/json') return null;
    const validate = this.validator(schema);
    if (validate(JSON.parse(text))) return null;
    return `${where}; its body breaks the document: ${this.ajv.errorsText(validate.errors)}`;
  }
}

let shared: { key: string; answers: OpenApiAnswers } | null = null;

/** One checker per test process: every app of a run registers the same routes with the same schemas. */
export function openApiAnswersFor(routes: readonly RouteEntry[]): OpenApiAnswers {
  const key = routes.map((route) => `${route.method} ${route.url}`).join('\n');
  if (shared?.key !== key) shared = { key, answers: new OpenApiAnswers(buildOpenApiDocument(routes)) };
  return shared.answers;
}
