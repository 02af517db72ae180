import type { LastSent, MailDelivery } from '../repositories/mail-delivery-queue.ts';
import { canSeeNsfw, isAdminRole, isApproved } from '#shared/permissions';

/** The outbox's timing rules, in one place (docs/decisions/0005-notifications.md explains them). */
export const OUTBOX_RULES = {
  /** First retry after a failed attempt; each further one waits twice as long... */
  firstRetryMs: 30_000,
  /** ...up to this. */
  maxRetryMs: 30 * 60_000,
  /** A delivery still failing this long after it was created is given up (state failed). */
  giveUpAfterMs: 24 * 60 * 60_000,
  /** At most one notification per preference and service within this window (anti-storm). */
  minIntervalMs: 5 * 60_000,
  /** A claim older than this belongs to a worker that died; the delivery is sent again (at-least-once). */
  claimLeaseMs: 5 * 60_000,
} as const;

/** Wait before the next attempt after `failedAttempts` failures: 30 s, 60 s, 120 s ... capped at 30 min. */
export function retryDelayMs(failedAttempts: number): number {
  const exponent = Math.max(0, failedAttempts - 1);
  return Math.min(OUTBOX_RULES.maxRetryMs, OUTBOX_RULES.firstRetryMs * 2 ** Math.min(exponent, 20));
}

/** True when the delivery has been failing for longer than the outbox keeps trying. */
export function shouldGiveUp(createdAt: string, now: Date): boolean {
  return now.getTime() - Date.parse(createdAt) >= OUTBOX_RULES.giveUpAfterMs;
}

/** What to do with a claimed delivery. */
export type DeliveryDecision =
  { action: 'send' } | { action: 'skip'; reason: string } | { action: 'defer'; until: Date };

/** The facts the decision reads besides the delivery itself. */
export interface DecisionContext {
  now: Date;
  /** A later change of the same service already has a delivery for this preference. */
  hasNewer: boolean;
  lastSent: LastSent | undefined;
  /** The state of the last other delivery for this preference that may have reached the recipient. */
  lastTold: boolean | undefined;
}

/**
 * The send rules of e-mail and channel deliveries alike, in order:
 * 1. Only to someone who may still get it: preference or subscription enabled, account enabled and approved, the
 *    subject visible to them (an NSFW service, a hidden game server).
 * 2. Coalesce: a change superseded by a later one is skipped; the later one carries the current state.
 * 3. No news: a state equal to the last one this preference was told about is skipped (a flap that ended
 *    where it began while earlier mails were held back).
 * 4. Anti-storm: within 5 minutes of the last notification, wait until the 5 minutes are over; by then
 *    rule 2 usually folds the flaps into one mail with the final state.
 * Rule 3 reads `lastTold`, the state of the last delivery that may have reached the recipient: sent, being sent,
 * or in doubt (its sender died after claiming it, maybe after SMTP accepted it). Comparing with recorded sends
 * alone would let a mail in doubt that did arrive swallow the next real change.
 */
export function decideDelivery(
  delivery: Pick<MailDelivery, 'preferenceEnabled' | 'user' | 'serviceIsNsfw' | 'isHiddenGameServer' | 'status'>,
  context: DecisionContext,
): DeliveryDecision {
  if (!delivery.preferenceEnabled) return { action: 'skip', reason: 'preference disabled' };
  const user = delivery.user;
  if (!user.enabled || !isApproved(user)) return { action: 'skip', reason: 'account not active' };
  if (delivery.serviceIsNsfw && !canSeeNsfw(user)) return { action: 'skip', reason: 'service not visible' };
  if (delivery.isHiddenGameServer && !isAdminRole(user.role))
    return { action: 'skip', reason: 'game server not visible' };
  if (context.hasNewer) return { action: 'skip', reason: 'superseded by a later change' };
  const last = context.lastSent;
  if (context.lastTold === delivery.status) return { action: 'skip', reason: 'recipient already has this state' };
  if (last) {
    const quietUntil = Date.parse(last.sentAt) + OUTBOX_RULES.minIntervalMs;
    if (context.now.getTime() < quietUntil) return { action: 'defer', until: new Date(quietUntil) };
  }
  return { action: 'send' };
}
