import type { JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { hasLoneSurrogate } from '#shared/text';

/** The identity an ID token proves. */
export interface VerifiedIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
}

export interface IdTokenVerifierConfig {
  clientId: string | undefined;
  issuer: string;
  jwksUrl: string;
}

/** Verifies Google (or any OIDC issuer's) ID tokens. `isConfigured` is false without a client id. */
export interface IdTokenVerifier {
  readonly isConfigured: boolean;
  verify(token: string): Promise<VerifiedIdentity>;
}

/** Raised for any token that does not verify; the message is safe to log, not shown to users. */
export class InvalidIdTokenError extends Error {}

// The issuer signs the claims, yet they are still text from outside that ends up stored: the same rule as
// request bodies (no NUL, no lone surrogate) applies.
const storable = (value: string) => !value.includes('\u0000') && !hasLoneSurrogate(value);

const claims = z.object({
  sub: z.string().min(1).refine(storable),
  email: z.string().min(3).max(254).refine(storable),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
  name: z.string().max(200).optional(),
});

// Google issues tokens with either spelling of its issuer (integrations.md section 5).
function acceptedIssuers(issuer: string): string[] {
  const google = ['https://accounts.google.com', 'accounts.google.com'];
  return google.includes(issuer) ? google : [issuer];
}

/** jose-based verifier: RS256 only, issuer and audience checked, keys fetched from the JWKS URL and cached. */
export function createIdTokenVerifier(config: IdTokenVerifierConfig): IdTokenVerifier {
  const { clientId } = config;
  if (!clientId) {
    return { isConfigured: false, verify: () => Promise.reject(new InvalidIdTokenError('not configured')) };
  }
  // jose is loaded with the first sign-in, not at start (issue 14, bounded memory); the key set is made once.
  const jwksUrl = new URL(config.jwksUrl);
  let loaded: Promise<{ jose: typeof import('jose'); jwks: JWTVerifyGetKey }> | undefined;
  const load = () =>
    (loaded ??= import('jose').then((jose) => ({
      jose,
      jwks: jose.createRemoteJWKSet(jwksUrl, { timeoutDuration: 5_000, cooldownDuration: 30_000 }),
    })));
  return {
    isConfigured: true,
    async verify(token) {
      const { jose, jwks } = await load();
      try {
        const { payload } = await jose.jwtVerify(token, jwks, {
          issuer: acceptedIssuers(config.issuer),
          audience: clientId,
          algorithms: ['RS256'],
          clockTolerance: 30,
        });
        const parsed = claims.safeParse(payload);
        if (!parsed.success) throw new InvalidIdTokenError('token lacks sub or email');
        return {
          subject: parsed.data.sub,
          email: parsed.data.email.toLowerCase(),
          emailVerified: parsed.data.email_verified === true,
          name: parsed.data.name ?? null,
        };
      } catch (error) {
        if (error instanceof InvalidIdTokenError) throw error;
        if (error instanceof jose.errors.JOSEError) throw new InvalidIdTokenError(`${error.code}: ${error.message}`);
        throw new InvalidIdTokenError(error instanceof Error ? error.message : 'verification failed');
      }
    },
  };
}
