import type { z } from 'zod';
import type { GameServerAction, GameServerState } from '../../game-servers/game-server-provider.ts';
import { metadataTargetPolicy } from '../../monitor/metadata-targets.ts';
import { IntegrationError, JsonClient, parseAnswer } from '../http/json-client.ts';
import { z as zod } from 'zod';
import { ampActionResult, ampErrorAnswer, ampLoginAnswer, ampTargets, type AmpInstanceSummary } from './amp.schemas.ts';

export interface AmpConfig {
  url: string;
  username: string;
  password: string;
  /**
   * The site setting allow_metadata_targets: AMP is an administrator's LAN address, so loopback and private
   * addresses are reached, but a cloud metadata address only when this is true (docs/decisions/0009).
   */
  allowMetadataTargets?: boolean;
}

const SYSTEM = 'AMP';
const DEFAULT_TIMEOUT_MS = 8_000;
/** ApplicationState.Ready: the game inside the instance is up (integrations.md; community dashboards agree). */
const APP_STATE_READY = 20;
/** AuthenticationResult.Success. */
const LOGIN_SUCCESS = 10;
/** ApplicationState Stopped (0) and Failed (100): nothing is on its way up. */
const STOPPED_STATES = new Set([0, 100]);
const ADS_ACTIONS: Record<GameServerAction, string> = {
  start: 'ADSModule/StartInstance',
  stop: 'ADSModule/StopInstance',
  restart: 'ADSModule/RestartInstance',
};
const CORE_ACTIONS: Record<GameServerAction, string> = {
  start: 'Core/Start',
  stop: 'Core/Stop',
  restart: 'Core/Restart',
};

/** True for AMP's "your session is not valid" answers: HTTP 401, or HTTP 200 with Title "Unauthorized Access". */
function isSessionRefusal(status: number, body: unknown): boolean {
  if (status === 401) return true;
  const error = ampErrorAnswer.safeParse(body);
  return error.success && error.data.Title === 'Unauthorized Access';
}

/** AMP before 2.3 wrapped results as `{"result": X}`; current AMP answers X bare. Both are read. */
function unwrap(body: unknown): unknown {
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const keys = Object.keys(body);
    if (keys.length === 1 && keys[0] === 'result') return (body as { result: unknown }).result;
  }
  return body;
}

function metricValue(summary: AmpInstanceSummary, key: string, field: 'RawValue' | 'MaxValue'): number {
  const value = summary.Metrics?.[key]?.[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** The game's port: the first application endpoint that is not SFTP ("0.0.0.0:25565" -> 25565). */
function gamePort(summary: AmpInstanceSummary): number | null {
  for (const endpoint of summary.ApplicationEndpoints ?? []) {
    const isSftp = /sftp/i.test(endpoint.DisplayName ?? '') || /^sftp:/i.test(endpoint.Uri ?? '');
    if (isSftp) continue;
    const match = /:(\d{1,5})$/.exec(endpoint.Endpoint ?? '');
    const port = match ? Number(match[1]) : NaN;
    if (port > 0 && port < 65_536) return port;
  }
  return null;
}

/** One AMP instance as our own type. */
export function toGameServerState(summary: AmpInstanceSummary): GameServerState {
  return {
    instanceId: summary.InstanceID,
    name: summary.InstanceName,
    displayName: summary.FriendlyName?.trim() || summary.InstanceName,
    type: summary.Module ?? 'Unknown',
    online: summary.AppState === APP_STATE_READY,
    playerCount: metricValue(summary, 'Active Users', 'RawValue'),
    maxPlayers: metricValue(summary, 'Active Users', 'MaxValue'),
    cpuUsage: metricValue(summary, 'CPU Usage', 'RawValue'),
    memoryUsage: metricValue(summary, 'Memory Usage', 'RawValue'),
    maxMemory: metricValue(summary, 'Memory Usage', 'MaxValue'),
    port: gamePort(summary),
    stopped: !summary.Running || STOPPED_STATES.has(summary.AppState ?? -1),
  };
}

/**
 * A client of an AMP controller (ADS), following integrations.md section 1: every call is a POST of JSON with
 * the session id in the body; a refused session (HTTP 200 "Unauthorized Access" or 401) logs in again once and
 * retries; `{"result": X}` is unwrapped. The password and session ids never appear in an error message.
 */
export class AmpClient {
  readonly #config: AmpConfig;
  readonly #http: JsonClient;
  #sessionId: string | null = null;
  #login: Promise<string> | null = null;

  constructor(config: AmpConfig, options: { timeoutMs?: number } = {}) {
    this.#config = config;
    this.#http = new JsonClient({
      system: SYSTEM,
      baseUrl: config.url,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      secrets: () => [config.password, ...(this.#sessionId ? [this.#sessionId] : [])],
      guard: metadataTargetPolicy(() => config.allowMetadataTargets === true),
    });
  }

  /** Closes the client's connections (a client built for one test of the settings). */
  async close(): Promise<void> {
    await this.#http.close();
  }

  /** Every instance on every target, the controller's own ADS row left out. */
  async listInstances(): Promise<AmpInstanceSummary[]> {
    const targets = await this.#call('ADSModule/GetInstances', { ForceIncludeSelf: false }, ampTargets);
    return targets.flatMap((target) => target.AvailableInstances ?? []).filter((instance) => instance.Module !== 'ADS');
  }

  /** Starts, stops or restarts an instance; AMP's refusal becomes an IntegrationError carrying its Reason. */
  async act(
    instance: Pick<AmpInstanceSummary, 'InstanceID' | 'InstanceName'>,
    action: GameServerAction,
  ): Promise<void> {
    const result = await this.#call(ADS_ACTIONS[action], { InstanceName: instance.InstanceName }, ampActionResult);
    if (result.Status) return;
    const reason = result.Reason?.trim() || `AMP refused to ${action} ${instance.InstanceName}`;
    // The ADS call acts on the instance process; when that is already up, the game inside it is started,
    // stopped or restarted through the instance's own API (integrations.md: level 2, the documented fallback).
    const current = (await this.listInstances()).find((entry) => entry.InstanceID === instance.InstanceID);
    if (!current?.Running) throw new IntegrationError(SYSTEM, 'refused', reason);
    await this.#proxiedAction(instance.InstanceID, action, reason);
  }

  /** Logs in and counts the instances: the Settings page's "Test connection". */
  async testConnection(): Promise<{ instanceCount: number }> {
    this.#sessionId = null;
    return { instanceCount: (await this.listInstances()).length };
  }

  async #proxiedAction(instanceId: string, action: GameServerAction, adsReason: string): Promise<void> {
    const base = `ADSModule/Servers/${encodeURIComponent(instanceId)}/API`;
    const session = await this.#loginAt(`${base}/Core/Login`);
    const { data } = await this.#http.request(
      { path: `/API/${base}/${CORE_ACTIONS[action]}`, body: { SESSIONID: session }, schema: zod.unknown() },
      [401],
    );
    const body = unwrap(data);
    const error = ampErrorAnswer.safeParse(body);
    if (error.success) throw new IntegrationError(SYSTEM, 'refused', error.data.Message?.trim() || adsReason);
    // Core/Stop answers nothing; Core/Start and Core/Restart answer an ActionResult.
    const result = ampActionResult.safeParse(body);
    if (result.success && !result.data.Status) {
      throw new IntegrationError(SYSTEM, 'refused', result.data.Reason?.trim() || adsReason);
    }
  }

  async #call<T>(method: string, params: Record<string, unknown>, schema: z.ZodType<T>): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      const session = await this.#session();
      const { status, data } = await this.#http.request(
        { path: `/API/${method}`, body: { ...params, SESSIONID: session }, schema: zod.unknown() },
        [401],
      );
      if (isSessionRefusal(status, data)) {
        if (this.#sessionId === session) this.#sessionId = null;
        if (attempt === 0) continue;
        throw new IntegrationError(SYSTEM, 'refused', `${SYSTEM}: the session was refused right after logging in`);
      }
      const body = unwrap(data);
      const error = ampErrorAnswer.safeParse(body);
      if (error.success && !Array.isArray(body)) {
        throw new IntegrationError(SYSTEM, 'refused', `${error.data.Title}: ${error.data.Message ?? ''}`.trim());
      }
      return parseAnswer(SYSTEM, schema, body, method);
    }
  }

  /** The current session id, logging in once for all callers waiting at the same time. */
  async #session(): Promise<string> {
    if (this.#sessionId) return this.#sessionId;
    this.#login ??= this.#loginAt('Core/Login').finally(() => {
      this.#login = null;
    });
    const session = await this.#login;
    this.#sessionId = session;
    return session;
  }

  async #loginAt(method: string): Promise<string> {
    if (!this.#config.url || !this.#config.username) {
      throw new IntegrationError(SYSTEM, 'not_configured', 'AMP is not configured');
    }
    const { data } = await this.#http.request({
      path: `/API/${method}`,
      body: { username: this.#config.username, password: this.#config.password, token: '', rememberMe: false },
      schema: ampLoginAnswer,
    });
    if (!data.success || !data.sessionID || (data.result !== undefined && data.result !== LOGIN_SUCCESS)) {
      const reason = data.resultReason?.trim() || `login failed (result ${data.result ?? 'unknown'})`;
      throw new IntegrationError(SYSTEM, 'refused', `AMP: ${reason}`);
    }
    return data.sessionID;
  }
}
