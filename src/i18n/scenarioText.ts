/**
 * Catalog keys for the built-in scenarios' titles and lessons. The English text stays in the scenario files (the CLI
 * and the golden traces print it); en.ts copies it into the catalog under these keys, so every other language must
 * translate each scenario for locales.test.ts to pass, and a view shows `t(scenarioTitleKey(id))` in the current
 * language like any other string.
 */
import type { Scenario } from '../scenarios/Scenario';

export const scenarioTitleKey = (id: string): string => `scenario.${id}.title`;
export const scenarioLessonKey = (id: string): string => `scenario.${id}.lesson`;

/** `scenario.<id>.title` / `scenario.<id>.lesson` → the scenario's English text. */
export function scenarioCatalog(scenarios: readonly Scenario[]): Record<string, string> {
  const catalog: Record<string, string> = {};
  for (const s of scenarios) {
    catalog[scenarioTitleKey(s.id)] = s.title;
    catalog[scenarioLessonKey(s.id)] = s.lesson;
  }
  return catalog;
}
