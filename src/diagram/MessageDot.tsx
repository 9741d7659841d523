/**
 * The message travelling along its link (TOOLCHAIN.md §7). Keyed by step seq, so every step starts a fresh
 * journey; stepping back simply mounts the earlier step's dot.
 *
 * The dot is an HTML element in the edge-label layer moved by a `transform` animation, not an SVG circle moved by
 * its attributes. Its keyframes are computed from the path text (dotJourney.ts, eased with motion's curve) and
 * handed straight to the browser (`Element.animate`), so the compositor moves the dot on its own: a journey's frames
 * cost the main thread nothing and nothing is read from the DOM. (motion's `animate` wrapper did the same with
 * about half a millisecond of its own per step, inside the key press.) Driving it from JS on every frame, as before, re-ran
 * style, paint and commit ~50 times per step, and measuring a hidden path forced a layout inside the key press.
 */
import { EdgeLabelRenderer } from '@xyflow/react';
import { useEffect, useMemo, useRef } from 'react';
import { afterPaint } from '../app/afterPaint';
import { journeyKeyframes } from './dotJourney';

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
  const dot = useRef<HTMLDivElement>(null);
  const frames = useMemo(() => journeyKeyframes(path, reverse), [path, reverse]);
  useEffect(() => {
    const el = dot.current;
    if (!el || !frames.length) return;
    // jsdom (unit tests) has no Web Animations; the dot then simply stays at the start.
    if (typeof el.animate !== 'function') return;
    // Started once the step's frame is painted: creating the animation costs ~0.5 ms that the key press need not
    // wait for, and the dot sits at its start until then.
    let journey: Animation | undefined;
    const cancel = afterPaint(() => {
      journey = el.animate(
        frames.map((transform) => ({ transform })),
        { duration: durationMs, easing: 'linear', fill: 'forwards' },
      );
    });
    return () => {
      cancel();
      journey?.cancel();
    };
  }, [frames, durationMs]);
  if (!frames.length) return null;
  return (
    <EdgeLabelRenderer>
      <div
        ref={dot}
        className="message-dot"
        aria-hidden="true"
        // Placed at the start before it is drawn, so the dot never flashes at the origin.
        style={{ '--dot': color, transform: frames[0] } as React.CSSProperties}
      />
    </EdgeLabelRenderer>
  );
}
