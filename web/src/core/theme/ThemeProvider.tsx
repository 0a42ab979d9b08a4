import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { FluentProvider, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { useLocalStorage } from '@web/core/hooks/useLocalStorage';

export type ThemePreference = 'system' | 'light' | 'dark';
export type ThemeMode = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'console.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

interface ThemeContextValue {
  preference: ThemePreference;
  mode: ThemeMode;
  setPreference(preference: ThemePreference): void;
}

const ThemeContext = createContext<ThemeContextValue>({ preference: 'system', mode: 'light', setPreference: () => undefined });

function useSystemDark(): boolean {
  const [dark, setDark] = useState(() => window.matchMedia?.(DARK_QUERY).matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(DARK_QUERY);
    if (!query) return undefined;
    const onChange = (event: MediaQueryListEvent) => setDark(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return dark;
}

/** Fluent light/dark theme following the OS unless the user picked one (remembered in localStorage). */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreference] = useLocalStorage<ThemePreference>(THEME_STORAGE_KEY, 'system');
  const systemDark = useSystemDark();
  const mode: ThemeMode = preference === 'system' ? (systemDark ? 'dark' : 'light') : preference;
  const value = useMemo(() => ({ preference, mode, setPreference }), [preference, mode, setPreference]);
  useEffect(() => {
    document.documentElement.style.colorScheme = mode;
  }, [mode]);
  return (
    <ThemeContext.Provider value={value}>
      <FluentProvider theme={mode === 'dark' ? webDarkTheme : webLightTheme} style={{ height: '100%' }}>
        {children}
      </FluentProvider>
    </ThemeContext.Provider>
  );
}

export function useTheme(): ThemeContextValue {
  return useContext(ThemeContext);
}
