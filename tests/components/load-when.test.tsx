import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadOnFirstPress, LoadWhen, lazyNamed } from '../../src/client/components/load-when';
import { LOAD_WHEN_TEXT } from '../../src/client/components/load-when-text';

/**
 * On-demand chunks that fail to load (components/load-when.tsx): React.lazy would keep the failure for good; here a
 * passing failure is tried again at the next press, and a chunk the server no longer has (404: a new deploy) asks
 * for a reload. The chunk loads are functions of the test; the HEAD probe of the chunk is a stubbed fetch.
 */

function Panel({ label }: { label: string }) {
  return <p>{label}</p>;
}

const chunkUrl = (name: string) => `${window.location.origin}/assets/${name}-1a2b3c4d.js`;

/** How Chromium rejects a dynamic import whose file did not arrive. */
const importFailure = (name: string) => new TypeError(`Failed to fetch dynamically imported module: ${chunkUrl(name)}`);

/** A chunk load that fails `failures` times, then succeeds; counts its calls. */
function flakyChunk(name: string, failures: number) {
  const calls = { count: 0 };
  const load = () => {
    calls.count += 1;
    return calls.count <= failures ? Promise.reject(importFailure(name)) : Promise.resolve({ Panel });
  };
  return { Component: lazyNamed(load, 'Panel'), calls };
}

/** The server's answer to the HEAD probe of a chunk: its status, or a network failure. */
function stubProbe(answer: number | 'offline') {
  const probes: { url: string; method: string | undefined }[] = [];
  vi.stubGlobal('fetch', (input: URL | string, init?: RequestInit) => {
    probes.push({ url: String(input), method: init?.method });
    if (answer === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(new Response(null, { status: answer }));
  });
  return probes;
}

describe('an on-demand chunk that fails to load', () => {
  beforeEach(() => {
    // React reports each caught error, and the boundary warns: expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is downloaded again at the next press, after a notice that offers to try again', async () => {
    const probes = stubProbe('offline');
    const { Component, calls } = flakyChunk('media-panel', 1);
    const user = userEvent.setup();
    render(
      <LoadWhen when fallback={<p>Loading…</p>}>
        <Component label="Media summary" />
      </LoadWhen>,
    );
    expect(await screen.findByText(LOAD_WHEN_TEXT.failed)).toBeTruthy();
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(probes).toEqual([{ url: chunkUrl('media-panel'), method: 'HEAD' }]);
    expect(calls.count).toBe(1);
    // Typing is no attempt at it; a click is.
    await user.keyboard('abc');
    expect(calls.count).toBe(1);

    await user.click(screen.getByRole('button', { name: LOAD_WHEN_TEXT.tryAgain }));
    expect(await screen.findByText('Media summary')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.count).toBe(2);
  });

  it('opens a dialog on the second press of its button when the first load failed', async () => {
    // The file is still there: the failure was passing.
    stubProbe(200);
    const { Component, calls } = flakyChunk('add-service-dialog', 1);
    const user = userEvent.setup();
    render(
      <LoadOnFirstPress button={(onPress) => <button onClick={onPress}>Add Service</button>}>
        <Component label="Add Service dialog" />
      </LoadOnFirstPress>,
    );
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(await screen.findByText(LOAD_WHEN_TEXT.failed)).toBeTruthy();
    expect(screen.queryByText('Add Service dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(await screen.findByText('Add Service dialog')).toBeTruthy();
    expect(calls.count).toBe(2);
    // Loaded once, it renders at once from then on: no other download.
    render(<Component label="Again" />);
    expect(screen.getByText('Again')).toBeTruthy();
    expect(calls.count).toBe(2);
  });

  it('asks for a reload when the server no longer has the chunk (a new deploy), and does not retry', async () => {
    const probes = stubProbe(404);
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    const { Component, calls } = flakyChunk('edit-service-dialog', 5);
    const user = userEvent.setup();
    render(
      <LoadWhen when>
        <Component label="Edit Service dialog" />
      </LoadWhen>,
    );
    expect(await screen.findByText(LOAD_WHEN_TEXT.stale)).toBeTruthy();
    expect(probes).toEqual([{ url: chunkUrl('edit-service-dialog'), method: 'HEAD' }]);
    await user.click(document.body);
    expect(calls.count).toBe(1);
    await user.click(screen.getByRole('button', { name: LOAD_WHEN_TEXT.reload }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
