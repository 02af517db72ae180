import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ServiceWire } from '#shared/schemas/service';
import { serviceFixture } from '../components/service-fixture';
import { SERVICES_QUERY_KEY } from '../../src/client/api/services.api';
import { applyServiceChanges } from '../../src/client/features/live-updates/use-live-updates';

const service = (id: number, fields: Partial<ServiceWire> = {}): ServiceWire =>
  serviceFixture({ id, status: false, ...fields });

function listAfter(changes: Parameters<typeof applyServiceChanges>[1]): ServiceWire[] | undefined {
  const queryClient = new QueryClient();
  queryClient.setQueryData(SERVICES_QUERY_KEY, [service(1, { failure: 'timeout' }), service(2, { failure: 'x' })]);
  for (const change of changes) applyServiceChanges(queryClient, [change]);
  return queryClient.getQueryData<ServiceWire[]>(SERVICES_QUERY_KEY);
}

describe('applyServiceChanges', () => {
  it("replaces the service's failure with the pushed one, and drops it when the change has none", () => {
    const at = '2026-01-01T00:01:00.000Z';
    const [down] = listAfter([{ id: 1, status: false, lastChecked: at, failure: 'Condition 1 of 2 failed' }]) ?? [];
    expect(down).toMatchObject({ status: false, lastChecked: at, failure: 'Condition 1 of 2 failed' });

    const [up, other] = listAfter([{ id: 1, status: true, lastChecked: at }]) ?? [];
    expect(up).toMatchObject({ status: true, lastChecked: at });
    expect(up).not.toHaveProperty('failure');
    expect(other).toEqual(service(2, { failure: 'x' }));
  });

  it('writes a batch in one pass, the last change of each service winning', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(SERVICES_QUERY_KEY, [service(1), service(2)]);
    applyServiceChanges(queryClient, [
      { id: 1, status: false, lastChecked: '2026-01-01T00:01:00.000Z', failure: 'timeout' },
      { id: 2, status: true, lastChecked: '2026-01-01T00:01:01.000Z' },
      { id: 1, status: true, lastChecked: '2026-01-01T00:01:02.000Z' },
    ]);
    const [first, second] = queryClient.getQueryData<ServiceWire[]>(SERVICES_QUERY_KEY) ?? [];
    expect(first).toMatchObject({ status: true, lastChecked: '2026-01-01T00:01:02.000Z' });
    expect(first).not.toHaveProperty('failure');
    expect(second).toMatchObject({ status: true, lastChecked: '2026-01-01T00:01:01.000Z' });
  });
});
