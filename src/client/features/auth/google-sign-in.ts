// The Google sign-in popup without any SDK: an OpenID Connect implicit request for an ID token, answered
// on our own /auth/google-callback.html, which hands the fragment back (see public/auth/google-callback.js).

/** Why a Google sign-in failed; each reason maps to one SPEC section 8 text. */
export type GoogleFailureReason = 'popup-closed' | 'unauthorized-domain' | 'unknown';

/** A sign-in failure that happened in the popup, before the server was asked. */
export class GooglePopupError extends Error {
  readonly reason: GoogleFailureReason;

  constructor(reason: GoogleFailureReason, detail: string) {
    super(detail);
    this.name = 'GooglePopupError';
    this.reason = reason;
  }
}

const MESSAGE_TYPE = 'homelab-oidc';
const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 600;
const CLOSED_POLL_MS = 500;
// The callback posts its message and closes at once; give that message time to arrive before calling it a cancel.
const CLOSED_GRACE_MS = 1_000;
// Provider errors that mean this origin is not registered for the client id.
const UNAUTHORIZED_DOMAIN_ERRORS = new Set(['unauthorized_client', 'redirect_uri_mismatch', 'invalid_client']);

interface CallbackMessage {
  type: typeof MESSAGE_TYPE;
  idToken: string | null;
  state: string | null;
  error: string | null;
}

function isCallbackMessage(data: unknown): data is CallbackMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === MESSAGE_TYPE;
}

/** 128 random bits as hex, for the state and nonce parameters. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The callback page every popup returns to; it must be registered with the provider. */
export function callbackUrl(): string {
  return `${window.location.origin}/auth/google-callback.html`;
}

/** The provider's authorization URL for an ID-token request that returns to `redirectUri`. */
export function buildAuthorizationUrl(request: {
  authUrl: string;
  clientId: string;
  redirectUri: string;
  nonce: string;
  state: string;
}): string {
  const { authUrl, clientId, redirectUri, nonce, state } = request;
  const params = [
    ['client_id', clientId],
    ['redirect_uri', redirectUri],
    ['response_type', 'id_token'],
    ['scope', 'openid email profile'],
    ['nonce', nonce],
    ['state', state],
    ['prompt', 'select_account'],
  ]
    .map(([key, value]) => `${key}=${encodeURIComponent(value ?? '')}`)
    .join('&');
  return `${authUrl}${authUrl.includes('?') ? '&' : '?'}${params}`;
}

/** Opens the 500x600 popup centred over the current window; null means the browser blocked it. */
export function openSignInPopup(url: string): Window | null {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2));
  return window.open(
    url,
    'homelab-google-sign-in',
    `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`,
  );
}

/** Reads the `nonce` claim of a JWT without verifying it (the server verifies; this only rejects replays). */
function readNonce(idToken: string): string | null {
  const payload = idToken.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    const nonce = typeof claims === 'object' && claims !== null ? (claims as { nonce?: unknown }).nonce : undefined;
    return typeof nonce === 'string' ? nonce : null;
  } catch {
    return null;
  }
}

/** Waits for the popup's answer for this `state`; resolves with the ID token or rejects with a GooglePopupError. */
export function waitForIdToken(popup: Window, state: string, nonce: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(MESSAGE_TYPE) : null;
    let isSettled = false;
    let graceTimer: ReturnType<typeof setTimeout> | undefined;

    const finish = (outcome: () => void) => {
      if (isSettled) return;
      isSettled = true;
      window.clearInterval(pollTimer);
      if (graceTimer !== undefined) clearTimeout(graceTimer);
      window.removeEventListener('message', handleWindowMessage);
      channel?.close();
      if (!popup.closed) popup.close();
      outcome();
    };

    const handleAnswer = (data: unknown) => {
      // Answers for another attempt (an older popup) carry another state and are ignored.
      if (!isCallbackMessage(data) || data.state !== state) return;
      if (data.error) {
        const reason: GoogleFailureReason = UNAUTHORIZED_DOMAIN_ERRORS.has(data.error)
          ? 'unauthorized-domain'
          : 'unknown';
        finish(() => reject(new GooglePopupError(reason, data.error ?? 'unknown')));
      } else if (!data.idToken || readNonce(data.idToken) !== nonce) {
        finish(() => reject(new GooglePopupError('unknown', 'missing or mismatched token')));
      } else {
        const idToken = data.idToken;
        finish(() => resolve(idToken));
      }
    };

    function handleWindowMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin) return;
      handleAnswer(event.data);
    }

    const pollTimer = window.setInterval(() => {
      if (!popup.closed || graceTimer !== undefined) return;
      graceTimer = setTimeout(
        () => finish(() => reject(new GooglePopupError('popup-closed', 'closed'))),
        CLOSED_GRACE_MS,
      );
    }, CLOSED_POLL_MS);

    window.addEventListener('message', handleWindowMessage);
    if (channel) channel.onmessage = (event: MessageEvent) => handleAnswer(event.data);
  });
}
