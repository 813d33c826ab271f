/**
 * A button that shows an icon: its label is its accessible name and its tooltip, so a sighted
 * mouse user, a keyboard user and a screen reader all learn what it does.
 */
import './IconButton.css';
import type { ButtonHTMLAttributes, Ref } from 'react';
import type { LucideIcon } from 'lucide-react';

interface Props extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'aria-label' | 'title'> {
  icon: LucideIcon;
  label: string;
  ref?: Ref<HTMLButtonElement>;
}

export function IconButton({ icon: Icon, label, className, ...rest }: Props) {
  return (
    <button
      type="button"
      {...rest}
      className={className ? `icon-button ${className}` : 'icon-button'}
      aria-label={label}
      title={label}
    >
      <Icon aria-hidden="true" size={18} strokeWidth={1.75} />
    </button>
  );
}
