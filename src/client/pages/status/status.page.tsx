import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { formatUptime } from '#shared/format';
import type { PublicStatusPageWire, PublicUptimeWire } from '#shared/schemas/status-pages';
import { ApiError } from '../../api/api-error';
import { publicStatusPageQueryOptions } from '../../api/status-pages.api';
import { Card, CardContent } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { STATUS_PAGE_TEXT } from '../../features/status-pages/status-page-text';
import { StatusPill } from '../../features/status-pages/status-pill';
import { UptimeDays } from '../../features/status-pages/uptime-days';

function summaryOf(page: PublicStatusPageWire): { text: string; tone: string } {
  const states = [...page.services, ...page.gameServers].map((item) => item.status);
  if (states.includes('down'))
    return { text: STATUS_PAGE_TEXT.someDown, tone: 'bg-red-500/15 text-red-700 dark:text-red-300' };
  if (states.includes('maintenance')) {
    return { text: STATUS_PAGE_TEXT.someMaintenance, tone: 'bg-sky-500/15 text-sky-800 dark:text-sky-200' };
  }
  return { text: STATUS_PAGE_TEXT.allUp, tone: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-200' };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3">
      <h2 className="text-lg font-semibold tracking-tight">{title}</h2>
      {children}
    </section>
  );
}

const PERIODS = ['24h', '7d', '30d', '90d'] as const;

/** A service or a game server: its name and state, the 90 daily bars and the uptime of each period. */
function UptimeCard({ item }: { item: PublicUptimeWire & { name: string; status: 'up' | 'down' | 'maintenance' } }) {
  return (
    <Card>
      <CardContent className="grid gap-3 p-4">
        <div className="flex items-center justify-between gap-3">
          <h3 className="min-w-0 truncate font-medium">{item.name}</h3>
          <StatusPill status={item.status} />
        </div>
        <UptimeDays name={item.name} days={item.days} />
        <dl data-testid="uptime-figures" className="grid grid-cols-4 gap-2 text-center text-xs">
          {PERIODS.map((period) => (
            <div key={period} className="rounded-md bg-muted/60 px-1 py-1.5">
              <dt className="text-muted-foreground">{period}</dt>
              <dd className="font-semibold tabular-nums">{formatUptime(item.uptime[period])}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function StatusContent({ page }: { page: PublicStatusPageWire }) {
  const summary = summaryOf(page);
  return (
    <>
      <header className="grid gap-4">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{page.title}</h1>
        <p className={`rounded-lg px-4 py-3 text-sm font-semibold ${summary.tone}`} role="status">
          {summary.text}
        </p>
      </header>
      {page.services.length > 0 && (
        <Section title={STATUS_PAGE_TEXT.services}>
          <ul className="grid gap-3">
            {page.services.map((service, index) => (
              <li key={index}>
                <UptimeCard item={service} />
              </li>
            ))}
          </ul>
        </Section>
      )}
      {page.gameServers.length > 0 && (
        <Section title={STATUS_PAGE_TEXT.gameServers}>
          <ul className="grid gap-3">
            {page.gameServers.map((game, index) => (
              <li key={index}>
                <UptimeCard item={game} />
              </li>
            ))}
          </ul>
        </Section>
      )}
      <Section title={STATUS_PAGE_TEXT.notes}>
        {page.notes.length === 0 ? (
          <p className="text-sm text-muted-foreground">{STATUS_PAGE_TEXT.noNotes}</p>
        ) : (
          <ul className="grid gap-3">
            {page.notes.map((note) => (
              <li key={note.id} className="rounded-lg border px-4 py-3">
                <h3 className="font-medium">{note.title}</h3>
                <p className="text-xs text-muted-foreground">
                  <time dateTime={note.createdAt}>{new Date(note.createdAt).toLocaleString()}</time>
                </p>
                {note.body && <p className="mt-2 whitespace-pre-wrap text-sm">{note.body}</p>}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <p className="text-xs text-muted-foreground">
        {STATUS_PAGE_TEXT.updated(new Date(page.generatedAt).toLocaleTimeString())}
      </p>
    </>
  );
}

/**
 * `/status/{slug}`: a public status page, without sign-in. It loads only its own small chunk and one public JSON
 * answer, never the dashboard's code or the session's data.
 */
export default function StatusPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const { data, error, isPending } = useQuery(publicStatusPageQueryOptions(slug));
  const isMissing = error instanceof ApiError && error.status === 404;
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:py-12">
      {data ? (
        <StatusContent page={data} />
      ) : isPending ? (
        <div className="grid gap-4" role="status" aria-label={STATUS_PAGE_TEXT.loading}>
          <Skeleton className="h-9 w-2/3" />
          <Skeleton className="h-12" />
          <Skeleton className="h-32" />
        </div>
      ) : (
        <p className="rounded-lg border px-4 py-6 text-center text-sm text-muted-foreground">
          {isMissing ? STATUS_PAGE_TEXT.notFound : STATUS_PAGE_TEXT.loadFailed}
        </p>
      )}
    </main>
  );
}
