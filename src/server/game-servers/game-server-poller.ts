import type { FastifyBaseLogger } from 'fastify';
import { ChangeSignal } from '../lib/change-signal.ts';
import { IntegrationError } from '../integrations/http/json-client.ts';
import { CoalescedRun } from '../lib/coalesced-run.ts';
import type { GameServerActionsRepository } from '../repositories/game-server-actions.repository.ts';
import type { GameServer, GameServersRepository } from '../repositories/game-servers.repository.ts';
import type { PollObserver } from '../metrics/observers.ts';
import type { SubjectStatusChange } from '../repositories/alert-subscriptions.repository.ts';
import type { Clock } from '../services/clock.ts';
import { iso } from '../services/clock.ts';
import { shouldAutoStart, USER_STOP_GRACE_MS } from './auto-start.ts';
import type { GameServerProvider, GameServerState } from './game-server-provider.ts';

export interface PollerDeps {
  provider: GameServerProvider;
  servers: GameServersRepository;
  actions: GameServerActionsRepository;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Starts a server for the autoStart rule (audited as automatic). */
  autoStart: (server: GameServer) => Promise<void>;
  /** Told when a poll finds another status, player count or failure than the last (live events). */
  onChanged?: () => void;
  /** Told the outcome and duration of each call of the provider (the Prometheus metrics). */
  onPolled?: PollObserver;
  /** Told which servers went up or down in a poll (alerts to the users subscribed to them). */
  onStatusChanges?: (changes: SubjectStatusChange[]) => Promise<void>;
  /**
   * Told the state of servers seen for the first time since this poller started, so the first state of a server
   * no change was ever recorded for is kept (status pages count uptime from it); the callee skips those it knows.
   */
  onStatesSeen?: (states: SubjectStatusChange[]) => Promise<void>;
}

/**
 * Keeps one provider's rows in step with it: one batched `list()` per poll (AMP: one GetInstances), applied to
 * the table in one transaction; the API reads the table, so any number of readers never multiplies provider
 * calls. A provider that cannot be asked marks its servers offline with the reason (admins see it) and delays
 * nothing else: each provider has its own poller and its own time-outs.
 */
export class GameServerPoller {
  readonly #polls = new CoalescedRun(() => this.#run());
  #lastFailure: string | null = null;
  readonly #changes: ChangeSignal;
  /** Servers whose state this poller has reported (as a change or as first seen). */
  readonly #reported = new Set<number>();

  constructor(private readonly deps: PollerDeps) {
    this.#changes = new ChangeSignal(deps.onChanged);
  }

  get provider(): GameServerProvider {
    return this.deps.provider;
  }

  /**
   * Polls once. A call while a poll is running gets one more poll after it (shared by every such caller), so
   * an action's "poll again at once" always sees the state after the action.
   */
  poll(): Promise<void> {
    return this.#polls.run();
  }

  /** Resolves once no poll is running (shutdown waits for it before the database closes). */
  idle(): Promise<void> {
    return this.#polls.idle();
  }

  async #run(): Promise<void> {
    const { provider, servers, clock } = this.deps;
    let states: GameServerState[];
    const before = this.deps.onStatusChanges ? await servers.listByProvider(provider.id) : [];
    const startedAt = performance.now();
    try {
      states = await provider.list();
    } catch (error) {
      const isUnconfigured = error instanceof IntegrationError && error.kind === 'not_configured';
      this.deps.onPolled?.(provider.id, isUnconfigured ? 'not_configured' : 'error', performance.now() - startedAt);
      const reason = error instanceof IntegrationError ? error.message : 'The game-server provider failed';
      await servers.markUnreachable(provider.id, reason, iso(clock.now()));
      await this.#reportStatusChanges(before);
      // Once per distinct failure: a panel that stays down must not fill the log every 10 s. An unconfigured
      // provider is a choice, not a failure.
      if (reason !== this.#lastFailure) {
        if (isUnconfigured) this.deps.log.info({ provider: provider.id }, 'game-server provider not configured');
        else this.deps.log.warn({ provider: provider.id, reason }, 'game-server poll failed');
      }
      this.#lastFailure = reason;
      this.#noteState(`failed: ${reason}`);
      return;
    }
    this.deps.onPolled?.(provider.id, 'ok', performance.now() - startedAt);
    if (this.#lastFailure !== null) this.deps.log.info({ provider: provider.id }, 'game-server poll works again');
    this.#lastFailure = null;
    await servers.applySnapshot(provider.id, states, iso(clock.now()), provider.discovers);
    await this.#reportStatusChanges(before);
    // CPU and memory move at every poll and the cards poll for them; a push is for what a person waits on.
    this.#noteState(
      JSON.stringify(states.map((state) => [state.instanceId, state.online, state.playerCount, state.maxPlayers])),
    );
    if (provider.canControl) await this.#applyAutoStart(states);
  }

  /**
   * Servers whose up/down state differs from before the poll; a server new in this poll sets its state silently.
   * Servers seen for the first time by this poller, and not changed, have their state reported as first seen.
   */
  async #reportStatusChanges(before: readonly GameServer[]): Promise<void> {
    const { onStatusChanges: report, onStatesSeen: seen } = this.deps;
    if (!report && !seen) return;
    const was = new Map(before.map((server) => [server.id, server.status]));
    // A row not yet polled (a query server just added) has no observed state.
    const after = (await this.deps.servers.listByProvider(this.deps.provider.id)).filter(
      (server) => server.lastStatusCheck !== null,
    );
    const subject = (server: GameServer): SubjectStatusChange => ({
      subjectKind: 'game_server',
      subjectId: server.id,
      name: server.displayName ?? server.providerName ?? server.name,
      status: server.status,
    });
    const changed = after.filter((server) => was.has(server.id) && was.get(server.id) !== server.status);
    if (report && changed.length > 0) await report(changed.map(subject));
    const changedIds = new Set(changed.map((server) => server.id));
    const firstSeen = after.filter((server) => !changedIds.has(server.id) && !this.#reported.has(server.id));
    if (seen && firstSeen.length > 0) await seen(firstSeen.map(subject));
    for (const server of after) this.#reported.add(server.id);
  }

  #noteState(key: string): void {
    this.#changes.note(key);
  }

  async #applyAutoStart(states: GameServerState[]): Promise<void> {
    const { servers, actions, clock, provider } = this.deps;
    const byId = new Map(states.map((state) => [state.instanceId, state]));
    const candidates = (await servers.listByProvider(provider.id)).filter((row) => row.autoStart && !row.missing);
    for (const row of candidates) {
      const state = byId.get(row.instanceId);
      if (!state) continue;
      const now = clock.now();
      const lastAutomatic = await actions.lastAutomaticAt(row.instanceId);
      const facts = {
        row,
        state,
        canControl: provider.canControl,
        stoppedByUserLately: await actions.stoppedByUserSince(
          row.instanceId,
          iso(new Date(now.getTime() - USER_STOP_GRACE_MS)),
        ),
        lastAutomaticAt: lastAutomatic ? new Date(lastAutomatic) : null,
        now,
      };
      if (shouldAutoStart(facts)) await this.deps.autoStart(row);
    }
  }
}
