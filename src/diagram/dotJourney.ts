/**
 * The travelling dot's keyframes: values of the `translate` property evenly spaced in time, each where the eased
 * progress puts the dot at that moment. The keyframes then run linearly and the ease-in-out lives in their spacing,
 * which leaves the browser a plain list of offsets to play on the compositor. `translate`, not `transform`: the
 * first style resolution of 25 `transform: translate(…)` keyframes cost ~3.9 ms of style recalc on every message
 * step (each keyframe's transform list is converted for interpolation), the same keyframes as `translate` ~0.2 ms.
 */
import { easeInOut } from 'motion/react';
import { pointsAlong } from './curvePoints';

/**
 * Pieces per journey: links are gentle béziers, which 12 straight pieces follow to within a pixel or so (the
 * sagitta of a ~60 px chord on a curve of radius ≥ 500 px). Each keyframe is a string the browser parses when the
 * animation starts, on the key press: 24 pieces cost twice as much for no visible difference.
 */
const JOURNEY_KEYFRAMES = 12;

/** Offsets from the sender's end to the receiver's (`reverse`: the link is walked backwards); [] if unknown. */
export function journeyKeyframes(path: string, reverse: boolean, count = JOURNEY_KEYFRAMES): string[] {
  const fractions = Array.from({ length: count + 1 }, (_, i) => {
    const eased = easeInOut(i / count);
    return reverse ? 1 - eased : eased;
  });
  const points = pointsAlong(path, fractions);
  return points ? points.map((p) => `${p.x.toFixed(1)}px ${p.y.toFixed(1)}px`) : [];
}
