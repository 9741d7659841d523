import { describe, expect, it } from 'vitest';
import { createTranslator, hasKey, interpolate } from './translate';
import { en } from './locales/en';

describe('translate', () => {
  it('interpolates named parameters and leaves unknown ones visible', () => {
    expect(interpolate('{a} → {b}', { a: 'kubectl', b: 'kube-apiserver' })).toBe('kubectl → kube-apiserver');
    expect(interpolate('{a} {missing}', { a: 1 })).toBe('1 {missing}');
  });

  it('chooses plural forms by count', () => {
    const t = createTranslator('en', { x_one: '{count} Pod', x_other: '{count} Pods' });
    expect(t('x', { count: 1 })).toBe('1 Pod');
    expect(t('x', { count: 3 })).toBe('3 Pods');
  });

  it('falls back to English, then to the key', () => {
    const t = createTranslator('zh-TW', { 'ctl.next': '下一步' });
    expect(t('ctl.next')).toBe('下一步');
    expect(t('ctl.prev')).toBe(en['ctl.prev']);
    expect(t('no.such.key')).toBe('no.such.key');
    expect(hasKey('ctl.prev')).toBe(true);
    expect(hasKey('editor.problems')).toBe(true);
    expect(hasKey('no.such.key')).toBe(false);
  });
});
