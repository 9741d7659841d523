import { getBezierPath, Position } from '@xyflow/react';
import { describe, expect, it } from 'vitest';
import { parseCubic, pointsAlong } from './curvePoints';

describe('pointsAlong', () => {
  it('walks a straight cubic at even distances', () => {
    const pts = pointsAlong('M0,0 C10,0 20,0 30,0', [0, 0.5, 1])!;
    expect(pts.map((p) => Math.round(p.x * 100) / 100)).toEqual([0, 15, 30]);
    expect(pts.every((p) => p.y === 0)).toBe(true);
  });

  it('starts and ends at the ends of a React Flow bézier link, and moves on along it', () => {
    const [d] = getBezierPath({
      sourceX: 100,
      sourceY: 40,
      sourcePosition: Position.Bottom,
      targetX: 420,
      targetY: 300,
      targetPosition: Position.Top,
      curvature: 0.3,
    });
    const fractions = Array.from({ length: 11 }, (_, i) => i / 10);
    const pts = pointsAlong(d, fractions)!;
    expect(pts[0]).toEqual({ x: 100, y: 40 });
    expect(pts[10].x).toBeCloseTo(420, 6);
    expect(pts[10].y).toBeCloseTo(300, 6);
    // Even spacing along the curve: each tenth is about the same distance from the one before.
    const gaps = pts.slice(1).map((p, i) => Math.hypot(p.x - pts[i].x, p.y - pts[i].y));
    expect(Math.max(...gaps) / Math.min(...gaps)).toBeLessThan(1.1);
    // Downward all the way (the link leaves the bottom of the source and enters the top of the target).
    expect(pts.every((p, i) => i === 0 || p.y > pts[i - 1].y)).toBe(true);
  });

  it('refuses anything but one cubic segment', () => {
    expect(parseCubic('M0,0 L10,10')).toBeNull();
    expect(parseCubic('M0,0 C1,1 2,2 3,3 C4,4 5,5 6,6')).toBeNull();
    expect(pointsAlong('', [0.5])).toBeNull();
    expect(parseCubic('M1e2,-3.5 C0,.5 2,2 3,3')).toEqual([
      { x: 100, y: -3.5 },
      { x: 0, y: 0.5 },
      { x: 2, y: 2 },
      { x: 3, y: 3 },
    ]);
  });
});
