/**
 * Which tags a repository has: release histories written as ranges (`releases`, `versions`), checked by parsing the
 * tag, so a long history costs nothing until asked.
 */
import type { TagMatcher } from './catalogEntry';

/** Every tag: a variant that covers whatever the other variants do not. */
export const ANY = /^.*$/;

/** Build a matcher for "M", "M.m" and "M.m.p" (p ≤ max) tags, each optionally followed by one of `suffixes`. */
export function versions(minors: Record<string, number>, suffixes: string[], extraMajors: string[] = []): RegExp {
  const bases = new Set<string>(extraMajors);
  for (const [minor, maxPatch] of Object.entries(minors)) {
    bases.add(minor.split('.')[0]!);
    bases.add(minor);
    for (let p = 0; p <= maxPatch; p++) bases.add(`${minor}.${p}`);
  }
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const base = [...bases]
    .sort((a, b) => b.length - a.length)
    .map(esc)
    .join('|');
  const suffix = suffixes.length ? `(?:${suffixes.map(esc).join('|')})?` : '';
  return new RegExp(`^(?:${base})${suffix}$`);
}

/**
 * A release history as tags: for each `"M.m": lastPatch` the tags `M`, `M.m` and `M.m.0` … `M.m.lastPatch`
 * (for a one-part key such as PostgreSQL's `"16": 6`: `16`, `16.0` … `16.6`), each optionally followed by one of
 * `suffixes` (`-alpine`); `bare` adds tags such as `alpine` or `latest` (also with the suffixes). Checked by
 * parsing the tag, so a long history costs nothing until asked.
 */
export function releases(minors: Record<string, number>, suffixes: string[] = [], bare: string[] = []): TagMatcher {
  const last = new Map<string, number>(Object.entries(minors));
  const majors = new Set([...last.keys()].map((k) => k.split('.')[0]!));
  const names = new Set(bare);
  const ordered = [...suffixes].sort((a, b) => b.length - a.length);
  const isBase = (base: string): boolean => {
    if (names.has(base) || majors.has(base) || last.has(base)) return true;
    const dot = base.lastIndexOf('.');
    if (dot < 0) return false;
    const max = last.get(base.slice(0, dot));
    const patch = base.slice(dot + 1);
    return max !== undefined && /^(?:0|[1-9][0-9]*)$/.test(patch) && Number(patch) <= max;
  };
  return {
    test(tag: string): boolean {
      if (isBase(tag)) return true;
      for (const suffix of ordered) if (tag.endsWith(suffix) && isBase(tag.slice(0, -suffix.length))) return true;
      return false;
    },
  };
}
