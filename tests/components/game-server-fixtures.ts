import { vi } from 'vitest';
import type { GameServerWire } from '#shared/schemas/game-servers';

let nextId = 1;

/** A game server as GET /api/game-servers lists it: an online AMP server with players, unless told otherwise. */
export function gameServer(partial: Partial<GameServerWire> = {}): GameServerWire {
  const id = partial.id ?? nextId++;
  return {
    id,
    instanceId: `instance-${id}`,
    name: `Server${id}`,
    displayName: null,
    type: 'Minecraft',
    status: true,
    playerCount: 3,
    maxPlayers: 20,
    hidden: false,
    icon: null,
    background: null,
    show_player_count: true,
    show_status_badge: true,
    autoStart: false,
    lastStatusCheck: '2030-05-01T10:00:00.000Z',
    refreshInterval: 30,
    cpuUsage: 12,
    memoryUsage: 1536,
    maxMemory: 6144,
    port: 25565,
    address: 'play.example.test:25565',
    provider: 'amp',
    canControl: true,
    missing: false,
    host: null,
    lastError: null,
    ...partial,
  };
}

/**
 * A controllable IntersectionObserver: nothing is "on screen" until a test says so, and the options each
 * observer was made with are kept (the cards' 10% threshold).
 */
export function stubIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; threshold: unknown; elements: Element[] }[] = [];
  class FakeIntersectionObserver {
    readonly entry;
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, threshold: options?.threshold, elements: [] as Element[] };
      observers.push(this.entry);
    }
    observe(element: Element) {
      this.entry.elements.push(element);
    }
    disconnect() {
      this.entry.elements = [];
    }
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return {
    observers,
    /** Reports every observed element as intersecting (or not). */
    setAllVisible(isIntersecting: boolean) {
      for (const observer of observers) {
        for (const target of observer.elements) {
          const entry = { isIntersecting, target, intersectionRatio: isIntersecting ? 1 : 0 };
          observer.callback([entry as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
        }
      }
    },
  };
}
