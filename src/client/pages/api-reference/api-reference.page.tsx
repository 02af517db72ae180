import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { openApiQueryOptions, type ApiDocument } from '../../api/openapi.api';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { LoadFailedAlert } from '../../components/ui/load-failed-alert';
import { Skeleton } from '../../components/ui/skeleton';
import { API_REFERENCE_TEXT } from '../../features/api-reference/api-reference-text';
import { OperationEntry, type OperationRef } from '../../features/api-reference/operation-entry';
import { AdminPageFrame } from '../../features/layout/admin-page-frame';

/** Every operation, grouped by the document's tags, in path order. */
function groupOperations(document: ApiDocument, filter: string): Map<string, OperationRef[]> {
  const needle = filter.trim().toLowerCase();
  const groups = new Map<string, OperationRef[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const tag = operation.tags[0] ?? 'other';
      const haystack = `${method} ${path} ${operation.summary ?? ''} ${tag}`.toLowerCase();
      if (needle && !haystack.includes(needle)) continue;
      groups.set(tag, [...(groups.get(tag) ?? []), { method: method.toUpperCase(), path, operation }]);
    }
  }
  return new Map([...groups].sort(([a], [b]) => a.localeCompare(b)));
}

function countOperations(groups: Map<string, OperationRef[]>): number {
  return [...groups.values()].reduce((sum, list) => sum + list.length, 0);
}

/** /settings/api-reference (admins): the API reference, read from GET /api/openapi.json. */
export default function ApiReferencePage() {
  const { data, isError, refetch } = useQuery(openApiQueryOptions());
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const all = useMemo(() => (data ? groupOperations(data, '') : null), [data]);
  const shown = useMemo(() => (data ? groupOperations(data, deferredFilter) : null), [data, deferredFilter]);

  return (
    <AdminPageFrame title={API_REFERENCE_TEXT.title} description={API_REFERENCE_TEXT.description}>
      {data && all && shown ? (
        <div className="grid gap-6">
          <div className="grid gap-3 rounded-xl border bg-card p-4">
            <p className="text-sm text-muted-foreground">{API_REFERENCE_TEXT.authentication}</p>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
              <Input
                type="search"
                aria-label={API_REFERENCE_TEXT.filterLabel}
                placeholder={API_REFERENCE_TEXT.filterPlaceholder}
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
                className="sm:max-w-sm"
              />
              <span className="text-sm text-muted-foreground" aria-live="polite">
                {API_REFERENCE_TEXT.count(countOperations(shown), countOperations(all))}
              </span>
              <Button asChild variant="outline" className="sm:ml-auto">
                <a href="/api/openapi.json" download="openapi.json">
                  <Download aria-hidden="true" />
                  {API_REFERENCE_TEXT.download}
                </a>
              </Button>
            </div>
          </div>
          {shown.size === 0 ? <p className="text-sm text-muted-foreground">{API_REFERENCE_TEXT.noMatch}</p> : null}
          {[...shown].map(([tag, operations]) => (
            <section key={tag} aria-label={tag} className="grid gap-2">
              <h2 className="text-lg font-semibold">{tag}</h2>
              <ul className="grid gap-2">
                {operations.map((entry) => (
                  <OperationEntry
                    key={`${entry.method} ${entry.path}`}
                    entry={entry}
                    components={data.components.schemas}
                  />
                ))}
              </ul>
            </section>
          ))}
        </div>
      ) : isError ? (
        <div className="flex flex-col items-start gap-3">
          <LoadFailedAlert>{API_REFERENCE_TEXT.loadFailed}</LoadFailedAlert>
          <Button variant="outline" onClick={() => void refetch()}>
            {API_REFERENCE_TEXT.retry}
          </Button>
        </div>
      ) : (
        <div className="grid gap-2" aria-busy="true" aria-label={API_REFERENCE_TEXT.loading}>
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} className="h-12" />
          ))}
        </div>
      )}
    </AdminPageFrame>
  );
}
