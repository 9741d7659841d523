import { describe, expect, it } from 'vitest';
import { bootState, DRAFT_KEY, INTRO_KEY } from './bootstrap';
import { parseUrlOptions } from './urlOptions';

describe('parseUrlOptions', () => {
  it('reads the docs/CONTRACTS.md §8 parameters and ignores unknown or invalid ones', () => {
    expect(
      parseUrlOptions(
        '?scenario=happy-path&step=12&lang=zh-TW&theme=dark&view=story&speed=2&motion=reduced&nodes=5&seed=42&x=1',
      ),
    ).toEqual({
      scenario: 'happy-path',
      step: 12,
      lang: 'zh-TW',
      theme: 'dark',
      view: 'story',
      speed: 2,
      motion: 'reduced',
      nodes: 5,
      seed: 42,
    });
    expect(parseUrlOptions('?step=0&speed=-1&theme=neon&nodes=abc&scenario=../etc')).toEqual({});
    expect(parseUrlOptions('?autoplay=1')).toEqual({ autoplay: true });
    expect(parseUrlOptions('?steps=all')).toEqual({ steps: 'all' });
    expect(parseUrlOptions('?steps=some')).toEqual({});
    expect(parseUrlOptions('?metrics-server=1')).toEqual({ metricsServer: true });
    expect(parseUrlOptions('?metrics-server=0')).toEqual({ metricsServer: false });
    expect(parseUrlOptions('?metrics-server=yes')).toEqual({});
  });
});

describe('bootState', () => {
  const storage = (items: Record<string, string>) => ({ getItem: (k: string) => items[k] ?? null });

  it('starts from the default scenario on a first visit, with the intro open', () => {
    const boot = bootState({}, { storage: storage({}), prefersReducedMotion: false });
    expect(boot.initial.scenarioId).toBe('happy-path');
    expect(boot.initial.yaml).toContain('kind: Deployment');
    expect(boot.initial.introOpen).toBe(true);
    expect(boot.applyOnStart).toBe(false);
    expect(boot.initial.steps).toBe('key');
  });

  it('keeps every step in an embed unless the page asks for the key steps', () => {
    expect(bootState({}, { storage: null, prefersReducedMotion: false, embed: true }).initial.steps).toBeUndefined();
    const keyed = bootState({ steps: 'key' }, { storage: null, prefersReducedMotion: false, embed: true });
    expect(keyed.initial.steps).toBe('key');
    expect(bootState({ steps: 'all' }, { storage: null, prefersReducedMotion: false }).initial.steps).toBe('all');
  });

  it('restores the saved draft and remembers the dismissed intro', () => {
    const boot = bootState(
      {},
      {
        storage: storage({ [DRAFT_KEY]: JSON.stringify({ yaml: 'kind: Pod', scenarioId: null }), [INTRO_KEY]: '1' }),
        prefersReducedMotion: false,
      },
    );
    expect(boot.initial.yaml).toBe('kind: Pod');
    expect(boot.initial.scenarioId).toBeNull();
    expect(boot.initial.introOpen).toBe(false);
  });

  it('lets a link choose the scenario and step; reduced motion never autoplays', () => {
    const boot = bootState(
      { scenario: 'crashloop-exit-1', step: 3, autoplay: true },
      { storage: null, prefersReducedMotion: true },
    );
    expect(boot.initial.scenarioId).toBe('crashloop-exit-1');
    expect(boot.applyOnStart).toBe(true);
    expect(boot.startStep).toBe(3);
    expect(boot.initial.reducedMotion).toBe(true);
    expect(boot.autoplay).toBe(false);
    expect(bootState({ motion: 'full' }, { storage: null, prefersReducedMotion: true }).initial.reducedMotion).toBe(
      false,
    );
  });
});
