import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { STORAGE_KEYS } from '#shared/constants';
import { useMediaQuery } from './use-media-query';

export type Theme = 'dark' | 'light' | 'system';
type ResolvedTheme = 'dark' | 'light';

interface ThemeContextValue {
  theme: Theme;
  resolvedTheme: ResolvedTheme;
  setTheme: (theme: Theme) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);
// SPEC nests two providers (outer 'system', inner 'dark'); only the innermost one may touch <html>.
// A child registers with its parent through this context so the parent stands aside.
const ClaimContext = createContext<(() => () => void) | null>(null);

const DARK_QUERY = '(prefers-color-scheme: dark)';

function isTheme(value: unknown): value is Theme {
  return value === 'dark' || value === 'light' || value === 'system';
}

function readStoredTheme(): Theme | null {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEYS.theme);
    return isTheme(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** Provides the theme (stored choice, else `defaultTheme`) and applies it as a class on <html>. */
export function ThemeProvider({ children, defaultTheme }: { children: ReactNode; defaultTheme: Theme }) {
  const claimByParent = useContext(ClaimContext);
  const childClaims = useRef(0);
  const [theme, setThemeState] = useState<Theme>(() => readStoredTheme() ?? defaultTheme);
  const prefersDark = useMediaQuery(DARK_QUERY, true);
  const resolvedTheme: ResolvedTheme = theme === 'system' ? (prefersDark ? 'dark' : 'light') : theme;

  // Children's layout effects run before their parent's, so the claim is in place when the parent checks it.
  useLayoutEffect(() => claimByParent?.(), [claimByParent]);

  useLayoutEffect(() => {
    if (childClaims.current > 0) return;
    const root = document.documentElement;
    root.classList.remove('light', 'dark');
    root.classList.add(resolvedTheme);
  }, [resolvedTheme]);

  const claim = useCallback(() => {
    childClaims.current += 1;
    return () => {
      childClaims.current -= 1;
    };
  }, []);

  const setTheme = useCallback((next: Theme) => {
    try {
      window.localStorage.setItem(STORAGE_KEYS.theme, next);
    } catch {
      // Not remembered when storage is unavailable; the choice still applies to this visit.
    }
    setThemeState(next);
  }, []);

  const value = useMemo(() => ({ theme, resolvedTheme, setTheme }), [theme, resolvedTheme, setTheme]);
  return (
    <ClaimContext.Provider value={claim}>
      <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>
    </ClaimContext.Provider>
  );
}

/** The nearest theme provider's state. */
export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('useTheme must be used inside a ThemeProvider');
  return context;
}
