import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/server-node.mjs';
import { readEnv } from '../../src/server/env.ts';
import { SHUTDOWN_LIMIT_MS } from '../../src/server/shutdown.ts';
import { closedPort } from '../helpers/closed-port.ts';
import { ROOT } from '../helpers/server-process.ts';

/**
 * Issue 15: this machine has no Docker daemon, so the image is never built here. What can be checked without one
 * is checked: the Dockerfile copies only what exists (or what its build stage makes), `.dockerignore` keeps none of
 * it out, the image starts the server as `npm start` does on the port and data folder README names, the
 * HEALTHCHECK command reads /healthz right, and compose.yaml parses and runs this Dockerfile.
 */

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface Instruction {
  keyword: string;
  args: string;
  /** Index of the FROM stage it belongs to (-1: before the first FROM, i.e. global ARGs). */
  stage: number;
}

/** The Dockerfile's instructions: continuation lines joined, comments and blank lines dropped. */
function instructions(text: string): Instruction[] {
  const logical = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  let stage = -1;
  return logical.map((line) => {
    const [keyword = '', ...rest] = line.split(/\s+/);
    if (keyword.toUpperCase() === 'FROM') stage += 1;
    return { keyword: keyword.toUpperCase(), args: rest.join(' '), stage };
  });
}

interface Copy {
  from: string | null;
  sources: string[];
  destination: string;
}

function copies(list: Instruction[], stage: number): Copy[] {
  return list
    .filter((step) => step.keyword === 'COPY' && step.stage === stage)
    .map((step) => {
      const words = step.args.split(/\s+/);
      const flags = words.filter((word) => word.startsWith('--'));
      const paths = words.filter((word) => !word.startsWith('--'));
      const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length) ?? null;
      return { from, sources: paths.slice(0, -1), destination: paths.at(-1) ?? '' };
    });
}

/** ENV KEY=value pairs of a stage. */
function envOf(list: Instruction[], stage: number): Record<string, string> {
  const pairs = list
    .filter((step) => step.keyword === 'ENV' && step.stage === stage)
    .flatMap((step) => step.args.split(/\s+/))
    .map((pair) => pair.split('='));
  return Object.fromEntries(pairs.map(([key = '', ...value]) => [key, value.join('=')]));
}

function single(list: Instruction[], keyword: string, stage: number): string {
  const found = list.filter((step) => step.keyword === keyword && step.stage === stage);
  expect(found, keyword).toHaveLength(1);
  return found[0]?.args ?? '';
}

/** True when a .dockerignore pattern keeps `file` (a path relative to the context) out of the context. */
function ignoredBy(patterns: string[], file: string): string | undefined {
  return patterns.find((pattern) => {
    const regex = new RegExp(
      `^${pattern
        .replace(/\/$/, '')
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '[^/]*')}(/|$)`,
    );
    return regex.test(file) || (!pattern.includes('/') && regex.test(path.basename(file)));
  });
}

const dockerfile = instructions(read('Dockerfile'));
const stages = dockerfile.filter((step) => step.keyword === 'FROM');
const BUILD = 0;
const RUNTIME = stages.length - 1;
const runtimeEnv = envOf(dockerfile, RUNTIME);
const workdir = single(dockerfile, 'WORKDIR', BUILD);
const cmd = JSON.parse(single(dockerfile, 'CMD', RUNTIME)) as string[];
const readme = read('README.md');
const containerSection = readme.slice(
  readme.indexOf('## Container'),
  readme.indexOf('\n## ', readme.indexOf('## Container') + 1),
);

describe('Dockerfile', () => {
  it('builds in one stage and runs in a slim Debian stage of the Node major package.json asks for', () => {
    expect(stages).toHaveLength(2);
    expect(stages[BUILD]?.args).toMatch(/^node:\$\{NODE_VERSION\}-bookworm AS build$/);
    expect(stages[RUNTIME]?.args).toMatch(/^node:\$\{NODE_VERSION\}-bookworm-slim AS runtime$/);
    const nodeVersion = dockerfile.find((step) => step.keyword === 'ARG' && step.args.startsWith('NODE_VERSION='));
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    expect(engines).toMatch(new RegExp(`^>=${nodeVersion?.args.split('=')[1]}\\.`));
  });

  it('copies into the build stage only files that exist and that .dockerignore lets through', () => {
    const ignore = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    const sources = copies(dockerfile, BUILD).flatMap((copy) => copy.sources);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(fs.existsSync(path.join(ROOT, source)), `${source} exists`).toBe(true);
      expect(ignoredBy(ignore, source), `${source} is not in .dockerignore`).toBeUndefined();
    }
    // What the host built or installed never reaches the image: the image installs and builds its own.
    expect(ignoredBy(ignore, 'node_modules')).toBeDefined();
    expect(ignoredBy(ignore, 'dist/server/main.js')).toBeDefined();
  });

  it('copies every input of the build that `npm start` watches (scripts/start.mjs)', () => {
    const list = /const buildInputs = \[([^\]]*)\]/.exec(read('scripts/start.mjs'))?.[1] ?? '';
    const inputs = [...list.matchAll(/'([^']+)'/g)].map((match) => match[1] ?? '');
    expect(inputs).toContain('src');
    const copied = copies(dockerfile, BUILD).flatMap((copy) => copy.sources);
    for (const input of inputs) {
      expect(
        copied.some((source) => input === source || input.startsWith(`${source}/`)),
        input,
      ).toBe(true);
    }
  });

  it('copies into the runtime stage only what the build stage copied or made', () => {
    const runtimeCopies = copies(dockerfile, RUNTIME);
    expect(runtimeCopies.map((copy) => copy.from)).toEqual(runtimeCopies.map(() => 'build'));
    const buildCopied = copies(dockerfile, BUILD).flatMap((copy) => copy.sources);
    const buildRuns = dockerfile
      .filter((step) => step.keyword === 'RUN' && step.stage === BUILD)
      .map((step) => step.args)
      .join(' && ');
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    // Outputs of the build stage's commands, and where package.json and the build script put them.
    const made: Record<string, boolean> = {
      node_modules: /\bnpm ci\b/.test(buildRuns),
      dist:
        /\bnpm run build\b/.test(buildRuns) &&
        /--outDir dist\/client\b/.test(scripts['build:client'] ?? '') &&
        read('scripts/build-server.mjs').includes("'dist/server'"),
    };
    for (const source of runtimeCopies.flatMap((copy) => copy.sources)) {
      expect(source.startsWith(`${workdir}/`), source).toBe(true);
      const inRepo = source.slice(workdir.length + 1);
      expect(buildCopied.includes(inRepo) || made[inRepo] === true, `${inRepo} is copied or made`).toBe(true);
    }
    // The bundle is an ES module because package.json says "type": "module".
    expect(runtimeCopies.some((copy) => copy.sources.includes(`${workdir}/package.json`))).toBe(true);
    // Dev dependencies do not reach the runtime image.
    expect(buildRuns).toMatch(/npm prune --omit=dev/);
  });

  it('runs the server as `npm start` does, as a user other than root', () => {
    expect(cmd).toEqual(['node', ...SERVER_NODE_FLAGS, 'dist/server/main.js']);
    const start = read('scripts/start.mjs');
    expect(start).toContain("[...SERVER_NODE_FLAGS, 'dist/server/main.js']");
    expect((JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts.start).toBe(
      'node scripts/start.mjs',
    );
    for (const [key, value] of Object.entries(SERVER_ENV)) expect(runtimeEnv[key], key).toBe(value);
    expect(runtimeEnv.NODE_ENV).toBe('production');
    expect(containerSection).toContain(`\`${cmd.join(' ')}\``);
    const user = single(dockerfile, 'USER', RUNTIME);
    expect(user).not.toMatch(/^(root|0)(:|$)/);
  });

  it('listens on the port README and the configuration name, and keeps DATA_DIR in a volume', () => {
    const port = String(readEnv({}).PORT);
    expect(single(dockerfile, 'EXPOSE', RUNTIME)).toBe(port);
    expect(runtimeEnv.PORT).toBe(port);
    expect(runtimeEnv.HOST).toBe('0.0.0.0');
    expect(readme).toContain(`http://localhost:${port}`);
    expect(containerSection).toContain(`-p ${port}:${port}`);
    expect(JSON.parse(single(dockerfile, 'VOLUME', RUNTIME))).toEqual([runtimeEnv.DATA_DIR]);
  });
});

describe('HEALTHCHECK', () => {
  const healthcheck = single(dockerfile, 'HEALTHCHECK', RUNTIME);
  const command = JSON.parse(healthcheck.slice(healthcheck.indexOf('CMD ') + 4)) as string[];
  let server: http.Server;
  let answer = 200;
  const asked: string[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      asked.push(request.url ?? '');
      response.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  /** Runs the image's health command with this Node and PORT; resolves with its exit code. */
  function runCheck(port: number): Promise<number | null> {
    const [program, ...args] = command;
    expect(program).toBe('node'); // the slim image has no curl or wget
    const child = spawn(process.execPath, args, { env: { PORT: String(port) }, stdio: 'ignore' });
    return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  it('asks GET /healthz on the configured port and passes on a 200', async () => {
    answer = 200;
    asked.length = 0;
    expect(await runCheck((server.address() as AddressInfo).port)).toBe(0);
    expect(asked).toEqual(['/healthz']);
  });

  it('fails on any other answer and when nothing listens', async () => {
    answer = 503;
    expect(await runCheck((server.address() as AddressInfo).port)).toBe(1);
    expect(await runCheck(await closedPort())).toBe(1);
  });
});

interface ComposeService {
  build?: { context: string; dockerfile: string };
  image?: string;
  profiles?: string[];
  ports?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  stop_grace_period?: string;
  depends_on?: Record<string, { condition: string; required?: boolean }>;
}

describe('compose.yaml', () => {
  const text = read('compose.yaml');
  const compose = parse(text) as { services: Record<string, ComposeService>; volumes: Record<string, unknown> };
  const app = compose.services.app;
  const postgres = compose.services.postgres;

  it('builds the app from this Dockerfile and publishes its port, with DATA_DIR on a named volume', () => {
    expect(app?.build).toEqual({ context: '.', dockerfile: 'Dockerfile' });
    expect(app?.profiles).toBeUndefined();
    const port = single(dockerfile, 'EXPOSE', RUNTIME);
    expect(app?.ports).toEqual([`${port}:${port}`]);
    const mounts = (app?.volumes ?? []).map((volume) => volume.split(':'));
    const data = mounts.find(([, target]) => target === runtimeEnv.DATA_DIR);
    expect(data, 'a volume at DATA_DIR').toBeDefined();
    expect(Object.keys(compose.volumes)).toContain(data?.[0]);
  });

  it('gives the server more time to stop than its own shutdown limit', () => {
    const seconds = Number(/^(\d+)s$/.exec(app?.stop_grace_period ?? '')?.[1]);
    expect(seconds * 1000).toBeGreaterThan(SHUTDOWN_LIMIT_MS);
  });

  it('offers PostgreSQL 15 as an optional profile, with the DATABASE_URL that reaches it', () => {
    expect(postgres?.image).toMatch(/^postgres:15\b/);
    expect(postgres?.profiles).toEqual(['postgres']);
    // Without the profile the app must still start: the dependency is optional.
    expect(app?.depends_on?.postgres).toEqual({ condition: 'service_healthy', required: false });
    expect(app?.environment).toHaveProperty('DATABASE_URL');
    const user = postgres?.environment?.POSTGRES_USER;
    const database = postgres?.environment?.POSTGRES_DB;
    expect(text).toContain(`DATABASE_URL=postgres://${user}:`);
    expect(text).toMatch(new RegExp(`postgres://${user}:[^@\\s]+@postgres:5432/${database}\\b`));
    expect(containerSection).toMatch(
      new RegExp(`DATABASE_URL=postgres://${user}:[^@\\s]+@postgres:5432/${database}\\b`),
    );
  });
});

describe('README', () => {
  it('has a Container section that says the image is not built here', () => {
    expect(containerSection).toMatch(/^## Container\n/);
    expect(containerSection).toMatch(/no Docker daemon/i);
    expect(containerSection).toContain('docker compose up -d');
    expect(containerSection).toContain('/healthz');
  });
});
