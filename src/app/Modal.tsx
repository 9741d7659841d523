import { useEffect, useRef, type ReactNode } from 'react';
import { Icon } from './Icon';
import { useT } from './i18n/translateContext';

/** A native modal <dialog>: focus trap, Escape and inert background come from the browser. */
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
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`modal${wide ? ' modal--wide' : ''}`}
      aria-labelledby="modal-title"
      onClose={onClose}
      onCancel={onClose}
    >
      <div className="modal__head">
        <h2 id="modal-title">{title}</h2>
        <button type="button" className="icon-btn icon-btn--quiet" aria-label={t('app.close')} onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      <div className="modal__body">{children}</div>
    </dialog>
  );
}
