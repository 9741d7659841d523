/**
 * What a step draws over the diagram: the label and travelling dot of the link carrying its message (TOOLCHAIN.md
 * §7), or the ring round the box making an internal decision. The diagram has one of each, mounted once
 * (MessageLayer.tsx); the active link shows its marks for its step (`useMessageMarks`) and the diagram rings the
 * deciding box (`usePulseRing`), so every step starts afresh and stepping back simply starts the earlier step's.
 *
 * They stay mounted between steps, faded out rather than removed, and are moved rather than re-created: mounting
 * them anew each step (React elements, a composited layer for the dot and the ring) was work on the key press and
 * in the step's frame; each is now a composited layer of its own for good (`will-change: transform, opacity`,
 * diagram.css) whose transform and opacity change in place. With edges that stay the same objects (flowModel.ts)
 * this took a 3-Pod step's key press from 7.0 to 3.7 ms and its frame from 13.9 to 6.2 ms (p50, traces).
 *
 * The dot is moved by a `transform` animation computed from the path text (dotJourney.ts, eased with motion's
 * curve) and handed straight to the browser (`Element.animate`), so the compositor moves it on its own and nothing
 * is read from the DOM.
 */
import { createContext, useContext, useLayoutEffect } from 'react';
import { afterPaint } from '../app/afterPaint';
import { journeyKeyframes } from './dotJourney';

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

/** The diagram's label and dot: whoever shows them gets a function that hides them (if still theirs). */
export class MessageMarks {
  private dot: HTMLDivElement | null = null;
  private label: HTMLDivElement | null = null;
  private ring: HTMLDivElement | null = null;
  private ringToken = 0;
  private ringAnimation: Animation | undefined;
  private current = 0;
  private animation: Animation | undefined;
  private cancelStart: (() => void) | undefined;

  attachDot(el: HTMLDivElement | null): void {
    this.dot = el;
  }

  attachLabel(el: HTMLDivElement | null): void {
    this.label = el;
  }

  attachRing(el: HTMLDivElement | null): void {
    this.ring = el;
  }

  /** Rings the box for one step; returns a function that hides the ring (if still this step's). */
  pulse(p: Pulse): () => void {
    const el = this.ring;
    const token = ++this.ringToken;
    this.ringAnimation?.cancel();
    this.ringAnimation = undefined;
    if (!el) return () => {};
    // The ring sits 4 px outside the box (border included), like the box's own outline would.
    const at = `translate(${p.x - 4}px, ${p.y - 4}px)`;
    el.style.width = `${p.w + 8}px`;
    el.style.height = `${p.h + 8}px`;
    el.style.borderColor = p.color;
    el.style.transform = at;
    el.style.opacity = '1';
    if (!p.still && typeof el.animate === 'function') {
      // No fill: once it has expanded twice the ring stays drawn round the box until the step changes.
      this.ringAnimation = el.animate(
        [
          { opacity: 0.9, transform: `${at} scale(1)` },
          { opacity: 0, transform: `${at} scale(1.06)` },
        ],
        { duration: 900, iterations: 2, easing: 'ease-out' },
      );
    }
    return () => {
      if (token !== this.ringToken) return;
      this.ringAnimation?.cancel();
      this.ringAnimation = undefined;
      el.style.opacity = '0';
    };
  }

  show(journey: Journey | null, label: Label | null): () => void {
    const token = ++this.current;
    this.halt();
    const shown = [this.showLabel(label), this.startJourney(journey)].filter((el) => el !== undefined);
    return () => {
      if (token !== this.current) return;
      this.halt();
      for (const el of shown) hide(el);
    };
  }

  private showLabel(label: Label | null): HTMLDivElement | undefined {
    const el = this.label;
    if (!el) return undefined;
    if (!label) {
      hide(el);
      return undefined;
    }
    if (el.textContent !== label.text) el.textContent = label.text;
    el.title = label.text;
    el.style.transform = `translate(-50%, -50%) translate(${label.x}px, ${label.y}px)`;
    el.style.borderColor = label.color;
    el.style.opacity = '1';
    el.removeAttribute('aria-hidden');
    return el;
  }

  private startJourney(j: Journey | null): HTMLDivElement | undefined {
    const el = this.dot;
    const frames = j ? journeyKeyframes(j.path, j.reverse) : [];
    if (!el) return undefined;
    if (!j || !frames.length) {
      hide(el);
      return undefined;
    }
    el.style.setProperty('--dot', j.color);
    // Placed at the start before it is shown, so the dot never flashes at the origin.
    el.style.transform = frames[0];
    el.style.opacity = '1';
    // jsdom (unit tests) has no Web Animations; the dot then simply stays at the start.
    if (typeof el.animate === 'function') {
      // Started once the step's frame is painted: creating the animation costs ~0.5 ms that the key press need not
      // wait for, and the dot sits at its start until then.
      this.cancelStart = afterPaint(() => {
        this.animation = el.animate(
          frames.map((transform) => ({ transform })),
          { duration: j.durationMs, easing: 'linear', fill: 'forwards' },
        );
      });
    }
    return el;
  }

  private halt(): void {
    this.cancelStart?.();
    this.cancelStart = undefined;
    this.animation?.cancel();
    this.animation = undefined;
  }
}

/** Faded out, and out of the accessibility tree (the dot always is). */
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
 * Shows the label and sends the dot for the step the caller's link carries; both null: it carries none. Before
 * paint, so the step's first frame already has them.
 */
export function useMessageMarks(journey: Journey | null, label: Label | null): void {
  const marks = useContext(MessageMarksContext);
  const { seq, path, reverse, color, durationMs } = journey ?? {};
  const { text, x, y, color: labelColor } = label ?? {};
  useLayoutEffect(() => {
    if (!marks || (seq === undefined && text === undefined)) return;
    return marks.show(
      seq === undefined ? null : { seq, path: path!, reverse: !!reverse, color: color!, durationMs: durationMs! },
      text === undefined ? null : { text, x: x!, y: y!, color: labelColor! },
    );
  }, [marks, seq, path, reverse, color, durationMs, text, x, y, labelColor]);
}
