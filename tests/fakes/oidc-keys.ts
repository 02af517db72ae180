import http from 'node:http';
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';

/** A local OIDC issuer for tests: serves its JWKS and signs ID tokens like Google's (integrations.md option A). */
export interface FakeIssuer {
  issuer: string;
  jwksUrl: string;
  clientId: string;
  sign(
    claims: Record<string, unknown>,
    options?: { audience?: string; issuer?: string; expiresIn?: string },
  ): Promise<string>;
  close(): Promise<void>;
}

/** Starts the issuer's key server on a free 127.0.0.1 port. */
export async function startFakeIssuer(clientId = 'test-client.apps.example'): Promise<FakeIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = http.createServer((request, response) => {
    if (request.url === '/jwks') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no issuer address');
  const issuer = `http://127.0.0.1:${address.port}`;
  return {
    issuer,
    jwksUrl: `${issuer}/jwks`,
    clientId,
    sign(claims, options = {}) {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(options.issuer ?? issuer)
        .setAudience(options.audience ?? clientId)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '1h')
        .sign(privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
