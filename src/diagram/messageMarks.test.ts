// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BURST_MS } from '../playback/speed';
import { MessageMarks, type ActivePath, type Journey, type Pulse } from './messageMarks';

const PATH = 'M0,0 C100,0 200,0 300,0';
const link: ActivePath = { path: PATH, color: 'red', reverse: false };
const journey = (seq: number): Journey => ({ seq, path: PATH, reverse: false, color: 'red', durationMs: 600 });
/** One refresh at 60 Hz and the task after it: long enough for a motion started after the frame. */
const FRAME = 20;
const pulse = (seq: number): Pulse => ({ seq, x: 0, y: 0, w: 100, h: 40, color: 'blue', still: false });

/** Marks whose dot and ring record the animations started on them (jsdom has no Web Animations). */
function marks() {
  const m = new MessageMarks();
  const dot = document.createElement('div');
  dot.append(document.createElement('span'));
  const ring = document.createElement('div');
  const started = { dot: 0, ring: 0 };
  const fake = (which: 'dot' | 'ring') => () => {
    started[which]++;
    return { cancel: () => {} } as unknown as Animation;
  };
  dot.animate = vi.fn(fake('dot'));
  ring.animate = vi.fn(fake('ring'));
  m.attachDot(dot);
  m.attachRing(ring);
  const root = document.createElement('div');
  m.attachRoot(root);
  return { m, started, root };
}

/** A step as the diagram shows one: the marks hear of it first (StepTracker), then its link or ring draws. */
function show(m: MessageMarks, seq: number): () => void {
  m.stepped();
  return m.show(link, journey(seq), null);
}

function ring(m: MessageMarks, seq: number): () => void {
  m.stepped();
  return m.pulse(pulse(seq));
}

describe('MessageMarks motion', () => {
  beforeEach(() =>
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'],
    }),
  );
  afterEach(() => vi.useRealTimers());

  it('starts each step’s dot and ring once the step’s frame is painted, when steps are apart', () => {
    const { m, started } = marks();
    show(m, 1);
    // Not in the step's own frame: its start would make the browser's next main frame wait for the step's raster.
    expect(started.dot).toBe(0);
    vi.advanceTimersByTime(FRAME);
    expect(started.dot).toBe(1);
    vi.advanceTimersByTime(BURST_MS);
    ring(m, 2);
    vi.advanceTimersByTime(FRAME);
    vi.advanceTimersByTime(BURST_MS);
    show(m, 3);
    vi.advanceTimersByTime(FRAME);
    expect(started).toEqual({ dot: 2, ring: 1 });
  });

  it('a step with a message and a decision starts both', () => {
    const { m, started } = marks();
    show(m, 1);
    m.pulse(pulse(1));
    vi.advanceTimersByTime(FRAME);
    expect(started).toEqual({ dot: 1, ring: 1 });
  });

  it('holds the motion back during a burst and plays the last step’s when the burst stops', () => {
    const { m, started, root } = marks();
    show(m, 1);
    vi.advanceTimersByTime(FRAME);
    expect(started.dot).toBe(1);
    expect(root.hasAttribute('data-burst')).toBe(false);
    for (let seq = 2; seq <= 6; seq++) {
      vi.advanceTimersByTime(30);
      const hide = seq % 2 ? show(m, seq) : ring(m, seq);
      if (seq < 6) hide();
    }
    // Five steps 30 ms apart: none of them moved yet, and the diagram says it is in a burst (Pods enter still).
    expect(started).toEqual({ dot: 1, ring: 0 });
    expect(root.hasAttribute('data-burst')).toBe(true);
    vi.advanceTimersByTime(BURST_MS);
    // The burst stopped on step 6 (a decision): its ring pulses, and only it.
    expect(started).toEqual({ dot: 1, ring: 1 });
    expect(root.hasAttribute('data-burst')).toBe(false);
  });

  it('drops a held-back motion when its step is left', () => {
    const { m, started } = marks();
    show(m, 1)();
    vi.advanceTimersByTime(20);
    const hide = show(m, 2);
    hide();
    vi.advanceTimersByTime(BURST_MS * 2);
    expect(started.dot).toBe(0);
    // Left before its frame was painted: the dot does not set off either.
    show(m, 3)();
    vi.advanceTimersByTime(BURST_MS * 2);
    expect(started.dot).toBe(0);
  });
});
