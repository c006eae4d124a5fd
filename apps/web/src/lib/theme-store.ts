import { parseTheme, themeDefaults, themeStorageKeys, type Theme, type ThemeArea } from '@erepare/shared/theme';
import { readItem, subscribeToKey, writeItem } from './storage';

/** The stored choice of an area, or its default (shop light, everything else dark). */
export function readTheme(area: ThemeArea): Theme {
  return parseTheme(readItem(themeStorageKeys[area])) ?? themeDefaults[area];
}

/** Stores the choice and broadcasts it to every component (and tab) showing that area. */
export function writeTheme(area: ThemeArea, theme: Theme): void {
  writeItem(themeStorageKeys[area], theme);
}

export function subscribeTheme(area: ThemeArea, onChange: () => void): () => void {
  return subscribeToKey(themeStorageKeys[area], onChange);
}

/** Applies a theme to the document (Tailwind's `dark` class and the native colour scheme). */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme === 'dark' ? '#0b1220' : '#ffffff');
}
