/** The diagram's message label, travelling dot and decision ring, mounted once (messageMarks.ts says why). */
import { EdgeLabelRenderer } from '@xyflow/react';
import { useContext, useState, type ReactNode } from 'react';
import { MessageMarks, MessageMarksContext } from './messageMarks';

const HIDDEN = { opacity: 0 } as const;

/** Holds the diagram's marks for the links inside; `<MessageLayer>` (a child of `<ReactFlow>`) draws them. */
export function MessageMarksProvider({ children }: { children: ReactNode }) {
  const [marks] = useState(() => new MessageMarks());
  return <MessageMarksContext.Provider value={marks}>{children}</MessageMarksContext.Provider>;
}

/** `dot`: false under reduced motion, when no dot is drawn at all. */
export function MessageLayer({ dot }: { dot: boolean }) {
  const marks = useContext(MessageMarksContext);
  return (
    <EdgeLabelRenderer>
      {dot && <div ref={(el) => marks?.attachDot(el)} className="message-dot" aria-hidden="true" style={HIDDEN} />}
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
