import { describe, expect, it } from 'vitest';
import { createHostPolicy, hostNameOf, hostRefusedText, isHostName } from './host-policy.ts';

const policy = createHostPolicy({
  publicUrl: 'https://Dash.Example.com',
  allowedHosts: ['lab.internal', 'homelab_dashboard'],
});

describe('hostNameOf', () => {
  it('drops the port and a trailing dot, lowers the case, keeps IPv6 brackets', () => {
    expect(hostNameOf('LOCALHOST.:5000')).toBe('localhost');
    expect(hostNameOf('Dash.Example.COM')).toBe('dash.example.com');
    expect(hostNameOf('[::1]:5000')).toBe('[::1]');
    expect(hostNameOf('[2001:DB8::1]')).toBe('[2001:db8::1]');
    expect(hostNameOf('192.168.1.20:80')).toBe('192.168.1.20');
  });

  it('is null for what is not host[:port]', () => {
    for (const value of ['[::1', '[::1]x', '[not-ip]', 'a:b', 'a:123456', 'a b', 'user@host', 'a..b', '.', ':80']) {
      expect(hostNameOf(value), value).toBeNull();
    }
  });
});

describe('createHostPolicy', () => {
  it('accepts IP literals, with or without a port', () => {
    for (const host of ['127.0.0.1', '127.0.0.1:5000', '192.168.1.20:5000', '[::1]', '[::1]:5000', '[fe80::1]:80']) {
      expect(policy(host), host).toBe(true);
    }
  });

  it('accepts localhost in any case, with a trailing dot, and names under .localhost', () => {
    for (const host of ['localhost', 'LOCALHOST.', 'localhost:5173', 'dash.localhost:5000']) {
      expect(policy(host), host).toBe(true);
    }
  });

  it("accepts PUBLIC_URL's host and ALLOWED_HOSTS entries, whatever the port", () => {
    for (const host of ['dash.example.com', 'DASH.example.com.:443', 'lab.internal:8080', 'homelab_dashboard:5000']) {
      expect(policy(host), host).toBe(true);
    }
  });

  it('refuses every other name, and names that only look like ours', () => {
    for (const host of [
      'evil.example',
      'evil.example:5000',
      'dash.example.com.evil.example',
      'localhost.evil.example',
      'example.com',
      '127.0.0.1.nip.io',
      '2130706433', // a number is a name here: browsers send 127.0.0.1 for it
      'lab.internal:x',
      '[::1',
    ]) {
      expect(policy(host), host).toBe(false);
    }
  });

  it('accepts a request without a Host (HTTP/1.0): no browser sends one', () => {
    expect(policy('')).toBe(true);
  });

  it('accepts any name when ALLOWED_HOSTS holds *', () => {
    expect(createHostPolicy({ publicUrl: 'http://localhost:5000', allowedHosts: ['*'] })('evil.example')).toBe(true);
  });
});

describe('isHostName', () => {
  it('takes DNS names (underscores included), refuses schemes, ports, paths and spaces', () => {
    expect(isHostName('dash.example.com')).toBe(true);
    expect(isHostName('homelab_dashboard')).toBe(true);
    expect(isHostName('Dash.Example.com.')).toBe(true);
    for (const value of ['http://dash', 'dash:5000', 'dash/x', 'da sh', '', '-dash', 'a'.repeat(64), '*.example.com']) {
      expect(isHostName(value), value).toBe(false);
    }
  });
});

describe('hostRefusedText', () => {
  it('names the host without its port and says what to set', () => {
    expect(hostRefusedText('evil.example:5000')).toBe(
      "This server does not answer to the name 'evil.example'. Add it to ALLOWED_HOSTS (or set PUBLIC_URL) and restart.\n",
    );
  });

  it('shows only printable ASCII, cut short', () => {
    const text = hostRefusedText(`evil\u00e9${'x'.repeat(200)}`);
    expect(text).toContain("'evil?xxx");
    expect(text).not.toContain('\u00e9');
    expect(text.length).toBeLessThan(220);
  });
});
