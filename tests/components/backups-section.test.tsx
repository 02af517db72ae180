import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  BACKUP_MSG,
  PG_DUMP_COMMAND,
  PG_RESTORE_COMMAND,
  type BackupListWire,
  type BackupWire,
} from '#shared/schemas/backups';
import { BackupsSection } from '../../src/client/features/backups/backups-section';
import { BACKUPS_TEXT } from '../../src/client/features/backups/backups-text';
import { renderInApp, stubApi, type SeenRequest } from './render';

const OLDER: BackupWire = {
  name: '2030-01-01T10-00-00-000Z',
  createdAt: '2030-01-01T10:00:00.000Z',
  size: 2_621_440,
  kind: 'full',
};
const NEWER: BackupWire = {
  name: '2030-01-02T10-00-00-000Z',
  createdAt: '2030-01-02T10:00:00.000Z',
  size: 4096,
  kind: 'full',
};

function renderSection(
  initial: BackupListWire,
  answer: (request: SeenRequest) => { status: number; body: unknown } | undefined = () => undefined,
) {
  let listed = initial;
  const requests = stubApi((request) => {
    const special = answer(request);
    if (special) return special;
    if (request.method === 'GET' && request.url === '/api/backups') return { status: 200, body: listed };
    if (request.method === 'POST' && request.url === '/api/backups') {
      listed = { ...listed, backups: [NEWER, ...listed.backups] };
      return { status: 201, body: NEWER };
    }
    if (request.method === 'DELETE' && request.url.startsWith('/api/backups/')) {
      listed = { ...listed, backups: listed.backups.filter((b) => !request.url.endsWith(b.name)) };
      return { status: 200, body: { message: BACKUP_MSG.deleted } };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
  const view = renderInApp(<BackupsSection />);
  const sent = (method: string) => requests.filter((request) => request.method === method);
  return { ...view, requests, sent };
}

const section = () => screen.findByRole('region', { name: BACKUPS_TEXT.title });

describe('Backups section', () => {
  it('lists the backups with their kind and size, and "Back up now" makes one and shows it', async () => {
    const { user, sent } = renderSection({ database: 'sqlite', schedule: 'daily', backups: [OLDER] });
    const card = await section();
    const list = await within(card).findByRole('list', { name: BACKUPS_TEXT.title });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText(`${BACKUPS_TEXT.kindFull} · 2.5 MB`)).toBeTruthy();
    expect(within(card).getByText(BACKUPS_TEXT.scheduleDaily)).toBeTruthy();
    expect(within(card).queryByText(PG_DUMP_COMMAND)).toBeNull();

    await user.click(within(card).getByRole('button', { name: BACKUPS_TEXT.backUpNow }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(sent('POST')).toHaveLength(1);
    expect(await screen.findByText(BACKUPS_TEXT.made)).toBeTruthy();
  });

  it("shows the server's message when a backup is already running", async () => {
    const { user } = renderSection({ database: 'sqlite', schedule: 'off', backups: [] }, (request) =>
      request.method === 'POST' ? { status: 409, body: { message: BACKUP_MSG.running } } : undefined,
    );
    const card = await section();
    expect(await within(card).findByText(BACKUPS_TEXT.empty)).toBeTruthy();
    expect(within(card).getByText(BACKUPS_TEXT.scheduleOff)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: BACKUPS_TEXT.backUpNow }));
    expect(await screen.findByText(BACKUP_MSG.running)).toBeTruthy();
  });

  it('deletes only after the confirmation', async () => {
    const { user, sent } = renderSection({ database: 'sqlite', schedule: 'daily', backups: [NEWER, OLDER] });
    const card = await section();
    const list = await within(card).findByRole('list', { name: BACKUPS_TEXT.title });
    const [, olderDelete] = within(list).getAllByRole('button');
    if (!olderDelete) throw new Error('no delete button');
    await user.click(olderDelete);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(sent('DELETE')).toHaveLength(0);

    await user.click(olderDelete);
    const dialog = await screen.findByRole('alertdialog', { name: BACKUPS_TEXT.deleteTitle });
    await user.click(within(dialog).getByRole('button', { name: BACKUPS_TEXT.deleteAction }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(sent('DELETE').map((request) => request.url)).toEqual([`/api/backups/${OLDER.name}`]);
  });

  it('on PostgreSQL, says the backups hold the uploads only and gives the pg_dump and pg_restore commands', async () => {
    renderSection({ database: 'postgres', schedule: 'daily', backups: [{ ...OLDER, kind: 'uploads-only' }] });
    const card = await section();
    expect(await within(card).findByText(BACKUPS_TEXT.postgresNote)).toBeTruthy();
    expect(within(card).getByText(PG_DUMP_COMMAND)).toBeTruthy();
    expect(within(card).getByText(PG_RESTORE_COMMAND)).toBeTruthy();
    expect(within(card).getByText(`${BACKUPS_TEXT.kindUploads} · 2.5 MB`)).toBeTruthy();
  });
});
