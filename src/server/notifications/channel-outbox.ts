import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ChannelHttp } from '../integrations/channels/channel-http.ts';
import { CHANNEL_SENDERS } from '../integrations/channels/channel-senders.ts';
import { IntegrationError } from '../integrations/http/json-client.ts';
import type { Clock } from '../services/clock.ts';
import { iso } from '../services/clock.ts';
import { channelMessage, type AlertPayload } from './channel-alert.ts';
import type { ChannelDeliveriesRepository, ChannelDelivery } from '../repositories/channel-deliveries.repository.ts';
import {
  decideDelivery,
  heldByMaintenance,
  OUTBOX_RULES,
  retryDelayMs,
  shouldGiveUp,
  type ServiceHeldAt,
} from './delivery-rules.ts';

export interface ChannelOutboxDeps {
  deliveries: ChannelDeliveriesRepository;
  http: ChannelHttp;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Whether a maintenance window of the service was active at a given time (as the e-mail side's). */
  heldAt?: ServiceHeldAt;
}

export type ChannelOutcome = 'sent' | 'skipped' | 'deferred' | 'retried' | 'failed';

const MAX_SENDS_PER_RUN = 50;

/** What an attempt's failure says, for the row and the log: integration errors are already redacted. */
export function failureText(error: unknown): string {
  return error instanceof IntegrationError ? error.message : 'The channel could not be reached';
}

/**
 * The channel side of the notification outbox: claims due channel deliveries and sends them with their channel's
 * sender, under the e-mail deliveries' rules (delivery-rules.ts: who may still get it, coalescing, no news,
 * anti-storm, retries with backoff, giving up after a day), counted per channel and subject. A channel that fails
 * in a run is passed over for the rest of it, so one dead endpoint costs one time-out per run, not one per alert.
 */
export class ChannelOutbox {
  constructor(private readonly deps: ChannelOutboxDeps) {}

  async run(tally: (outcome: ChannelOutcome) => void): Promise<void> {
    const { deliveries, clock } = this.deps;
    await deliveries.releaseStaleClaims(iso(new Date(clock.now().getTime() - OUTBOX_RULES.claimLeaseMs)));
    const failing = new Set<number>();
    for (const { id, channelId } of await deliveries.due(iso(clock.now()), MAX_SENDS_PER_RUN)) {
      if (failing.has(channelId)) continue;
      const token = randomUUID();
      if (!(await deliveries.claim(id, token, iso(clock.now())))) continue;
      const outcome = await this.#deliver(id, token);
      if (outcome === 'retried' || outcome === 'failed') failing.add(channelId);
      tally(outcome);
    }
  }

  async #deliver(id: number, token: string): Promise<ChannelOutcome> {
    const { deliveries, clock } = this.deps;
    const delivery = await deliveries.load(id);
    if (!delivery) return 'skipped'; // its channel was deleted meanwhile (cascade)
    const now = clock.now();
    const hasNewer = await deliveries.hasNewer(delivery);
    const subject = { kind: delivery.subjectKind, id: delivery.subjectId };
    const decision = decideDelivery(delivery, {
      now,
      hasNewer,
      lastSent: await deliveries.lastSent(delivery),
      lastTold: await deliveries.lastTold(delivery),
      // Only a superseded change asks: nothing else depends on it.
      heldByMaintenance: hasNewer && (await heldByMaintenance(this.deps.heldAt, subject, delivery.changedAt)),
    });
    switch (decision.action) {
      case 'skip':
        await deliveries.finish(id, token, 'skipped', iso(now), decision.reason);
        return 'skipped';
      case 'defer':
        await deliveries.retryLater(id, token, iso(decision.until), undefined);
        return 'deferred';
      case 'send':
        return this.#send(delivery, token);
    }
  }

  async #send(delivery: ChannelDelivery, token: string): Promise<ChannelOutcome> {
    const { deliveries, clock, http, log } = this.deps;
    const { channel } = delivery;
    try {
      const message = channelMessage(JSON.parse(delivery.payload) as AlertPayload);
      await CHANNEL_SENDERS[channel.kind](http, channel, message);
      await deliveries.finish(delivery.id, token, 'sent', iso(clock.now()));
      return 'sent';
    } catch (error) {
      const reason = failureText(error);
      const now = clock.now();
      // Only the redacted reason is logged: the error's cause may hold a URL with a token in it.
      if (shouldGiveUp(delivery.createdAt, now)) {
        await deliveries.finish(delivery.id, token, 'failed', iso(now), reason);
        log.warn({ delivery: delivery.id, channel: channel.id, kind: channel.kind, reason }, 'channel alert given up');
        return 'failed';
      }
      const attempts = delivery.attempts + 1;
      const next = new Date(now.getTime() + retryDelayMs(attempts));
      await deliveries.retryLater(delivery.id, token, iso(next), { error: reason, attempts });
      return 'retried';
    }
  }
}
