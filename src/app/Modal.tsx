import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Icon } from '../ui/Icon';
import { useT } from '../ui/i18n/translateContext';

/**
 * A native modal <dialog>: focus trap, Escape and inert background come from the browser. The element marked
 * `data-autofocus` gets the focus when it opens (the safe choice of a question), else the browser's first.
 */
export function Modal({
  title,
  onClose,
  children,
  wide,
}: {
  title: string;
  onClose(): void;
  children: ReactNode;
  wide?: boolean;
}) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  // Two modals can be open at once (a question over the Share dialog): each needs its own title id.
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) {
      d.showModal();
      d.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    return () => d?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`modal${wide ? ' modal--wide' : ''}`}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={onClose}
    >
      <div className="modal__head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-btn icon-btn--quiet" aria-label={t('app.close')} onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      <div className="modal__body">{children}</div>
    </dialog>
  );
}
