import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EchoServer, selfSignedCertificate } from '../fakes/check-targets.ts';
import { CheckServices } from '../helpers/check-services.ts';

const DAY_MS = 86_400_000;
// Both trusted by the monitor (as a system root would be); the third is not.
const month = selfSignedCertificate(30);
const week = selfSignedCertificate(7);
const untrusted = selfSignedCertificate(30);

let checks: CheckServices;
let secure: EchoServer;
let rotating: EchoServer;
let plain: EchoServer;
let stranger: EchoServer;

beforeAll(async () => {
  checks = await CheckServices.start({ trustedCertificates: [month.cert, week.cert] });
  secure = await new EchoServer(month).start();
  // Its own server: the only connection to it is the one test's service keeps alive.
  rotating = await new EchoServer(month).start();
  plain = await new EchoServer().start();
  stranger = await new EchoServer(untrusted).start();
});

afterEach(() => checks.deleteCreated());

afterAll(async () => {
  await checks.close();
  await Promise.all([secure.close(), rotating.close(), plain.close(), stranger.close()]);
});

/** The number in a failure's `(was …)`. */
function seen(failure: string | null | undefined): number {
  return Number(/\(was (-?\d+)\)$/.exec(failure ?? '')?.[1]);
}

describe('[CERTIFICATE_EXPIRATION] and [IP] on https:// checks', () => {
  it('hold while the certificate lasts and the address matches, and say which failed and why', async () => {
    const holding = await checks.add({
      url: `${secure.base}/health`,
      check: { conditions: ['[STATUS] == 200', '[CERTIFICATE_EXPIRATION] > 168h', '[IP] == 127.0.0.1'] },
    });
    expect((await checks.outcomes(holding.id, 1))[0]).toMatchObject({ up: true, error: null });
    expect((await checks.listed(checks.user, holding.id)).status).toBe(true);

    const expiring = await checks.add({
      url: `${secure.base}/health`,
      check: { conditions: ['[STATUS] == 200', '[CERTIFICATE_EXPIRATION] > 900h'] },
    });
    const [soon] = await checks.outcomes(expiring.id, 1);
    expect(soon?.up).toBe(false);
    expect(soon?.error).toMatch(/^\[CERTIFICATE_EXPIRATION\] > 900h \(was \d+\)$/);
    // The certificate of the 30-day server, read at the check: some 30 days left.
    expect(seen(soon?.error)).toBeGreaterThan(29 * DAY_MS);
    expect(seen(soon?.error)).toBeLessThanOrEqual(30 * DAY_MS);
    const admin = await checks.listed(checks.admin, expiring.id);
    expect(admin).toMatchObject({ status: false, failure: soon?.error });
    expect(await checks.listed(checks.user, expiring.id)).toMatchObject({
      status: false,
      failure: 'Condition 2 of 2 failed',
    });

    const elsewhere = await checks.add({ url: `${secure.base}/health`, check: { conditions: ['[IP] == 10.0.0.9'] } });
    expect((await checks.outcomes(elsewhere.id, 1))[0]).toMatchObject({
      up: false,
      error: '[IP] == 10.0.0.9 (was 127.0.0.1)',
    });
  });

  it('reads the certificate of the connection the answer came on: a reused one keeps its own', async () => {
    const service = await checks.add({
      url: `${rotating.base}/reuse`,
      check: { conditions: ['[CERTIFICATE_EXPIRATION] > 20d'] },
    });
    expect(await checks.nextOutcome(service.id)).toMatchObject({ up: true, error: null });
    expect(rotating.connections).toBe(1);

    // New connections would now get the 7-day certificate; the kept-alive one still has the 30-day one.
    rotating.setCertificate(week);
    rotating.closeAfterNextAnswer();
    expect(await checks.nextOutcome(service.id)).toMatchObject({ up: true, error: null });
    expect(rotating.connections).toBe(1);

    // That answer closed the connection: the next check handshakes again and reads the renewed certificate.
    const renewed = await checks.nextOutcome(service.id);
    expect(rotating.connections).toBe(2);
    expect(renewed.up).toBe(false);
    expect(renewed.error).toMatch(/^\[CERTIFICATE_EXPIRATION\] > 20d \(was \d+\)$/);
    expect(seen(renewed.error)).toBeLessThanOrEqual(7 * DAY_MS);
    expect(seen(renewed.error)).toBeGreaterThan(6 * DAY_MS);
  });

  it('fails a certificate that does not verify as before, whatever the conditions', async () => {
    const service = await checks.add({
      url: `${stranger.base}/health`,
      check: { conditions: ['[CERTIFICATE_EXPIRATION] > 1h', '[IP] == 127.0.0.1'] },
    });
    const [outcome] = await checks.outcomes(service.id, 1);
    expect(outcome?.up).toBe(false);
    expect(outcome?.error).toBe('self-signed certificate');
    expect(stranger.requests).toHaveLength(0);
    expect((await checks.listed(checks.user, service.id)).failure).toBe('self-signed certificate');
  });
});

describe('[IP] on http:// checks', () => {
  it('reads the address connected to; [CERTIFICATE_EXPIRATION] needs https://', async () => {
    const service = await checks.add({ url: `${plain.base}/ip`, check: { conditions: ['[IP] == pat(127.*)'] } });
    expect((await checks.outcomes(service.id, 1))[0]).toMatchObject({ up: true, error: null });
    await checks.time.change(service.id, () =>
      checks.admin.put(`/api/services/${service.id}`, { id: service.id, check: { conditions: ['[IP] == ::1'] } }),
    );
    expect(await checks.nextOutcome(service.id)).toMatchObject({ up: false, error: '[IP] == ::1 (was 127.0.0.1)' });

    const refused = await checks.admin.post<{ message: string }>('/api/services', {
      name: 'plain',
      url: `${plain.base}/`,
      check: { conditions: ['[STATUS] == 200', '[CERTIFICATE_EXPIRATION] > 168h'] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Condition 2: [CERTIFICATE_EXPIRATION] needs an https:// URL');
  });
});
