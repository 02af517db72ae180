import type { FastifyReply, FastifyRequest } from 'fastify';
import { SessionService } from '../services/session.service.ts';

export const SESSION_COOKIE = 'hd_session';

/** Sets the session cookie: HttpOnly, SameSite=Lax, Secure when the request came over HTTPS. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: SessionService.maxAgeSeconds(),
  });
}

/** Removes the session cookie from the browser. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
  });
}

/** Address and browser of the caller, for sessions, rate limits and the sign-in log. */
export function requestOrigin(request: FastifyRequest): { ip: string; userAgent: string | null } {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}
