// The one place that notices a session ending under an open page: the server ends sessions on its own (a role
// change, loss of approval, deletion, a password change elsewhere), and the page learns it only from a 401.
// Every API answer passes through http.client, which reports such 401s here; the query client listens and
// forgets the user, and the route guards then show /auth.

type Listener = () => void;
const listeners = new Set<Listener>();
// Counts sessions as this page sees them: bumped when one starts (sign-in) and when one is found ended, so a
// 401 is reported once per session, and a late 401 to a request sent before a new sign-in is ignored.
let generation = 0;

/** The session a request is sent in; hand it back to noteUnauthorized with that request's 401. */
export function sessionGeneration(): number {
  return generation;
}

/** Records that a new session began (sign-in, registration): 401s to requests sent before it don't end it. */
export function noteSessionStarted(): void {
  generation += 1;
}

/** Reports a 401 to a request sent in session `sentIn`; listeners hear of it once per session. */
export function noteUnauthorized(sentIn: number): void {
  if (sentIn !== generation) return;
  generation += 1;
  for (const listener of listeners) listener();
}

/** Subscribes to the end of the session; returns the unsubscribe function. */
export function onSessionEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
