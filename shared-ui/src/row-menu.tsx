import type { ReactNode } from 'react';
import { Dropdown } from './dropdown';
import { MoreIcon } from './icons';
import './row-menu.css';

export interface RowMenuItem {
  key: string;
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
  /** Why a disabled action is not offered ("Only admins can …"), written under it. */
  reason?: string;
  danger?: boolean;
}

export interface RowMenuProps {
  /** Who or what the row is: the button is "Actions for {name}", so each row's menu has its own name. */
  name: string;
  items: readonly RowMenuItem[];
}

/**
 * A row's actions behind one "⋯" button, for a table whose rows are cards on a
 * narrow screen (a column with `card: 'menu'`, table.tsx). It is drawn only
 * there, beside the row's own buttons, which are drawn everywhere else: CSS
 * chooses (row-menu.css, table.css), so nothing measures the screen and the
 * desktop's buttons stay as they were.
 */
export function RowMenu({ name, items }: RowMenuProps) {
  return (
    <Dropdown
      className="cb-row-menu"
      label={`Actions for ${name}`}
      triggerAriaLabel={`Actions for ${name}`}
      iconOnly
      icon={<MoreIcon size={18} />}
      variant="ghost"
      size="sm"
      align="end"
      items={items.map((item) => ({
        key: item.key,
        icon: item.icon,
        danger: item.danger,
        disabled: item.disabled,
        onSelect: item.onSelect,
        label:
          item.disabled && item.reason ? (
            <>
              {item.label}
              <span className="cb-row-menu__reason">{item.reason}</span>
            </>
          ) : (
            item.label
          ),
      }))}
    />
  );
}
