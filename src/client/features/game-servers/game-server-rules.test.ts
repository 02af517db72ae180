import { describe, expect, it } from 'vitest';
import {
  canRunAction,
  displayNameOf,
  formatCpu,
  formatMemory,
  isAmpServiceName,
  offlineToggleLabel,
  serverAndPlayerCounts,
} from './game-server-rules';

describe('game-server card rules', () => {
  it('shows RAM as MB/1024 with 2 decimals', () => {
    expect(formatMemory({ memoryUsage: 1536, maxMemory: 6144 })).toBe('1.50 / 6.00 GB');
    expect(formatMemory({ memoryUsage: 0, maxMemory: 0 })).toBe('0.00 / 0.00 GB');
    expect(formatMemory({ memoryUsage: 1000, maxMemory: 8192 })).toBe('0.98 / 8.00 GB');
  });

  it('shows CPU with at most one decimal', () => {
    expect(formatCpu(12)).toBe('12%');
    expect(formatCpu(37.46)).toBe('37.5%');
    expect(formatCpu(Number.NaN)).toBe('0%');
  });

  it('allows start only when offline, stop and restart only when online, none without canControl', () => {
    expect(canRunAction({ status: false, canControl: true }, 'start')).toBe(true);
    expect(canRunAction({ status: false, canControl: true }, 'stop')).toBe(false);
    expect(canRunAction({ status: true, canControl: true }, 'restart')).toBe(true);
    expect(canRunAction({ status: true, canControl: true }, 'start')).toBe(false);
    expect(canRunAction({ status: true, canControl: false }, 'stop')).toBe(false);
  });

  it('words the offline toggle as SPEC does', () => {
    expect(offlineToggleLabel(false, 4)).toBe('Show Offline Servers (4)');
    expect(offlineToggleLabel(true, 4)).toBe('Hide Offline Servers (4)');
  });

  it('prefers a non-blank display name', () => {
    expect(displayNameOf({ displayName: 'Survival', name: 'Minecraft01' })).toBe('Survival');
    expect(displayNameOf({ displayName: '  ', name: 'Minecraft01' })).toBe('Minecraft01');
    expect(displayNameOf({ displayName: null, name: 'Minecraft01' })).toBe('Minecraft01');
  });

  it('counts servers and the players of online ones', () => {
    expect(serverAndPlayerCounts([])).toBe('0 servers · 0 players');
    expect(
      serverAndPlayerCounts([
        { status: true, playerCount: 4 },
        { status: false, playerCount: 9 },
      ]),
    ).toBe('2 servers · 4 players');
  });

  it("matches 'amp' anywhere in a service name, any case", () => {
    expect(isAmpServiceName('AMP')).toBe(true);
    expect(isAmpServiceName('CubeCoders Amp panel')).toBe(true);
    expect(isAmpServiceName('Grafana')).toBe(false);
  });
});
