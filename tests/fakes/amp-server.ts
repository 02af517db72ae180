import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { closeLocal, listenLocal } from './local-http.ts';

/**
 * A fake CubeCoders AMP controller (ADS) on 127.0.0.1, written from integrations.md section 1, failure modes
 * included: every call is a POST of JSON with SESSIONID in the body; a bad, missing or expired session answers
 * HTTP 200 `{"Title":"Unauthorized Access",...}` (or 401 when `unauthorizedStatus` says so); results come bare,
 * or wrapped as `{"result": X}` like AMP before 2.3; GetInstances lists targets (the controller with its own
 * `Module: "ADS"` row, and remote targets); start/stop/restart take the InstanceName and flip Running and
 * AppState; the per-instance proxy has its own login; a stopped instance's proxy answers "Instance Unavailable".
 */

export interface FakeAmpInstance {
  InstanceID: string;
  InstanceName: string;
  FriendlyName: string;
  Module: string;
  /** The instance process (ADS level). */
  Running: boolean;
  /** The game's ApplicationState: 0 Stopped, 20 Ready. */
  AppState: number;
  /** Omitted from the answer when null (stopped or Generic instances). */
  metrics: { cpu: number; memory: number; memoryLimit: number; users: number; maxUsers: number } | null;
  /** Game endpoint "0.0.0.0:25565"; an SFTP endpoint is always listed first. */
  endpoint: string | null;
  /** Which target lists it (0: the controller). */
  target: number;
}

export interface FakeAmpCall {
  path: string;
  /** The request body with the password removed. */
  body: Record<string, unknown>;
}

const SUPPORT = { SupportTitle: null, SupportURL: null };

export class FakeAmp {
  readonly instances = new Map<string, FakeAmpInstance>();
  readonly calls: FakeAmpCall[] = [];
  username = 'admin';
  password = 'amp-secret-password';
  /** Answer results as `{"result": X}` (AMP before 2.3). */
  wrapResults = false;
  /** How a refused session is answered: 200 with Title (AMP's usual way) or 401. */
  unauthorizedStatus: 200 | 401 = 200;
  /** Remote targets besides the controller (target 0). */
  remoteTargets = 0;
  /** Delay before every answer, for time-out tests. */
  delayMs = 0;
  /** Answers every call with this HTTP status and a plain-text body (a panel that is broken). */
  failWithStatus: number | null = null;
  /** ADS-level refusals: InstanceName -> Reason. */
  readonly refusals = new Map<string, string>();
  readonly #sessions = new Set<string>();
  readonly #instanceSessions = new Map<string, Set<string>>();
  #server: http.Server;
  baseUrl = '';

  constructor() {
    this.#server = http.createServer((request, response) => {
      this.#handle(request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      });
    });
  }

  async start(): Promise<this> {
    this.baseUrl = await listenLocal(this.#server);
    return this;
  }

  stop(): Promise<void> {
    return closeLocal(this.#server);
  }

  /** The environment that points an app at this panel. */
  get env(): { AMP_URL: string; AMP_USERNAME: string; AMP_PASSWORD: string } {
    return { AMP_URL: this.baseUrl, AMP_USERNAME: this.username, AMP_PASSWORD: this.password };
  }

  /** Adds an instance (defaults: a running Minecraft server with players and an endpoint). */
  addInstance(partial: Partial<FakeAmpInstance> & { InstanceName: string }): FakeAmpInstance {
    const instance: FakeAmpInstance = {
      InstanceID: randomUUID(),
      FriendlyName: partial.InstanceName,
      Module: 'MinecraftModule',
      Running: true,
      AppState: 20,
      metrics: { cpu: 12, memory: 2048, memoryLimit: 6144, users: 3, maxUsers: 20 },
      endpoint: '0.0.0.0:25565',
      target: 0,
      ...partial,
    };
    this.instances.set(instance.InstanceID, instance);
    return instance;
  }

  /** Forgets every session, as an ADS restart or a 240 s idle time-out would. */
  expireSessions(): void {
    this.#sessions.clear();
    this.#instanceSessions.clear();
  }

  /** Calls to a path (e.g. 'Core/Login'), counted. */
  count(path: string): number {
    return this.calls.filter((call) => call.path === path).length;
  }

  async #handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const path = (request.url ?? '').replace(/^\/API\//, '');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    } catch {
      return this.#send(response, 400, { Title: 'Bad Request', Message: 'Invalid JSON' }, false);
    }
    const { password: _password, ...logged } = body;
    this.calls.push({ path, body: logged });
    if (this.failWithStatus !== null) {
      response.writeHead(this.failWithStatus, { 'content-type': 'text/plain' }).end('Bad Gateway');
      return;
    }
    if (request.method !== 'POST' || !request.url?.startsWith('/API/')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    const proxy = /^ADSModule\/Servers\/([^/]+)\/API\/(.+)$/.exec(path);
    if (proxy) return this.#handleProxy(response, decodeURIComponent(proxy[1] ?? ''), proxy[2] ?? '', body);
    if (path === 'Core/Login') return this.#send(response, 200, this.#login(body, this.#sessions), false);
    if (!this.#sessions.has(String(body.SESSIONID))) return this.#unauthorized(response);
    switch (path) {
      case 'ADSModule/GetInstances':
        return this.#send(response, 200, this.#targets());
      case 'ADSModule/GetInstanceStatuses':
        return this.#send(
          response,
          200,
          [...this.instances.values()].map((i) => ({ InstanceID: i.InstanceID, Running: i.Running })),
        );
      case 'ADSModule/StartInstance':
      case 'ADSModule/StopInstance':
      case 'ADSModule/RestartInstance':
        return this.#send(response, 200, this.#adsAction(path, String(body.InstanceName)));
      default:
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
    }
  }

  #login(body: Record<string, unknown>, sessions: Set<string>): Record<string, unknown> {
    if (body.username !== this.username || body.password !== this.password) {
      return { success: false, result: 0, resultReason: 'Invalid username or password', sessionID: '' };
    }
    const sessionID = randomUUID();
    sessions.add(sessionID);
    return {
      success: true,
      result: 10,
      resultReason: '',
      sessionID,
      rememberMeToken: '',
      permissions: ['*'],
      userInfo: { ID: randomUUID(), Username: this.username, EmailAddress: '' },
    };
  }

  #targets(): unknown[] {
    const summaries = (target: number) =>
      [...this.instances.values()].filter((i) => i.target === target).map((i) => this.#summary(i));
    const controller = {
      Id: 1,
      InstanceId: randomUUID(),
      FriendlyName: 'Local Instances',
      IsRemote: false,
      State: 20,
      Platform: { CPUInfo: {}, InstalledRAMMB: 32_000 },
      Tags: [],
      URL: 'http://localhost:8080/',
      AvailableInstances: [
        {
          InstanceID: randomUUID(),
          InstanceName: 'ADS01',
          FriendlyName: 'ADS',
          Module: 'ADS',
          Running: true,
          AppState: 20,
        },
        ...summaries(0),
      ],
    };
    const remotes = Array.from({ length: this.remoteTargets }, (_, index) => ({
      Id: index + 2,
      InstanceId: randomUUID(),
      FriendlyName: `Remote ${index + 1}`,
      IsRemote: true,
      State: 20,
      URL: `http://10.0.0.${index + 2}:8080/`,
      AvailableInstances: summaries(index + 1),
    }));
    return [controller, ...remotes];
  }

  #summary(instance: FakeAmpInstance): Record<string, unknown> {
    const metric = (raw: number, max: number, units: string) => ({
      RawValue: raw,
      MaxValue: max,
      Percent: max > 0 ? Math.round((raw / max) * 100) : 0,
      Units: units,
      Color: null,
    });
    const m = instance.metrics;
    return {
      InstanceID: instance.InstanceID,
      TargetID: randomUUID(),
      InstanceName: instance.InstanceName,
      FriendlyName: instance.FriendlyName,
      Description: '',
      Module: instance.Module,
      ModuleDisplayName: instance.Module.replace(/Module$/, ''),
      AMPVersion: '2.6.0.4',
      IsHTTPS: false,
      IP: '127.0.0.1',
      Port: 8081,
      Daemon: true,
      DaemonAutostart: true,
      Suspended: false,
      IsContainerInstance: false,
      Running: instance.Running,
      AppState: instance.AppState,
      Metrics: m
        ? {
            'CPU Usage': metric(m.cpu, 100, '%'),
            'Memory Usage': metric(m.memory, m.memoryLimit, 'MB'),
            'Active Users': metric(m.users, m.maxUsers, 'Users'),
          }
        : {},
      ApplicationEndpoints: [
        { DisplayName: 'SFTP Server', Endpoint: '0.0.0.0:2224', Uri: 'sftp://0.0.0.0:2224' },
        ...(instance.endpoint
          ? [{ DisplayName: `${instance.FriendlyName} Server Address`, Endpoint: instance.endpoint, Uri: '' }]
          : []),
      ],
      DeploymentArgs: {},
    };
  }

  #adsAction(path: string, name: string): Record<string, unknown> {
    const instance = [...this.instances.values()].find((i) => i.InstanceName === name);
    if (!instance) return { Status: false, Reason: `No such instance: ${name}`, ...SUPPORT };
    const refusal = this.refusals.get(name);
    if (refusal) return { Status: false, Reason: refusal, ...SUPPORT };
    if (path === 'ADSModule/StartInstance') {
      if (instance.Running) return { Status: false, Reason: 'The instance is already running.', ...SUPPORT };
      instance.Running = true;
      instance.AppState = 20;
    } else if (path === 'ADSModule/StopInstance') {
      instance.Running = false;
      instance.AppState = 0;
    } else {
      instance.Running = true;
      instance.AppState = 20;
    }
    return { Status: true, Reason: null, ...SUPPORT };
  }

  #handleProxy(response: http.ServerResponse, id: string, method: string, body: Record<string, unknown>): void {
    const instance = this.instances.get(id);
    if (!instance?.Running) {
      return this.#send(response, 200, { Title: 'Instance Unavailable', Message: 'The instance is not running.' });
    }
    const sessions = this.#instanceSessions.get(id) ?? new Set<string>();
    this.#instanceSessions.set(id, sessions);
    if (method === 'Core/Login') return this.#send(response, 200, this.#login(body, sessions), false);
    if (!sessions.has(String(body.SESSIONID))) return this.#unauthorized(response);
    switch (method) {
      case 'Core/GetStatus':
        return this.#send(response, 200, { State: instance.AppState, Uptime: '0:01:02:03', Metrics: {} });
      case 'Core/Start':
      case 'Core/Restart':
        instance.AppState = 20;
        return this.#send(response, 200, { Status: true, Reason: null, ...SUPPORT });
      case 'Core/Stop':
        instance.AppState = 0;
        return this.#send(response, 200, null);
      default:
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
    }
  }

  #unauthorized(response: http.ServerResponse): void {
    const body = {
      Title: 'Unauthorized Access',
      Message: 'You do not have permission to access this method. Requires the Session.Exists permission.',
      StackTrace: '',
    };
    this.#send(response, this.unauthorizedStatus, body, false);
  }

  #send(response: http.ServerResponse, status: number, value: unknown, wrappable = true): void {
    const body = wrappable && this.wrapResults ? { result: value } : value;
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }
}

/** Starts a fake AMP on a free port of 127.0.0.1. */
export function startFakeAmp(): Promise<FakeAmp> {
  return new FakeAmp().start();
}
