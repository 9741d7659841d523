/**
 * The travelling dot's keyframes: `transform`s evenly spaced in time, each where the eased progress puts the dot
 * at that moment. The keyframes then run linearly and the ease-in-out lives in their spacing, which leaves the
 * browser a plain list of transforms to play on the compositor.
 */
import { easeInOut } from 'motion/react';
import { pointsAlong } from './curvePoints';

/** Keyframes per journey: links are gentle béziers, so 24 straight pieces trace them smoothly. */
export const JOURNEY_KEYFRAMES = 24;

/** Transforms from the sender's end to the receiver's (`reverse`: the link is walked backwards); [] if unknown. */
export function journeyKeyframes(path: string, reverse: boolean, count = JOURNEY_KEYFRAMES): string[] {
  const fractions = Array.from({ length: count + 1 }, (_, i) => {
    const eased = easeInOut(i / count);
    return reverse ? 1 - eased : eased;
  });
  const points = pointsAlong(path, fractions);
  return points ? points.map((p) => `translate(${p.x.toFixed(1)}px, ${p.y.toFixed(1)}px)`) : [];
}
