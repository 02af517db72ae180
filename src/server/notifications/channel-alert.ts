import type { ChannelMessage } from '../integrations/channels/channel-http.ts';
import { formatDuration, formatTimestamp } from './format.ts';

/** What an alert is about: a service, a game server or the media server. */
export type AlertSubjectKindAll = 'service' | 'game_server' | 'media';

/** The facts of one status change, from service_status_changes or alert_subject_changes. */
export interface AlertFacts {
  subjectKind: AlertSubjectKindAll;
  subjectId: number;
  changeId: number;
  name: string;
  status: boolean;
  changedAt: string;
  previousChangedAt: string | null;
}

/**
 * The JSON alert every channel is built from, and the generic webhook's body (README "Alert webhooks"):
 * `id` is the same on every retry of one alert to one channel, so receivers can drop duplicates (delivery is
 * at-least-once).
 */
export interface AlertPayload {
  event: 'status_change' | 'test';
  id: string;
  subject: { kind: AlertSubjectKindAll; id: number; name: string };
  status: 'UP' | 'DOWN';
  changedAt: string;
  /** How long the previous state lasted ('2 hours 5 minutes'), or null when unknown. */
  previousStateDuration: string | null;
  message: string;
  site: { title: string; url: string };
}

export interface AlertSite {
  title: string;
  url: string;
}

export function alertPayload(facts: AlertFacts, site: AlertSite): AlertPayload {
  const status = facts.status ? 'UP' : 'DOWN';
  const span =
    facts.previousChangedAt === null ? NaN : Date.parse(facts.changedAt) - Date.parse(facts.previousChangedAt);
  return {
    event: 'status_change',
    id: `${facts.subjectKind}-${facts.changeId}`,
    subject: { kind: facts.subjectKind, id: facts.subjectId, name: facts.name },
    status,
    changedAt: facts.changedAt,
    previousStateDuration: Number.isFinite(span) ? formatDuration(span) : null,
    message: `${facts.name} is ${status}`,
    site,
  };
}

/** The test alert of "Send test": shaped like a real one, marked `event: "test"`. */
export function testPayload(now: Date, site: AlertSite): AlertPayload {
  return {
    event: 'test',
    id: `test-${now.getTime()}`,
    subject: { kind: 'service', id: 0, name: 'Test service' },
    status: 'DOWN',
    changedAt: now.toISOString(),
    previousStateDuration: null,
    message: 'This is a test notification from your dashboard',
    site,
  };
}

/** Title and text for people, from the stored alert. */
export function channelMessage(payload: AlertPayload): ChannelMessage {
  const isUp = payload.status === 'UP';
  const title = `[${payload.site.title}] ${payload.event === 'test' ? 'Test notification' : payload.message}`;
  const lines =
    payload.event === 'test'
      ? [payload.message]
      : [
          `${payload.subject.name} is ${payload.status} since ${formatTimestamp(payload.changedAt)}.`,
          ...(payload.previousStateDuration
            ? [`It was ${isUp ? 'DOWN' : 'UP'} for ${payload.previousStateDuration}.`]
            : []),
        ];
  return { title, text: [...lines, payload.site.url].join('\n'), isUp, payload: { ...payload } };
}
