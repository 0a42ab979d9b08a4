import { createContext, useContext } from 'react';
import type { Incident } from './types';

export interface IncidentContextValue {
  incident: Incident;
  /** Re-reads the incident and its changelog after a write. */
  refresh(): Promise<unknown>;
}

export const IncidentContext = createContext<IncidentContextValue | null>(null);

export function useIncidentContext(): IncidentContextValue {
  const value = useContext(IncidentContext);
  if (!value) throw new Error('useIncidentContext must be used inside an incident page');
  return value;
}
