import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh 256-bit random token, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Keyed hash of a token, for storage: the database alone never yields a usable session or reset link. */
export function hashToken(key: string, token: string): string {
  return createHmac('sha256', key).update(token).digest('base64url');
}

/** Constant-time string comparison. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
