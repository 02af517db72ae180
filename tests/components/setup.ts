import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dismissToast } from '../../src/client/hooks/use-toast';

// Each test starts from an empty screen, no open toast (the toast store is module state) and the real fetch.
afterEach(() => {
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
});
