import type { CheckSpec } from './check-spec.ts';
import { firstFailure, type CheckFacts } from './conditions/evaluate.ts';
import { parseCondition, type Condition } from './conditions/parse.ts';
import type { CheckOutcome } from './http-checker.ts';
import type { SocketObservation } from './socket-checker.ts';

/** What a check without conditions requires, per kind (HTTP keeps its status-range rule, see judgeHttp). */
const DEFAULTS: Record<'tcp' | 'tls' | 'dns', Condition[]> = {
  tcp: [parseCondition('[CONNECTED] == true')],
  tls: [parseCondition('[CONNECTED] == true')],
  dns: [parseCondition('[DNS_RCODE] == NOERROR')],
};

/**
 * Up when every condition holds. An exchange that failed before its facts existed reports the exchange's error
 * (`connect ECONNREFUSED ...`), not the condition it made fail, unless the conditions still hold (a check that
 * expects `[CONNECTED] == false`).
 */
function judge(
  conditions: readonly Condition[],
  facts: CheckFacts,
  error: string | null,
  base: CheckOutcome,
): CheckOutcome {
  const failure = firstFailure(conditions, facts);
  if (failure === null) return { ...base, up: true, error: null };
  return { ...base, up: false, error: !facts.connected && error !== null ? error : failure };
}

/** An HTTP outcome under the service's conditions; without conditions it stands as the checker judged it. */
export function judgeHttp(spec: CheckSpec, outcome: CheckOutcome): CheckOutcome {
  if (spec.conditions.length === 0 || outcome.refused) return outcome;
  const connected = outcome.status !== undefined;
  const facts: CheckFacts = { connected, responseTime: outcome.responseTime };
  if (connected) facts.status = outcome.status;
  if (outcome.body !== undefined) facts.body = outcome.body;
  if (outcome.ip !== undefined) facts.ip = outcome.ip;
  if (outcome.certificateExpirationMs !== undefined) facts.certificateExpirationMs = outcome.certificateExpirationMs;
  return judge(spec.conditions, facts, outcome.error, outcome);
}

/** A TCP, TLS or DNS observation under the service's conditions (or the kind's default). */
export function judgeObservation(spec: CheckSpec, observation: SocketObservation): CheckOutcome {
  const base: CheckOutcome = { up: false, responseTime: observation.facts.responseTime, error: observation.error };
  if (observation.refused) return { ...base, refused: true };
  // A handshake that completed with an untrusted certificate fails whatever the conditions say (see `insecure`).
  if (observation.error !== null && observation.facts.connected) return base;
  const kind = spec.kind === 'tls' || spec.kind === 'dns' ? spec.kind : 'tcp';
  const conditions = spec.conditions.length > 0 ? spec.conditions : DEFAULTS[kind];
  return judge(conditions, observation.facts, observation.error, base);
}
