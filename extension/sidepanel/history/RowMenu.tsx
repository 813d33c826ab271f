/**
 * A conversation's "⋯" menu in the history: a real menu (WAI-ARIA menu button pattern). Opening
 * it focuses the first item; Up and Down move (wrapping), Home and End jump, Esc closes it and
 * gives the focus back to its button, and leaving it (Tab, a click elsewhere) closes it.
 */
import Ellipsis from 'lucide-react/icons/ellipsis';
import type { LucideIcon } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { IconButton } from '../IconButton';

export interface MenuItem {
  icon: LucideIcon;
  label: string;
  danger?: boolean;
  onSelect: () => void;
}

interface Props {
  /** The menu button's name ("Actions for …"). */
  label: string;
  /** The menu's own name (the conversation's title). */
  menuLabel: string;
  items: MenuItem[];
  open: boolean;
  onOpen: (open: boolean) => void;
}

export function RowMenu({ label, menuLabel, items, open, onOpen }: Props) {
  const menu = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('[role=menuitem]')?.focus();
  }, [open]);
  const close = () => {
    onOpen(false);
    button.current?.focus();
  };
  return (
    <div
      className="row-actions"
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && onOpen(false)}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        e.preventDefault();
        close();
      }}
    >
      <IconButton
        ref={button}
        icon={Ellipsis}
        label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => onOpen(!open)}
      />
      {open && (
        <div className="menu" role="menu" aria-label={menuLabel} ref={menu} onKeyDown={moveIn}>
          {items.map(({ icon: Icon, label: text, danger, onSelect }) => (
            <button
              key={text}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={danger ? 'danger' : undefined}
              onClick={() => {
                onOpen(false);
                onSelect();
              }}
            >
              <Icon aria-hidden="true" size={16} strokeWidth={1.75} />
              {text}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** Arrows, Home and End move among the menu's items (Esc is handled around it). */
function moveIn(e: KeyboardEvent<HTMLDivElement>): void {
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>('[role=menuitem]')];
  const at = items.findIndex((item) => item === document.activeElement);
  const moves: Partial<Record<string, number>> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 };
  const next = moves[e.key];
  if (next === undefined) return;
  e.preventDefault();
  items[(next + items.length) % items.length]?.focus();
}
