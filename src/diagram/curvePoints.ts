/**
 * Points along a link's curve, computed from its SVG path text instead of asked of the DOM: `getTotalLength` and
 * `getPointAtLength` on a live path force style and layout in the middle of a step's first frame, and a link is
 * one cubic Bézier (React Flow's `getBezierPath`: `M x,y C x1,y1 x2,y2 x,y`), which is cheap to walk in JS.
 */
interface Point {
  x: number;
  y: number;
}

/** Pieces of the polyline that measures arc length: far finer than the dot's keyframes, and still microseconds. */
const MEASURE_PIECES = 64;

/** The four control points of a one-segment cubic path, or null for any other shape of path. */
export function parseCubic(d: string): [Point, Point, Point, Point] | null {
  const n = d.match(/-?\d*\.?\d+(?:e[-+]?\d+)?/gi)?.map(Number);
  if (!/^\s*M/i.test(d) || !/C/i.test(d) || !n || n.length !== 8 || n.some((v) => !Number.isFinite(v))) return null;
  return [
    { x: n[0], y: n[1] },
    { x: n[2], y: n[3] },
    { x: n[4], y: n[5] },
    { x: n[6], y: n[7] },
  ];
}

function cubicAt([p0, p1, p2, p3]: readonly Point[], t: number): Point {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const c = 3 * u * t * t;
  const e = t * t * t;
  return { x: a * p0.x + b * p1.x + c * p2.x + e * p3.x, y: a * p0.y + b * p1.y + c * p2.y + e * p3.y };
}

/**
 * The points at the given fractions (0…1) of the curve's length, so that equal steps in fraction are equal
 * distances along the link whatever its bends. Null when `d` is not a single cubic segment.
 */
export function pointsAlong(d: string, fractions: readonly number[]): Point[] | null {
  const cubic = parseCubic(d);
  if (!cubic) return null;
  const samples: Point[] = [];
  const lengths: number[] = [0];
  for (let i = 0; i <= MEASURE_PIECES; i++) samples.push(cubicAt(cubic, i / MEASURE_PIECES));
  for (let i = 1; i <= MEASURE_PIECES; i++)
    lengths.push(lengths[i - 1] + Math.hypot(samples[i].x - samples[i - 1].x, samples[i].y - samples[i - 1].y));
  const total = lengths[MEASURE_PIECES];
  return fractions.map((f) => {
    const target = Math.min(1, Math.max(0, f)) * total;
    let i = 1;
    while (i < MEASURE_PIECES && lengths[i] < target) i++;
    const span = lengths[i] - lengths[i - 1];
    const k = span > 0 ? (target - lengths[i - 1]) / span : 0;
    const a = samples[i - 1];
    const b = samples[i];
    return { x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k };
  });
}
