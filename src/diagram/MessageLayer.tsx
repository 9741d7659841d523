/** The diagram's active link, message label, travelling dot and decision ring, mounted once (messageMarks.ts says why). */
import { EdgeLabelRenderer } from '@xyflow/react';
import { useContext, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { MessageMarks, MessageMarksContext } from './messageMarks';

const HIDDEN = { opacity: 0 } as const;

/**
 * Holds the diagram's marks for the links inside; `<MessageLayer>` (a child of `<ReactFlow>`) draws them. `root`: the
 * diagram's element, which marks a burst of steps (messageMarks.ts).
 */
export function MessageMarksProvider({ root, children }: { root: RefObject<HTMLElement | null>; children: ReactNode }) {
  const [marks] = useState(() => new MessageMarks());
  // A passive effect: the diagram's element is an ancestor, whose ref is set after the layout effects below it ran.
  useEffect(() => {
    marks.attachRoot(root.current);
    return () => marks.attachRoot(null);
  }, [marks, root]);
  return <MessageMarksContext.Provider value={marks}>{children}</MessageMarksContext.Provider>;
}

/** `dot`: false under reduced motion, when no dot is drawn at all. */
export function MessageLayer({ dot }: { dot: boolean }) {
  const marks = useContext(MessageMarksContext);
  return (
    <EdgeLabelRenderer>
      <ActiveLinkOverlay marks={marks} />
      {dot && (
        <div ref={(el) => marks?.attachDot(el)} className="message-dot" aria-hidden="true" style={HIDDEN}>
          <span className="message-dot__core" />
        </div>
      )}
      <div ref={(el) => marks?.attachRing(el)} className="pulse-ring" aria-hidden="true" style={HIDDEN} />
      <div
        ref={(el) => marks?.attachLabel(el)}
        className="link-label link-label--message"
        aria-hidden="true"
        style={HIDDEN}
      />
    </EdgeLabelRenderer>
  );
}

/**
 * The link carrying the message, drawn over the idle ones in flow coordinates (the edge-label layer shares the
 * edges' viewport transform); `d` is set per step by MessageMarks, with no path drawn between messages.
 */
function ActiveLinkOverlay({ marks }: { marks: MessageMarks | null }) {
  const markerId = `active-arrow${useId().replace(/:/g, '')}`;
  const path = useRef<SVGPathElement>(null);
  const arrow = useRef<SVGPathElement>(null);
  useLayoutEffect(() => {
    if (!marks || !path.current || !arrow.current) return;
    marks.attachLink({ path: path.current, arrow: arrow.current, marker: `url(#${markerId})` });
    return () => marks.attachLink(null);
  }, [marks, markerId]);
  return (
    <svg className="active-link" aria-hidden="true">
      <defs>
        <marker
          id={markerId}
          viewBox="0 0 10 10"
          refX="8"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto-start-reverse"
        >
          <path ref={arrow} d="M0,0 L10,5 L0,10 z" />
        </marker>
      </defs>
      <path ref={path} className="active-link__path" />
    </svg>
  );
}
