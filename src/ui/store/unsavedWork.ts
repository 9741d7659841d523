import { isPristine } from './draft';
import type { AppState } from './createAppStore';

/**
 * The editor holds work that replacing it would lose — text that is not empty and is neither the run
 * last simulated or loaded (an import, a link) nor the example it came from.
 */
export function hasUnsavedWork(s: Pick<AppState, 'yaml' | 'scenarioId' | 'session'>): boolean {
  if (!s.yaml.trim()) return false;
  if (s.session && s.session.yaml === s.yaml) return false;
  return !isPristine({ yaml: s.yaml, scenarioId: s.scenarioId });
}
