/** The four modes of the /auth screen (SPEC section 2). */
export type AuthMode = 'login' | 'register' | 'reset' | 'change-password';

/** Lets a form switch the screen to another mode. */
export type SwitchMode = (mode: AuthMode) => void;
