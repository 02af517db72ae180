import http from 'node:http';
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';

/** Who the fake issuer signs in next, or which OAuth error it answers with. */
export type IssuerAnswer =
  | { kind: 'identity'; sub: string; email: string; name: string; emailVerified?: boolean }
  | { kind: 'error'; error: string }
  /** Shows a page and never answers, like a user who has not picked an account yet. */
  | { kind: 'wait' };

/** Claims and overrides for a token signed directly (route tests craft good and bad tokens with it). */
export interface SignOptions {
  audience?: string;
  issuer?: string;
  expiresIn?: string;
}

/**
 * A local OpenID provider: JWKS plus an /authorize endpoint that answers at once (the browser popup), and
 * `sign` for route tests that need tokens without a browser (integrations.md section 5, option A).
 */
export interface FakeOidcIssuer {
  issuer: string;
  jwksUrl: string;
  authUrl: string;
  clientId: string;
  /** Signs arbitrary claims with the issuer's key (issuer and audience default to this issuer's). */
  sign(claims: Record<string, unknown>, options?: SignOptions): Promise<string>;
  /** Sets what the next /authorize request answers. */
  setNextAnswer(answer: IssuerAnswer): void;
  /** Query strings of every /authorize request received, oldest first. */
  readonly authorizeRequests: URLSearchParams[];
  close(): Promise<void>;
}

const KEY_ID = 'e2e-key';

/** Starts the issuer on a free 127.0.0.1 port. */
export async function startFakeOidcIssuer(clientId = 'e2e-client.apps.example'): Promise<FakeOidcIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' };
  const authorizeRequests: URLSearchParams[] = [];
  let nextAnswer: IssuerAnswer = {
    kind: 'identity',
    sub: 'google-sub-1',
    email: 'google.user@example.com',
    name: 'Google User',
  };
  let issuer = '';

  const signIdToken = (answer: Extract<IssuerAnswer, { kind: 'identity' }>, audience: string, nonce: string) =>
    new SignJWT({ email: answer.email, email_verified: answer.emailVerified ?? true, name: answer.name, nonce })
      .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(audience)
      .setSubject(answer.sub)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    if (url.pathname === '/jwks') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    if (url.pathname === '/authorize') {
      authorizeRequests.push(url.searchParams);
      const redirectUri = url.searchParams.get('redirect_uri');
      const state = url.searchParams.get('state') ?? '';
      if (!redirectUri) {
        response.writeHead(400).end('redirect_uri missing');
        return;
      }
      const answer = nextAnswer;
      const fragment = new URLSearchParams({ state });
      const finish = () => {
        response.writeHead(302, { location: `${redirectUri}#${fragment.toString()}` });
        response.end();
      };
      if (answer.kind === 'wait') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end('<!doctype html><title>Choose an account</title><p>Choose an account</p>');
        return;
      }
      if (answer.kind === 'error') {
        fragment.set('error', answer.error);
        finish();
        return;
      }
      signIdToken(answer, url.searchParams.get('client_id') ?? '', url.searchParams.get('nonce') ?? '')
        .then((token) => {
          fragment.set('id_token', token);
          finish();
        })
        .catch((error: unknown) => {
          response.writeHead(500).end(String(error));
        });
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake OIDC issuer has no address');
  issuer = `http://127.0.0.1:${address.port}`;

  return {
    issuer,
    jwksUrl: `${issuer}/jwks`,
    authUrl: `${issuer}/authorize`,
    clientId,
    authorizeRequests,
    sign(claims, options = {}) {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: KEY_ID })
        .setIssuer(options.issuer ?? issuer)
        .setAudience(options.audience ?? clientId)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '1h')
        .sign(privateKey);
    },
    setNextAnswer(answer) {
      nextAnswer = answer;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
