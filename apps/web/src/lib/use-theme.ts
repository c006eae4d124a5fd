import { useCallback, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { themeAreaForPath, themeDefaults, type Theme, type ThemeArea } from '@erepare/shared/theme';
import { readTheme, subscribeTheme, writeTheme } from './theme-store';

export type ThemeState = { area: ThemeArea; theme: Theme; setTheme: (theme: Theme) => void; toggle: () => void };

/** The theme of the area the current page belongs to; every component using it stays in sync. */
export function useTheme(): ThemeState {
  const { pathname } = useLocation();
  const area = themeAreaForPath(pathname);
  const theme = useSyncExternalStore(
    useCallback((onChange: () => void) => subscribeTheme(area, onChange), [area]),
    () => readTheme(area),
    // The server renders pages with the default theme: hydration starts from it, then the
    // stored choice (already applied to <html> by theme-boot.js) takes over.
    () => themeDefaults[area],
  );
  const setTheme = useCallback((next: Theme) => writeTheme(area, next), [area]);
  const toggle = useCallback(() => writeTheme(area, theme === 'dark' ? 'light' : 'dark'), [area, theme]);
  return { area, theme, setTheme, toggle };
}
