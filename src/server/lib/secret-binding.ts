/**
 * A stored secret (a password, a token, an API key) belongs to the address it was saved with. An administrator who
 * could repoint an integration at a server of their own and keep the stored secret would receive it there in clear
 * (security.md, "Between roles"): so a change of address, saved or only tested, must bring every stored secret
 * again. This is the one rule for every integration with a secret, the SMTP settings included.
 */
import { addressKey } from '#shared/address-key';

// The comparable form of an address lives in src/shared: the browser's forms compare addresses the same way.
export { addressKey };

/** Which of a system's values are its address and which are secrets bound to it. */
export interface SecretBinding<F extends string> {
  /** Values that together say where a connection goes: a URL, or a host, port and TLS mode. */
  addressFields: readonly F[];
  /** Write-only values sent to that address. */
  secretFields: readonly F[];
}

/** Whether `next` points any address field elsewhere than `current`. */
export function addressChanged<F extends string>(
  binding: SecretBinding<F>,
  current: Readonly<Record<F, string | null>>,
  next: Readonly<Record<F, string | null>>,
): boolean {
  return binding.addressFields.some((field) => addressKey(current[field]) !== addressKey(next[field]));
}

/**
 * The secrets that a change would carry over to a new address: set in `next` only because they were stored
 * (the patch did not give them again). Empty when the address is unchanged, when `next` has no address at all
 * (the secrets go nowhere; giving an address later is a change that asks for them), or every secret was entered
 * anew or removed. The caller refuses the change (save or test) while this is not empty.
 */
export function secretsToReenter<F extends string>(
  binding: SecretBinding<F>,
  current: Readonly<Record<F, string | null>>,
  next: Readonly<Record<F, string | null>>,
  patch: Readonly<Partial<Record<F, string | null>>>,
): F[] {
  if (!addressChanged(binding, current, next)) return [];
  if (binding.addressFields.every((field) => addressKey(next[field]) === null)) return [];
  return binding.secretFields.filter((field) => {
    const given = patch[field];
    const enteredAgain = typeof given === 'string' && given !== '';
    return !enteredAgain && next[field] !== null && next[field] !== undefined && next[field] !== '';
  });
}
