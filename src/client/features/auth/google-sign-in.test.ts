import { describe, expect, it } from 'vitest';
import { buildAuthorizationUrl, randomToken } from './google-sign-in';

describe('buildAuthorizationUrl', () => {
  it('asks for an ID token with the parameters the callback page expects', () => {
    const url = buildAuthorizationUrl({
      authUrl: 'https://accounts.example/o/oauth2/v2/auth',
      clientId: 'client-1.apps.example',
      redirectUri: 'https://lab.example/auth/google-callback.html',
      nonce: 'n0',
      state: 's0',
    });
    expect(url).toBe(
      'https://accounts.example/o/oauth2/v2/auth?client_id=client-1.apps.example' +
        '&redirect_uri=https%3A%2F%2Flab.example%2Fauth%2Fgoogle-callback.html&response_type=id_token' +
        '&scope=openid%20email%20profile&nonce=n0&state=s0&prompt=select_account',
    );
  });

  it('appends to an authorization URL that already has a query', () => {
    const url = buildAuthorizationUrl({
      authUrl: 'https://idp.example/auth?tenant=a',
      clientId: 'c',
      redirectUri: 'r',
      nonce: 'n',
      state: 's',
    });
    expect(url.startsWith('https://idp.example/auth?tenant=a&client_id=c&')).toBe(true);
  });
});

describe('randomToken', () => {
  it('gives 128 random bits as hex, different each time', () => {
    const first = randomToken();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(randomToken()).not.toBe(first);
  });
});
