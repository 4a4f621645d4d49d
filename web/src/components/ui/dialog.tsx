import { useEffect, useId, useRef, type ReactNode } from 'react';
import '@/styles/dialog.css';

export interface DialogProps {
  /** Shown when true (the default); a closed dialog renders nothing. */
  open?: boolean;
  /** The heading; it names the dialog. */
  title: ReactNode;
  /** The text under the heading; it describes the dialog. */
  description?: ReactNode;
  /** Escape, a click on the backdrop (when allowed) and the browser closing it all come here. */
  onClose: () => void;
  /** A click on the backdrop closes, as Escape does; off where a stray click would lose what was typed. */
  closeOnBackdrop?: boolean;
  /** Extra classes for the <dialog> (its width). */
  className?: string;
  children?: ReactNode;
}

/**
 * Every modal of the app, on the platform's <dialog> and showModal(): the page behind is inert,
 * focus starts on the first control (or the one marked autoFocus) and returns where it was when the
 * dialog goes, Escape closes, and the title labels it. The caller owns `open`: closing goes through
 * `onClose`, and the dialog closes when the caller unmounts it or sets `open` to false.
 */
export function Dialog({ open = true, ...props }: DialogProps) {
  return open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({ title, description, onClose, closeOnBackdrop = true, className, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const ids = { title: useId(), text: useId() };
  const state = useRef({ shown: false, pressedBackdrop: false });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const flags = state.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    flags.shown = true;
    return () => {
      flags.shown = false;
      if (dialog.open) dialog.close();
      // Unmounted rather than closed, the browser does not give focus back: the dialog does.
      const focused = document.activeElement;
      if (opener?.isConnected && (!focused || focused === document.body || dialog.contains(focused))) opener.focus();
    };
  }, []);

  return (
    // A click on the backdrop is a mouse-only shortcut: keyboard users close with Escape (onCancel).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-labelledby={ids.title}
      aria-describedby={description ? ids.text : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // The browser may close it without asking (a second Escape with no click between): say so.
      onClose={() => {
        if (state.current.shown) onClose();
      }}
      onPointerDown={(event) => {
        state.current.pressedBackdrop = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // The <dialog> itself is only hit outside its panel; a press that began inside (selecting text) is no click out.
        if (closeOnBackdrop && state.current.pressedBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      <div className="dialog__panel">
        <h2 id={ids.title} className="dialog__title">
          {title}
        </h2>
        {description ? (
          <div id={ids.text} className="dialog__text">
            {description}
          </div>
        ) : null}
        {children}
      </div>
    </dialog>
  );
}
