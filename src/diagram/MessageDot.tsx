/**
 * The message travelling along its link (TOOLCHAIN.md §7): a hidden path measures the curve and motion drives a
 * 0→1 progress value through getPointAtLength. Keyed by step seq, so every step starts a fresh journey; stepping
 * back simply mounts the earlier step's dot.
 *
 * The dot is an HTML element in the edge-label layer moved with a CSS transform, not an SVG circle moved by its
 * attributes: a transform only re-composites, where a changed circle repaints the whole edge layer on every
 * animation frame (most of a step's cost with software rendering). For the same reason it subscribes to the
 * motion value itself instead of using `motion.*` components, which would also pull motion's gesture and layout
 * features into the initial bundle.
 */
import { EdgeLabelRenderer } from '@xyflow/react';
import { animate, useMotionValue } from 'motion/react';
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
  const dot = useRef<HTMLDivElement>(null);
  const progress = useMotionValue(reverse ? 1 : 0);
  useEffect(() => {
    const measured = ref.current;
    const el = dot.current;
    if (!measured || !el) return;
    const length = measured.getTotalLength();
    const place = (p: number) => {
      const { x, y } = measured.getPointAtLength(p * length);
      el.style.transform = `translate(${x}px, ${y}px)`;
    };
    // Placed before it is shown, so the dot never flashes at the origin.
    progress.jump(reverse ? 1 : 0);
    place(progress.get());
    el.style.visibility = 'visible';
    const unsubscribe = progress.on('change', place);
    const controls = animate(progress, reverse ? 0 : 1, { duration: durationMs / 1000, ease: 'easeInOut' });
    return () => {
      controls.stop();
      unsubscribe();
    };
  }, [progress, reverse, durationMs, path]);
  return (
    <>
      <path ref={ref} d={path} fill="none" stroke="none" aria-hidden="true" />
      <EdgeLabelRenderer>
        <div ref={dot} className="message-dot" aria-hidden="true" style={{ '--dot': color } as React.CSSProperties} />
      </EdgeLabelRenderer>
    </>
  );
}
