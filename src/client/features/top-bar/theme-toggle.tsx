import { Moon, Sun } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useTheme } from '../../hooks/use-theme';

/** Switches between light and dark (a 'system' choice flips to the opposite of what is shown). */
export function ThemeToggle() {
  const { resolvedTheme, setTheme } = useTheme();
  const isDark = resolvedTheme === 'dark';
  const label = isDark ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-8 sm:size-9"
      aria-label={label}
      title={label}
      onClick={() => setTheme(isDark ? 'light' : 'dark')}
    >
      {isDark ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  );
}
