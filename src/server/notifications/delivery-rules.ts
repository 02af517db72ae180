import type { LastSent, MailDelivery } from '../repositories/mail-delivery-queue.ts';
import type { AlertSubjectKindAll } from './channel-alert.ts';
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
  /**
   * A change queued this long after it happened reached the outbox late (see `queuedLate`). On time it takes a
   * check (at most 10 s), the monitor's write (1 s) and an outbox run (1 s); a full disk holds it far longer.
   */
  lateQueueMs: 30_000,
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
  /**
   * The change happened in a maintenance window of its service (decision 0020): its alerts were held on purpose,
   * so it folds into the later changes however late it was queued.
   */
  heldByMaintenance: boolean;
}

/** What a delivery is about: a service, a game server or the media server. */
export interface AlertSubject {
  kind: AlertSubjectKindAll;
  id: number;
}

/** Whether a maintenance window of the service was active at the time `at` (decision 0020). */
export type ServiceHeldAt = (serviceId: number, at: string) => Promise<boolean>;

/** Whether a maintenance window held the alerts of a change of `subject` made at `at`: services only. */
export async function heldByMaintenance(
  heldAt: ServiceHeldAt | undefined,
  subject: AlertSubject,
  at: string,
): Promise<boolean> {
  return subject.kind === 'service' && heldAt !== undefined && (await heldAt(subject.id, at));
}

/** What the rules read of the delivery itself. */
export type DecidedDelivery = Pick<
  MailDelivery,
  | 'preferenceEnabled'
  | 'user'
  | 'serviceIsNsfw'
  | 'isHiddenGameServer'
  | 'status'
  | 'attempts'
  | 'createdAt'
  | 'changedAt'
>;

/**
 * The exception to rule 2 (issue 27, item 4): a change that reached the outbox late, but would have been sent had it
 * come on time. A change's deliveries are normally queued within seconds. While the disk is full the monitor holds
 * its results and writes them, with each check's own time, when space returns (decision 0022): a 20 s outage then
 * reaches the outbox as a down and an up queued together; coalescing skipped the down and "no news" the up, so the
 * outage was never alerted. On time the down would have gone out at once: no later change existed yet. So a
 * delivery is decided as if its later changes did not exist yet when
 * - it was queued more than `lateQueueMs` after its change happened (createdAt minus changedAt);
 * - it was never attempted (attempts 0): flaps held back by a failing SMTP server or channel still fold;
 * - the quiet window did not hold its change back either: the last notification to this recipient about this
 *   subject came at least `minIntervalMs` before the change, or there was none. One sent since the change holds it
 *   back too: of several outages held together only the first is alerted, and a later change already told (say
 *   its worker ran while the one holding this delivery died) is never followed by this older one;
 * - no maintenance window held its change on purpose (decision 0020 folds those).
 * Rule 4 then never defers it (the last notification is more than 5 minutes old): it is sent unless the recipient
 * already has its state, and the later change follows the usual rules (an up 5 minutes after the down's mail). The
 * outbox takes an owner's deliveries in change order (alert-queue.repository.ts inserts them so), so the later
 * change is decided after this one.
 */
export function queuedLate(
  delivery: Pick<DecidedDelivery, 'attempts' | 'createdAt' | 'changedAt'>,
  context: Pick<DecisionContext, 'lastSent' | 'heldByMaintenance'>,
): boolean {
  if (delivery.attempts > 0 || context.heldByMaintenance) return false;
  const changedAt = Date.parse(delivery.changedAt);
  if (!(Date.parse(delivery.createdAt) - changedAt > OUTBOX_RULES.lateQueueMs)) return false;
  const last = context.lastSent;
  return last === undefined || Date.parse(last.sentAt) + OUTBOX_RULES.minIntervalMs <= changedAt;
}

/**
 * The send rules of e-mail and channel deliveries alike, in order:
 * 1. Only to someone who may still get it: preference or subscription enabled, account enabled and approved, the
 *    subject visible to them (an NSFW service, a hidden game server).
 * 2. Coalesce: a change superseded by a later one is skipped; the later one carries the current state. Except a
 *    change queued late that would have been sent on time (`queuedLate`): it is decided as if the later ones did
 *    not exist yet.
 * 3. No news: a state equal to the last one this preference was told about is skipped (a flap that ended
 *    where it began while earlier mails were held back).
 * 4. Anti-storm: within 5 minutes of the last notification, wait until the 5 minutes are over; by then
 *    rule 2 usually folds the flaps into one mail with the final state.
 * Rule 3 reads `lastTold`, the state of the last delivery that may have reached the recipient: sent, being sent,
 * or in doubt (its sender died after claiming it, maybe after SMTP accepted it). Comparing with recorded sends
 * alone would let a mail in doubt that did arrive swallow the next real change.
 */
export function decideDelivery(delivery: DecidedDelivery, context: DecisionContext): DeliveryDecision {
  if (!delivery.preferenceEnabled) return { action: 'skip', reason: 'preference disabled' };
  const user = delivery.user;
  if (!user.enabled || !isApproved(user)) return { action: 'skip', reason: 'account not active' };
  if (delivery.serviceIsNsfw && !canSeeNsfw(user)) return { action: 'skip', reason: 'service not visible' };
  if (delivery.isHiddenGameServer && !isAdminRole(user.role))
    return { action: 'skip', reason: 'game server not visible' };
  if (context.hasNewer && !queuedLate(delivery, context))
    return { action: 'skip', reason: 'superseded by a later change' };
  const last = context.lastSent;
  if (context.lastTold === delivery.status) return { action: 'skip', reason: 'recipient already has this state' };
  if (last) {
    const quietUntil = Date.parse(last.sentAt) + OUTBOX_RULES.minIntervalMs;
    if (context.now.getTime() < quietUntil) return { action: 'defer', until: new Date(quietUntil) };
  }
  return { action: 'send' };
}
