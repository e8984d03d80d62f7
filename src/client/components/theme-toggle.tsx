import { useLingui } from '@lingui/react/macro';
import { Moon, Sun } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { setTheme, useTheme } from '@/lib/theme';

export function ThemeToggle() {
  const theme = useTheme();
  const { t } = useLingui();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t`Toggle theme`}
      title={next === 'dark' ? t`Switch to dark theme` : t`Switch to light theme`}
      onClick={() => setTheme(next)}
    >
      {theme === 'dark' ? (
        <Sun className="size-5" aria-hidden="true" />
      ) : (
        <Moon className="size-5" aria-hidden="true" />
      )}
    </Button>
  );
}
