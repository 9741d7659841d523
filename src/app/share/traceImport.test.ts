import { describe, expect, it } from 'vitest';
import { simulate } from '../../engine/simulate';
import { createTranslator } from '../../i18n/translate';
import { en } from '../../i18n/locales/en';
import zhTW from '../../i18n/locales/zh-TW';
import { readTraceText } from './readTraceText';
import { TraceAssembler } from './TraceAssembler';
import { checkTraceSize, TRACE_BUDGET, TraceFileError } from '../../playback/traceFile';
import type { TraceImportMessage, TraceImportProgress } from '../../ui/workers/traceImportProtocol';
import { traceImportProgressText, traceImportResultText } from './traceImportText';

const yaml =
  'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n    - name: c\n      image: nginx\n';

describe('trace import', () => {
  it('reads a file in slices, reporting bytes, and decodes UTF-8 split across slices', async () => {
    const text = `{"yaml":"# 你好","pad":"${'x'.repeat(300_000)}"}`;
    const seen: number[] = [];
    let clock = 0;
    const out = await readTraceText(new Blob([text]), (done) => seen.push(done), { intervalMs: 0, now: () => clock++ });
    expect(out).toBe(text);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen[seen.length - 1]).toBe(new TextEncoder().encode(text).length);
  });

  it('refuses a file over the budget before reading it', () => {
    expect(() => checkTraceSize(TRACE_BUDGET.bytes)).not.toThrow();
    try {
      checkTraceSize(300 * 1024 * 1024);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(TraceFileError);
      expect((err as TraceFileError).code).toBe('tooLarge');
      expect((err as TraceFileError).params).toEqual({ size: 300, limit: 256 });
    }
  });

  it('puts a run sent in slices back together, counting the steps that arrived', () => {
    const run = simulate({ yaml });
    const { steps, ...rest } = run;
    const progress: TraceImportProgress[] = [];
    const a = new TraceAssembler((p) => progress.push(p));
    const head: TraceImportMessage = {
      kind: 'head',
      run: rest,
      yaml,
      info: { markers: [], lines: {}, intakeLines: [] },
      marks: [],
      groups: [],
      foreground: [],
      keySteps: [],
      strip: [],
      jumps: [],
      steps: steps.length,
    };
    expect(a.receive(head)).toBeUndefined();
    expect(a.receive({ kind: 'steps', steps: steps.slice(0, 10) })).toBeUndefined();
    expect(a.receive({ kind: 'steps', steps: steps.slice(10) })).toBeUndefined();
    const trace = a.receive({ kind: 'done' })!;
    expect(trace.run).toEqual(run);
    expect(trace.yaml).toBe(yaml);
    expect(progress.at(-1)).toEqual({ phase: 'loading', done: steps.length, total: steps.length });
  });

  it('turns the worker’s refusal into a TraceFileError, and a short delivery into one too', () => {
    const a = new TraceAssembler(() => {});
    expect(() =>
      a.receive({ kind: 'error', code: 'badStep', params: { step: 3 }, message: 'step 3 is not a trace step' }),
    ).toThrow(/step 3/);
    const b = new TraceAssembler(() => {});
    expect(() => b.receive({ kind: 'done' })).toThrow(TraceFileError);
  });

  it('says what happened in both languages, with the sizes', () => {
    for (const [lang, catalog] of [
      ['en', en],
      ['zh-TW', zhTW],
    ] as const) {
      const t = createTranslator(lang, catalog);
      const tooLarge = traceImportResultText(t, {
        kind: 'failed',
        code: 'tooLarge',
        params: { size: 300, limit: 256 },
      });
      expect(tooLarge).toContain('300');
      expect(tooLarge).toContain('256');
      for (const code of ['unreadable', 'notJson', 'notObject', 'noSteps', 'badStep', 'noCluster', 'crashed'] as const)
        expect(catalog[`share.importError.${code}`], `${lang} ${code}`).toBeTruthy();
      expect(traceImportProgressText(t, { phase: 'reading', done: 52 * 1048576, total: 171 * 1048576 })).toMatch(
        /52\.0.*171\.0/,
      );
      expect(traceImportProgressText(t, { phase: 'loading', done: 40_000, total: 200_000 })).toMatch(/40,000.*200,000/);
    }
  });
});
