import { describe, expect, it } from 'vitest';
import { webhookSignature } from '../integrations/channels/webhook.ts';
import { alertPayload, channelMessage, testPayload } from './channel-alert.ts';

const site = { title: 'Lab', url: 'https://dash.example.test' };

describe('channel alerts', () => {
  it('says what changed, for how long the previous state lasted, and keeps one id per change', () => {
    const payload = alertPayload(
      {
        subjectKind: 'game_server',
        subjectId: 4,
        changeId: 99,
        name: 'Valheim',
        status: true,
        changedAt: '2030-01-01T10:00:00.000Z',
        previousChangedAt: '2030-01-01T07:55:00.000Z',
      },
      site,
    );
    expect(payload).toEqual({
      event: 'status_change',
      id: 'game_server-99',
      subject: { kind: 'game_server', id: 4, name: 'Valheim' },
      status: 'UP',
      changedAt: '2030-01-01T10:00:00.000Z',
      previousStateDuration: '2 hours 5 minutes',
      message: 'Valheim is UP',
      site,
    });
    const message = channelMessage(payload);
    expect(message.title).toBe('[Lab] Valheim is UP');
    expect(message.text).toBe(
      'Valheim is UP since 2030-01-01 10:00:00 UTC.\nIt was DOWN for 2 hours 5 minutes.\nhttps://dash.example.test',
    );
    expect(message.isUp).toBe(true);
  });

  it('leaves the duration out when the previous state is unknown, and marks tests as tests', () => {
    const first = alertPayload(
      {
        subjectKind: 'service',
        subjectId: 1,
        changeId: 1,
        name: 'Gitea',
        status: false,
        changedAt: '2030-01-01T10:00:00.000Z',
        previousChangedAt: null,
      },
      site,
    );
    expect(first.previousStateDuration).toBeNull();
    expect(channelMessage(first).text).not.toContain('It was');
    const test = channelMessage(testPayload(new Date('2030-01-01T10:00:00.000Z'), site));
    expect(test.title).toBe('[Lab] Test notification');
    expect(test.payload.event).toBe('test');
  });

  it('signs the raw body with HMAC-SHA256 as README documents', () => {
    // The value openssl gives: printf '{"a":1}' | openssl dgst -sha256 -hmac secret
    expect(webhookSignature('secret', '{"a":1}')).toBe(
      'sha256=aa9e2e3575f5d7098b6caccd790888c36d5fdb63342a73bada2d6a51747a8494',
    );
  });
});
