import type { ButtonHTMLAttributes, ReactNode } from 'react';

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> & {
  variant?: 'solid' | 'outline';
  /** Full width of its column. */
  block?: boolean;
  /** Extra classes (a feature's own layout for the button). */
  className?: string;
  /** While its action runs the button cannot be pressed again, and says so with `busyLabel` when given. */
  busy?: boolean;
  busyLabel?: ReactNode;
};

/** The shop's button (global `.btn` styles), with a busy state for actions that wait on the server. */
export function Button({
  variant = 'solid',
  block = false,
  className,
  busy = false,
  busyLabel,
  disabled,
  type = 'button',
  children,
  ...props
}: ButtonProps) {
  const classes = ['btn', variant === 'outline' && 'btn-outline', block && 'btn-block', className].filter(Boolean);
  return (
    <button type={type} className={classes.join(' ')} disabled={disabled || busy} {...props}>
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
