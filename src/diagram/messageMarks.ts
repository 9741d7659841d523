/**
 * What a step draws over the diagram: the label and travelling dot of the link carrying its message (TOOLCHAIN.md
 * §7), or the ring round the box making an internal decision. The diagram has one of each, mounted once
 * (MessageLayer.tsx); the active link shows its marks for its step (`useMessageMarks`) and the diagram rings the
 * deciding box (`usePulseRing`), so every step starts afresh and stepping back simply starts the earlier step's.
 *
 * They stay mounted between steps, faded out rather than removed, and are moved rather than re-created: mounting
 * them anew each step (React elements, a composited layer for the dot and the ring) was work on the key press and
 * in the step's frame; each is now a composited layer of its own for good (`will-change: translate, opacity`,
 * diagram.css) whose position and opacity change in place. With edges that stay the same objects (flowModel.ts)
 * this took a 3-Pod step's key press from 7.0 to 3.7 ms and its frame from 13.9 to 6.2 ms (p50, traces).
 *
 * The dot is moved by a `translate` animation computed from the path text (dotJourney.ts, eased with motion's
 * curve) and handed straight to the browser (`Element.animate`), so the compositor moves it on its own and nothing
 * is read from the DOM.
 */
import { createContext, useContext, useLayoutEffect } from 'react';
import { afterPaint } from '../ui/afterPaint';
import { BURST_MS } from '../playback/speed';
import { journeyKeyframes } from './dotJourney';
import { elideLabel } from '../playback/elideLabel';

export interface Journey {
  /** The step: a new one restarts the journey. */
  seq: number;
  path: string;
  reverse: boolean;
  /** The sender's colour (a CSS colour, e.g. `var(--c-kubelet)`). */
  color: string;
  durationMs: number;
}

/** A box making an internal decision: a ring around it expands once (twice, as the CSS pulse did). */
export interface Pulse {
  /** The step: a new one restarts the ring. */
  seq: number;
  x: number;
  y: number;
  w: number;
  h: number;
  /** The component's colour (a CSS colour). */
  color: string;
  /** Reduced motion: the ring is drawn, not animated. */
  still: boolean;
}

export interface Label {
  text: string;
  x: number;
  y: number;
  color: string;
}

/** The link carrying the message, drawn over the idle links: its path, the sender's colour, the arrow's end. */
export interface ActivePath {
  path: string;
  color: string;
  reverse: boolean;
}

/** The overlay that draws the active link (MessageLayer.tsx): its path and its arrowhead's path. */
interface LinkOverlay {
  path: SVGPathElement;
  arrow: SVGPathElement;
  /** `url(#…)` of the arrowhead marker. */
  marker: string;
}

/** The diagram's label and dot: whoever shows them gets a function that hides them (if still theirs). */
export class MessageMarks {
  private dot: HTMLDivElement | null = null;
  private label: HTMLDivElement | null = null;
  private link: LinkOverlay | null = null;
  private shownLink: ActivePath | null = null;
  private ring: HTMLDivElement | null = null;
  private ringToken = 0;
  private ringAnimation: Animation | undefined;
  private current = 0;
  private animation: Animation | undefined;
  /** When the previous step was shown (performance.now()), to tell a burst of steps. */
  private lastStepAt = -Infinity;
  /** Whether the current step came in a burst (`stepped`). */
  private burst = false;
  private burstTimer: ReturnType<typeof setTimeout> | undefined;
  /** The diagram's root: it carries `data-burst` while a burst lasts (diagram.css turns the Pods' entrance off). */
  private root: HTMLElement | null = null;
  /** The dot's journey and the ring's pulse waiting to start (`motion`): a function that cancels each. */
  private held: Record<'dot' | 'ring', (() => void) | undefined> = { dot: undefined, ring: undefined };

  attachDot(el: HTMLDivElement | null): void {
    this.dot = el;
  }

  attachLabel(el: HTMLDivElement | null): void {
    this.label = el;
  }

  attachRing(el: HTMLDivElement | null): void {
    this.ring = el;
  }

  /** The overlay may mount after the first step's link asked to be drawn (its layer is portalled in later). */
  attachLink(overlay: LinkOverlay | null): void {
    this.link = overlay;
    this.showLink(this.shownLink);
  }

  attachRoot(el: HTMLElement | null): void {
    this.root = el;
  }

  /**
   * A new step is shown: called before its marks (`StepTracker` comes first in ClusterDiagram). Steps closer together
   * than BURST_MS are a burst, which lasts until the steps pause for BURST_MS.
   */
  stepped(): void {
    const now = performance.now();
    this.burst = now - this.lastStepAt < BURST_MS;
    this.lastStepAt = now;
    clearTimeout(this.burstTimer);
    if (!this.burst) return;
    this.root?.setAttribute('data-burst', '');
    this.burstTimer = setTimeout(() => this.root?.removeAttribute('data-burst'), BURST_MS);
  }

  /**
   * Starts a step's motion (the dot's journey, the ring's pulse) once the step's frame has been painted, or, inside a
   * burst of steps, once the steps pause for BURST_MS.
   *
   * After the frame: an animation started with the step is committed by the step's frame, and its start makes the
   * browser run a second main frame straight after, whose commit then waits for the step's raster (the boxes and the
   * link it lit, ~8 ms on a 2-core machine with software rendering): a step pressed after a pause took 17.6 ms (p50)
   * instead of 11 to its painted frame. Started from a task after the frame, the animation's own frame comes at the
   * next refresh, when that raster is done; the dot leaves one frame later.
   *
   * Held back in a burst: a journey or pulse restarted thirty times a second shows nothing anyone can follow, and each
   * start costs the browser a main frame plus a compositor frame per refresh while it runs, about a third of a
   * held-down key's work. The step's link, label and boxes are drawn at once either way; the motion of the step where
   * the burst stops plays when it stops.
   */
  private motion(which: 'dot' | 'ring', start: () => void): void {
    this.drop(which);
    if (!this.burst) this.held[which] = afterPaint(start);
    else {
      const timer = setTimeout(start, BURST_MS);
      this.held[which] = () => clearTimeout(timer);
    }
  }

  private drop(which: 'dot' | 'ring'): void {
    this.held[which]?.();
    this.held[which] = undefined;
  }

  /** Rings the box for one step; returns a function that hides the ring (if still this step's). */
  pulse(p: Pulse): () => void {
    const el = this.ring;
    const token = ++this.ringToken;
    this.ringAnimation?.cancel();
    this.ringAnimation = undefined;
    if (!el) return () => {};
    // The ring sits 4 px outside the box (border included), like the box's own outline would.
    el.style.width = `${p.w + 8}px`;
    el.style.height = `${p.h + 8}px`;
    el.style.borderColor = p.color;
    el.style.translate = `${p.x - 4}px ${p.y - 4}px`;
    el.style.opacity = '1';
    if (!p.still && typeof el.animate === 'function') {
      // No fill: once it has expanded twice the ring stays drawn round the box until the step changes. Only `scale`
      // and `opacity` are animated (the position is the `translate` above): a `transform` list in the keyframes
      // made each step's style recalc convert them.
      this.motion('ring', () => {
        if (token !== this.ringToken) return;
        this.ringAnimation = el.animate(
          [
            { opacity: 0.9, scale: 1 },
            { opacity: 0, scale: 1.06 },
          ],
          { duration: 900, iterations: 2, easing: 'ease-out' },
        );
      });
    }
    return () => {
      if (token !== this.ringToken) return;
      this.drop('ring');
      this.ringAnimation?.cancel();
      this.ringAnimation = undefined;
      el.style.opacity = '0';
    };
  }

  show(link: ActivePath, journey: Journey | null, label: Label | null): () => void {
    const token = ++this.current;
    this.halt();
    this.showLink(link);
    const shownLabel = this.showLabel(label);
    this.startJourney(journey);
    return () => {
      if (token !== this.current) return;
      this.halt();
      this.showLink(null);
      if (shownLabel) hide(shownLabel);
    };
  }

  /**
   * The active link is drawn by one overlay path above the idle links, which never change: raising the active
   * link's own <svg> (a z-index change) reordered the diagram's paint chunks, so each step that started or ended a
   * message re-rastered the whole diagram and re-layerized the page.
   */
  private showLink(link: ActivePath | null): void {
    this.shownLink = link;
    const overlay = this.link;
    if (!overlay) return;
    const { path, arrow, marker } = overlay;
    if (!link) {
      path.removeAttribute('d');
      return;
    }
    path.setAttribute('d', link.path);
    path.style.stroke = link.color;
    arrow.style.fill = link.color;
    if (link.reverse) {
      path.removeAttribute('marker-end');
      path.setAttribute('marker-start', marker);
    } else {
      path.removeAttribute('marker-start');
      path.setAttribute('marker-end', marker);
    }
  }

  private showLabel(label: Label | null): HTMLDivElement | undefined {
    const el = this.label;
    if (!el) return undefined;
    if (!label) {
      hide(el);
      return undefined;
    }
    const shown = elideLabel(label.text);
    if (el.textContent !== shown) el.textContent = shown;
    el.title = label.text;
    el.style.transform = `translate(-50%, -50%) translate(${label.x}px, ${label.y}px)`;
    el.style.borderColor = label.color;
    el.style.opacity = '1';
    el.removeAttribute('aria-hidden');
    return el;
  }

  /**
   * The dot is shown only by its animation: its own style stays `opacity: 0` from mount, so cancelling the animation
   * hides it, and nothing in its style changes per step. Setting its `translate` or `opacity` (or a colour) before
   * starting the animation cost 4–20 ms of style recalc on every message step: the browser converts all of an
   * animation's keyframes again when the animated element's own style changes. Its colour is set on the core
   * inside it.
   */
  private startJourney(j: Journey | null): void {
    const el = this.dot;
    if (!el || !j || typeof el.animate !== 'function') return; // jsdom (unit tests) has no Web Animations
    const frames = journeyKeyframes(j.path, j.reverse);
    if (!frames.length) return;
    (el.firstElementChild as HTMLElement | null)?.style.setProperty('color', j.color);
    const token = this.current;
    this.motion('dot', () => {
      if (token !== this.current) return;
      this.animation = el.animate(
        frames.map((translate) => ({ translate, opacity: 1 })),
        { duration: j.durationMs, easing: 'linear', fill: 'forwards' },
      );
    });
  }

  private halt(): void {
    this.drop('dot');
    this.animation?.cancel();
    this.animation = undefined;
  }
}

/** Faded out, and out of the accessibility tree. */
function hide(el: HTMLElement): void {
  el.style.opacity = '0';
  el.setAttribute('aria-hidden', 'true');
}

export const MessageMarksContext = createContext<MessageMarks | null>(null);

/** Rings the box making the current step's internal decision (null: none does). Before paint, like the marks. */
export function usePulseRing(pulse: Pulse | null): void {
  const marks = useContext(MessageMarksContext);
  const { seq, x, y, w, h, color, still } = pulse ?? {};
  useLayoutEffect(() => {
    if (!marks || seq === undefined) return;
    return marks.pulse({ seq, x: x!, y: y!, w: w!, h: h!, color: color!, still: !!still });
  }, [marks, seq, x, y, w, h, color, still]);
}

/**
 * Draws the caller's link as the active one, shows the label and sends the dot for the step it carries (`link`
 * null: it carries none). Before paint, so the step's first frame already has them.
 */
export function useMessageMarks(link: ActivePath | null, journey: Journey | null, label: Label | null): void {
  const marks = useContext(MessageMarksContext);
  const { path: linkPath, color: linkColor, reverse: linkReverse } = link ?? {};
  const { seq, path, reverse, color, durationMs } = journey ?? {};
  const { text, x, y, color: labelColor } = label ?? {};
  useLayoutEffect(() => {
    if (!marks || linkPath === undefined) return;
    return marks.show(
      { path: linkPath, color: linkColor!, reverse: !!linkReverse },
      seq === undefined ? null : { seq, path: path!, reverse: !!reverse, color: color!, durationMs: durationMs! },
      text === undefined ? null : { text, x: x!, y: y!, color: labelColor! },
    );
  }, [marks, linkPath, linkColor, linkReverse, seq, path, reverse, color, durationMs, text, x, y, labelColor]);
}

/** Tells the diagram's marks that a new step is shown; rendered before the parts that draw the step's marks. */
export function useStepped(seq: number): void {
  const marks = useContext(MessageMarksContext);
  useLayoutEffect(() => marks?.stepped(), [marks, seq]);
}
