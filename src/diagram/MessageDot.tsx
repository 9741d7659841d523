/**
 * The message travelling along its link (TOOLCHAIN.md §7): a hidden path measures the curve and motion drives a
 * 0→1 progress value through getPointAtLength. Keyed by step seq, so every step starts a fresh journey; stepping
 * back simply mounts the earlier step's dot.
 */
import { animate, motion, useMotionValue, useTransform } from 'motion/react';
import { useEffect, useRef } from 'react';

export function MessageDot({
  path,
  reverse,
  color,
  durationMs,
}: {
  path: string;
  reverse: boolean;
  color: string;
  durationMs: number;
}) {
  const ref = useRef<SVGPathElement>(null);
  const group = useRef<SVGGElement>(null);
  const progress = useMotionValue(reverse ? 1 : 0);
  const point = (p: number) => {
    const el = ref.current;
    return el ? el.getPointAtLength(p * el.getTotalLength()) : { x: 0, y: 0 };
  };
  const cx = useTransform(progress, (p) => point(p).x);
  const cy = useTransform(progress, (p) => point(p).y);
  useEffect(() => {
    // The first render has no path to measure yet (the dot would flash at 0,0): show it once it can be placed.
    progress.jump(reverse ? 1 : 0);
    group.current?.removeAttribute('visibility');
    const controls = animate(progress, reverse ? 0 : 1, { duration: durationMs / 1000, ease: 'easeInOut' });
    return () => controls.stop();
  }, [progress, reverse, durationMs]);
  return (
    <g ref={group} className="message-dot" aria-hidden="true" visibility="hidden">
      <path ref={ref} d={path} fill="none" stroke="none" />
      <motion.circle r={7} cx={cx} cy={cy} style={{ fill: color, opacity: 0.25 }} />
      <motion.circle r={4.5} cx={cx} cy={cy} style={{ fill: color }} />
    </g>
  );
}
