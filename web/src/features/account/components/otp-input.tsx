import { useImperativeHandle, useLayoutEffect, useRef, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react';
import { useT } from '../../../i18n/index.tsx';
import styles from './otp-input.module.css';

export interface OtpInputHandle {
  /** Focuses box `index` (kept within the boxes). */
  focusBox: (index: number) => void;
}

/**
 * One box per digit of a one-time code. Typing moves on to the next box, Backspace in an empty box goes
 * back and clears the one before, and a pasted or autofilled code spreads over the boxes; a whole code
 * always fills from the first box. `onComplete` gets the code as soon as every box holds a digit.
 */
export function OtpInput({
  digits,
  onChange,
  onComplete,
  incomplete,
  describedBy,
  handle,
}: {
  digits: readonly string[];
  onChange: (update: (current: readonly string[]) => string[]) => void;
  onComplete: (code: string[]) => void;
  /** Marks the empty boxes after a submit with some missing. */
  incomplete: boolean;
  describedBy?: string;
  /** Not `ref`: Preact 10 keeps a `ref` from reaching a function component's props. */
  handle?: Ref<OtpInputHandle>;
}) {
  const t = useT();
  const length = digits.length;
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (index: number) => boxes.current[Math.min(Math.max(index, 0), length - 1)]?.focus();
  useImperativeHandle(handle, () => ({ focusBox }));
  // The first box has the focus as the boxes appear. Not `autoFocus`: React focused such an element as
  // it mounted, Preact only writes the attribute, which a browser acts on once a page at most.
  useLayoutEffect(() => void boxes.current[0]?.focus(), []);

  /** Writes typed or pasted digits from box `index` on. */
  const fill = (index: number, typed: string) => {
    const start = typed.length >= length ? 0 : index;
    const next = [...digits];
    const chars = typed.slice(0, length - start);
    [...chars].forEach((d, i) => (next[start + i] = d));
    onChange(() => next);
    focusBox(start + chars.length);
    if (start + chars.length >= length && next.every((d) => d !== '')) onComplete(next);
  };

  const clearBox = (index: number) => onChange((current) => current.map((d, i) => (i === index ? '' : d)));

  const change = (index: number, input: HTMLInputElement) => {
    let typed = input.value.replace(/\D/g, '');
    // A digit typed into a filled box (caret not selecting it) replaces the old one.
    if (digits[index] && typed.length === 2 && input.selectionStart !== null) {
      typed = input.value.charAt(input.selectionStart - 1).replace(/\D/g, '') || typed.charAt(1);
    }
    if (typed) fill(index, typed);
    else clearBox(index);
  };

  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      clearBox(index - 1);
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const paste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '');
    if (pasted) fill(index, pasted);
  };

  return (
    <fieldset className={styles.otp} aria-describedby={describedBy}>
      <legend>{t('account.oneTimeCode')}</legend>
      <div className={styles.otpBoxes}>
        {digits.map((digit, index) => (
          <input
            key={index}
            ref={(el) => {
              boxes.current[index] = el;
            }}
            className={styles.otpBox}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={t('account.otpDigit', { index: index + 1, length })}
            aria-invalid={(incomplete && !digit) || undefined}
            value={digit}
            onFocus={(e) => e.target.select()}
            onChange={(e) => change(index, e.target)}
            onKeyDown={(e) => keyDown(index, e)}
            onPaste={(e) => paste(index, e)}
          />
        ))}
      </div>
    </fieldset>
  );
}
