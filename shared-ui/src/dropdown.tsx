import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { Button, type ButtonSize, type ButtonVariant } from './button';
import { focusables } from './focus-trap';
import { ChevronDownIcon } from './icons';
import './dropdown.css';

export interface DropdownItem {
  key: string;
  label: ReactNode;
  onSelect?: () => void;
  /** Shown but not choosable (the e-mail line of the profile menu). */
  disabled?: boolean;
  icon?: ReactNode;
  /** Destructive action, in the danger colour. */
  danger?: boolean;
  /** Draw a separator line above this item. */
  separatorBefore?: boolean;
}

export interface DropdownProps {
  /** The trigger button's content. */
  label: ReactNode;
  /** Menu items (role="menu"). Leave out and pass `children` for free content instead (a checklist). */
  items?: readonly DropdownItem[];
  /** Free popover content; a function receives `close`. */
  children?: ReactNode | ((close: () => void) => ReactNode);
  /** Which trigger edge the popover lines up with. */
  align?: 'start' | 'end';
  /** The popover's width in px (the Dispositions dropdown: 300). */
  width?: number;
  /** Names the menu or popover for screen readers; defaults to the trigger's text when it is text. */
  menuLabel?: string;
  /** The trigger's accessible name, needed when `label` is only an icon. */
  triggerAriaLabel?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: ReactNode;
  iconOnly?: boolean;
  /** Show the chevron after the label (default true unless iconOnly). */
  chevron?: boolean;
  disabled?: boolean;
  /** Controlled open state (optional). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
  triggerClassName?: string;
}

const GAP = 4;

function enabledItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')) : [];
}

/**
 * A button that opens a menu or a popover. The popover is portalled to the
 * body (so a table cell or a scrolling card cannot clip it) and placed under
 * the trigger, above it when there is no room below. It closes on a click
 * outside, on Escape (focus returns to the trigger) and on Tab; arrow keys,
 * Home and End move through menu items, skipping disabled ones.
 */
export function Dropdown({
  label,
  items,
  children,
  align = 'start',
  width,
  menuLabel,
  triggerAriaLabel,
  variant = 'secondary',
  size = 'md',
  icon,
  iconOnly = false,
  chevron = !iconOnly,
  disabled = false,
  open: controlledOpen,
  onOpenChange,
  className,
  triggerClassName,
}: DropdownProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false);
  const open = controlledOpen ?? uncontrolledOpen;
  const [position, setPosition] = useState<CSSProperties>({});
  const triggerRef = useRef<HTMLButtonElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const popoverId = useId();
  const isMenu = items !== undefined;
  const name = menuLabel ?? triggerAriaLabel ?? (typeof label === 'string' ? label : undefined);

  const setOpen = useCallback(
    (next: boolean) => {
      if (controlledOpen === undefined) setUncontrolledOpen(next);
      onOpenChange?.(next);
    },
    [controlledOpen, onOpenChange],
  );

  const close = useCallback(
    (refocus = false) => {
      setOpen(false);
      if (refocus) triggerRef.current?.focus();
    },
    [setOpen],
  );

  // Place the popover against the trigger, flipping above when it would leave the viewport.
  const place = useCallback(() => {
    const trigger = triggerRef.current;
    if (!trigger) return;
    const rect = trigger.getBoundingClientRect();
    const height = popoverRef.current?.offsetHeight ?? 0;
    const below = rect.bottom + GAP;
    const fitsBelow = below + height <= window.innerHeight || rect.top - GAP - height < 0;
    const next: CSSProperties = { top: fitsBelow ? below : rect.top - GAP - height };
    if (align === 'end') next.right = Math.max(window.innerWidth - rect.right, GAP);
    else next.left = Math.max(rect.left, GAP);
    if (width) next.width = width;
    else next.minWidth = Math.max(rect.width, 180);
    setPosition(next);
  }, [align, width]);

  useLayoutEffect(() => {
    if (!open) return undefined;
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open, place]);

  // Focus the first menu item (or the first control of free content) on open.
  useEffect(() => {
    if (!open) return;
    const popover = popoverRef.current;
    const first = isMenu ? enabledItems(popover)[0] : focusables(popover)[0];
    (first ?? popover)?.focus();
  }, [open, isMenu]);

  // A press anywhere outside the trigger and the popover closes it.
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: Event) => {
      const target = event.target as Node | null;
      if (target && (triggerRef.current?.contains(target) || popoverRef.current?.contains(target))) return;
      close(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
    };
  }, [open, close]);

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!open && (event.key === 'ArrowDown' || event.key === 'ArrowUp') && !disabled) {
      event.preventDefault();
      setOpen(true);
    }
  };

  const onPopoverKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // Stop here so a surrounding dialog does not close too.
      event.stopPropagation();
      event.preventDefault();
      close(true);
      return;
    }
    if (event.key === 'Tab') {
      if (isMenu) {
        event.preventDefault();
        close(true);
        return;
      }
      const controls = focusables(popoverRef.current);
      const leaving =
        controls.length === 0 ||
        (event.shiftKey && document.activeElement === controls[0]) ||
        (!event.shiftKey && document.activeElement === controls[controls.length - 1]);
      if (leaving) {
        event.preventDefault();
        close(true);
      }
      return;
    }
    if (!isMenu) return;
    const list = enabledItems(popoverRef.current);
    if (list.length === 0) return;
    const index = list.indexOf(document.activeElement as HTMLElement);
    let next: HTMLElement | undefined;
    if (event.key === 'ArrowDown') next = list[(index + 1) % list.length];
    else if (event.key === 'ArrowUp') next = list[(index - 1 + list.length) % list.length];
    else if (event.key === 'Home') next = list[0];
    else if (event.key === 'End') next = list[list.length - 1];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };

  const select = (item: DropdownItem) => {
    if (item.disabled) return;
    close(true);
    item.onSelect?.();
  };

  const content = typeof children === 'function' ? children(() => close(true)) : children;

  const popover = open
    ? createPortal(
        <div
          ref={popoverRef}
          id={popoverId}
          className={['cb-dropdown__popover', isMenu && 'cb-dropdown__popover--menu'].filter(Boolean).join(' ')}
          style={position}
          role={isMenu ? 'menu' : 'dialog'}
          aria-label={name}
          tabIndex={-1}
          onKeyDown={onPopoverKeyDown}
        >
          {isMenu
            ? items.map((item) => (
                <div key={item.key} role="none">
                  {item.separatorBefore ? <div className="cb-dropdown__separator" role="separator" /> : null}
                  <button
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    className={['cb-dropdown__item', item.danger && 'cb-dropdown__item--danger'].filter(Boolean).join(' ')}
                    aria-disabled={item.disabled || undefined}
                    onClick={() => select(item)}
                  >
                    {item.icon ? <span className="cb-dropdown__item-icon">{item.icon}</span> : null}
                    <span className="cb-dropdown__item-label">{item.label}</span>
                  </button>
                </div>
              ))
            : content}
        </div>,
        document.body,
      )
    : null;

  return (
    <div className={['cb-dropdown', className].filter(Boolean).join(' ')}>
      <Button
        ref={triggerRef}
        variant={variant}
        size={size}
        icon={icon}
        iconOnly={iconOnly}
        disabled={disabled}
        className={triggerClassName}
        aria-label={triggerAriaLabel}
        aria-haspopup={isMenu ? 'menu' : 'dialog'}
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        trailingIcon={chevron ? <ChevronDownIcon size={14} className="cb-dropdown__chevron" /> : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={onTriggerKeyDown}
      >
        {iconOnly && icon ? null : label}
      </Button>
      {popover}
    </div>
  );
}
