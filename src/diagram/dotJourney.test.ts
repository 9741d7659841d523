import { describe, expect, it } from 'vitest';
import { journeyKeyframes } from './dotJourney';

const xs = (frames: string[]) => frames.map((f) => Number(/^([-\d.]+)px/.exec(f)![1]));

describe('journeyKeyframes', () => {
  it('moves the dot from the sender to the receiver, slowly at both ends', () => {
    const frames = journeyKeyframes('M0,0 C100,0 200,0 300,0', false, 10);
    expect(frames).toHaveLength(11);
    expect(frames[0]).toBe('0.0px 0.0px');
    expect(frames[10]).toBe('300.0px 0.0px');
    const x = xs(frames);
    expect(x.every((v, i) => i === 0 || v > x[i - 1])).toBe(true);
    const first = x[1] - x[0];
    const middle = x[6] - x[5];
    expect(middle).toBeGreaterThan(2 * first);
  });

  it('walks the link backwards for a reply', () => {
    const x = xs(journeyKeyframes('M0,0 C100,0 200,0 300,0', true, 10));
    expect(x[0]).toBe(300);
    expect(x[10]).toBe(0);
  });

  it('gives no keyframes for a path it cannot walk', () => {
    expect(journeyKeyframes('M0,0 L5,5', false)).toEqual([]);
  });
});
