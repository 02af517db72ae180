import { useState } from 'react';
import { useLocation } from 'wouter';
import { MSG } from '#shared/messages';
import { AUTH_TEXT } from '#shared/ui-messages';
import { signInWithGoogleToken } from '../../api/auth.api';
import { ApiError, isNetworkError } from '../../api/api-error';
import { toast } from '../../hooks/use-toast';
import { useSiteSettings } from '../../hooks/use-site-settings';
import {
  buildAuthorizationUrl,
  callbackUrl,
  GooglePopupError,
  openSignInPopup,
  randomToken,
  waitForIdToken,
} from './google-sign-in';
import { useSetSignedInUser } from './use-session-update';

function failureText(error: unknown): string {
  if (error instanceof GooglePopupError) {
    switch (error.reason) {
      case 'popup-closed':
        return AUTH_TEXT.popupClosed;
      case 'unauthorized-domain':
        return AUTH_TEXT.unauthorizedDomain;
      case 'unknown':
        return AUTH_TEXT.googleGeneric;
    }
  }
  if (isNetworkError(error)) return AUTH_TEXT.networkError;
  if (error instanceof ApiError) return error.serverMessage ?? AUTH_TEXT.googleGeneric;
  return AUTH_TEXT.googleGeneric;
}

function showFailure(description: string): void {
  toast({ title: AUTH_TEXT.authFailed, description, variant: 'destructive' });
}

/** The 'Sign in with Google' flow: popup, ID token, POST /api/auth/google, toasts and navigation of SPEC. */
export function useGoogleSignIn(): { signIn: () => void; isPending: boolean } {
  const [isPending, setIsPending] = useState(false);
  const [, navigate] = useLocation();
  const { settings } = useSiteSettings();
  const setSignedInUser = useSetSignedInUser();

  const run = async (popup: Window, state: string, nonce: string) => {
    setIsPending(true);
    toast({ title: AUTH_TEXT.connectingToGoogle, description: 'Complete the sign-in in the pop-up window.' });
    try {
      const idToken = await waitForIdToken(popup, state, nonce);
      const user = await signInWithGoogleToken({ token: idToken });
      setSignedInUser(user);
      toast({ title: AUTH_TEXT.googleSuccess, description: `Welcome, ${user.username}!` });
      navigate('/');
    } catch (error) {
      if (error instanceof ApiError && error.status === 403 && error.body?.requiresApproval === true) {
        toast({ title: AUTH_TEXT.accountCreated, description: error.serverMessage ?? MSG.accountNeedsApproval });
        navigate('/auth?pending=true');
        return;
      }
      showFailure(failureText(error));
    } finally {
      setIsPending(false);
    }
  };

  const signIn = () => {
    const clientId = settings.google_client_id;
    if (!clientId) {
      showFailure(MSG.googleNotConfigured);
      return;
    }
    const state = randomToken();
    const nonce = randomToken();
    // window.open must run synchronously inside the click, or the browser treats it as an unwanted pop-up.
    const popup = openSignInPopup(
      buildAuthorizationUrl({ authUrl: settings.google_auth_url, clientId, redirectUri: callbackUrl(), nonce, state }),
    );
    if (!popup) {
      showFailure(AUTH_TEXT.popupBlocked);
      return;
    }
    void run(popup, state, nonce);
  };

  return { signIn, isPending };
}
