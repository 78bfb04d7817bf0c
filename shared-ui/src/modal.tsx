import { useEffect, useId, useRef, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { focusables, useFocusTrap } from './focus-trap';
import { CloseIcon } from './icons';
import './modal.css';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

export interface ModalProps {
  open: boolean;
  /** Called for Escape, a backdrop click and the close button; the parent sets `open` false. */
  onClose: () => void;
  /** The dialog's heading; it names the dialog for screen readers. */
  title: ReactNode;
  /** A line under the title; it describes the dialog. */
  subtitle?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, right-aligned (Cancel / Save). */
  footer?: ReactNode;
  /** Width: sm 400, md 560 (default), lg 760, xl 960 px. */
  size?: ModalSize;
  /** Where focus goes on open; otherwise the first field or button of the body, then of the footer. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** False keeps the dialog open on a backdrop click (a form with unsaved input). */
  closeOnBackdrop?: boolean;
  /** Hide the × button in the header. */
  hideCloseButton?: boolean;
  className?: string;
}

let lockCount = 0;

/** Stops the page behind scrolling; nested dialogs share one lock. */
function lockScroll(): () => void {
  lockCount += 1;
  document.body.classList.add('cb-scroll-locked');
  return () => {
    lockCount -= 1;
    if (lockCount === 0) document.body.classList.remove('cb-scroll-locked');
  };
}

/**
 * A modal dialog, portalled to document.body. It is labelled by its title,
 * closes on Escape and on a click on the backdrop (a press that starts inside
 * the dialog and ends outside does not count), keeps Tab inside, and gives
 * focus back to where it was when it closes.
 */
export function Modal(props: ModalProps) {
  if (!props.open) return null;
  return createPortal(<OpenModal {...props} />, document.body);
}

function OpenModal({
  onClose,
  title,
  subtitle,
  children,
  footer,
  size = 'md',
  initialFocusRef,
  closeOnBackdrop = true,
  hideCloseButton = false,
  className,
}: ModalProps) {
  const titleId = useId();
  const subtitleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const footerRef = useRef<HTMLDivElement>(null);
  const pressStartedInside = useRef(false);

  // Locked before focus moves in, released before it goes back to the opener.
  useEffect(() => lockScroll(), []);

  // The header's × is not where focus starts: the body's first control is, then the footer's.
  const onKeyDown = useFocusTrap(dialogRef, {
    onEscape: onClose,
    initialFocusRef,
    defaultFocus: () => focusables(bodyRef.current)[0] ?? focusables(footerRef.current)[0],
  });

  const onOverlayMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    pressStartedInside.current = event.target !== event.currentTarget;
  };

  const onOverlayClick = (event: MouseEvent<HTMLDivElement>) => {
    const startedInside = pressStartedInside.current;
    pressStartedInside.current = false;
    if (event.target !== event.currentTarget || startedInside) return;
    event.stopPropagation();
    if (closeOnBackdrop) onClose();
  };

  return (
    <div className="cb-modal-overlay" data-testid="modal-backdrop" onMouseDown={onOverlayMouseDown} onClick={onOverlayClick} onKeyDown={onKeyDown}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={subtitle ? subtitleId : undefined}
        tabIndex={-1}
        className={['cb-modal', `cb-modal--${size}`, className].filter(Boolean).join(' ')}
      >
        <div className="cb-modal__header">
          <div className="cb-modal__titles">
            <h2 id={titleId} className="cb-modal__title">
              {title}
            </h2>
            {subtitle ? (
              <p id={subtitleId} className="cb-modal__subtitle">
                {subtitle}
              </p>
            ) : null}
          </div>
          {hideCloseButton ? null : (
            <button type="button" className="cb-modal__close" aria-label="Close dialog" onClick={() => onClose()}>
              <CloseIcon size={16} />
            </button>
          )}
        </div>
        <div ref={bodyRef} className="cb-modal__body">
          {children}
        </div>
        {footer ? (
          <div ref={footerRef} className="cb-modal__footer">
            {footer}
          </div>
        ) : null}
      </div>
    </div>
  );
}
