import { describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { AlertSubscriptionsRepository } from '../../src/server/repositories/alert-subscriptions.repository.ts';
import {
  change,
  createService,
  ctx,
  db,
  drain,
  mailsTo,
  subscribe,
  useOutboxHarness,
  worker,
} from './outbox-harness.ts';

/**
 * An attacker who controls a name that reaches an alert e-mail: a service name, or a media or game server's name as
 * its own server reports it. Header injection through the subject, markup in the HTML part, and CDATA breakers.
 */

useOutboxHarness();

const EVIL = 'Evil <script>alert(1)</script> & "q" ]]>\r\nBcc: victim@example.test\r\nX-Injected: yes';

function expectInert(mail: ParsedMail | undefined): void {
  if (!mail) throw new Error('no mail received');
  expect(mail.subject ?? '').not.toMatch(/[\r\n]/);
  expect(mail.bcc).toBeUndefined();
  expect(mail.headers.has('x-injected')).toBe(false);
  const html = typeof mail.html === 'string' ? mail.html : '';
  // The HTML part shows the name escaped, and the subject shows it on one line.
  expect(html).not.toContain('<script');
  expect(html).not.toContain(']]>');
  expect(html).toContain('&lt;script&gt;');
}

describe('names in alert e-mails', () => {
  it('a service name cannot add headers or markup to the alert', async () => {
    const email = 'attack-mail@example.test';
    const serviceId = await createService(EVIL);
    await subscribe('user', serviceId, email);
    await change(serviceId, false);
    await drain();
    const [received] = mailsTo(email);
    expectInert(received?.mail);
    expect(received?.to).toEqual([email]);
  });

  it('a media server name (reported by that server) cannot either', async () => {
    const client = await ctx.actors.user.signIn();
    const followed = await client.post('/api/notification-subscriptions', {
      subjectKind: 'media',
      subjectId: 0,
      enabled: true,
    });
    expect(followed.status, followed.text).toBe(200);
    await new AlertSubscriptionsRepository(db()).recordChanges(
      [{ subjectKind: 'media', subjectId: 0, name: EVIL, status: false }],
      ctx.clock.now().toISOString(),
    );
    await drain(worker(), 31 * 60_000, 200, 'subject_mail_deliveries');
    const received = ctx.smtp.inbox.find((each) => (each.mail.subject ?? '').includes('media server'));
    expectInert(received?.mail);
    expect(received?.to).toHaveLength(1);
  });
});
