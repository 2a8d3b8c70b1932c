import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OtpInput } from './otp-input.tsx';

function Harness({ onComplete }: { onComplete: (code: string[]) => void }) {
  const [digits, setDigits] = useState(['', '', '', '']);
  return <OtpInput digits={digits} onChange={setDigits} onComplete={onComplete} incomplete={false} />;
}

const box = (n: number) => screen.getByRole<HTMLInputElement>('textbox', { name: `Digit ${n} of 4` });
const values = () => [1, 2, 3, 4].map((n) => box(n).value);

describe('OtpInput', () => {
  it('moves on to the next box as digits are typed, ignores letters, and sends a complete code', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    expect(document.activeElement).toBe(box(1));

    await user.keyboard('1a2');
    expect(values()).toEqual(['1', '2', '', '']);
    expect(document.activeElement).toBe(box(3));
    expect(onComplete).not.toHaveBeenCalled();

    await user.keyboard('34');
    expect(values()).toEqual(['1', '2', '3', '4']);
    expect(onComplete).toHaveBeenCalledExactlyOnceWith(['1', '2', '3', '4']);
  });

  it('spreads a pasted code over the boxes from the first, whichever box has focus', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    await user.click(box(3));
    await user.paste('12 34');

    expect(values()).toEqual(['1', '2', '3', '4']);
    expect(onComplete).toHaveBeenCalledExactlyOnceWith(['1', '2', '3', '4']);
  });

  it('pastes part of a code from the box with focus on', async () => {
    const user = userEvent.setup();
    render(<Harness onComplete={vi.fn()} />);
    await user.click(box(2));
    await user.paste('56');

    expect(values()).toEqual(['', '5', '6', '']);
    expect(document.activeElement).toBe(box(4));
  });

  it('goes back with Backspace in an empty box, clearing the digit before', async () => {
    const user = userEvent.setup();
    render(<Harness onComplete={vi.fn()} />);
    await user.keyboard('12');
    expect(document.activeElement).toBe(box(3));

    await user.keyboard('{Backspace}');
    expect(values()).toEqual(['1', '', '', '']);
    expect(document.activeElement).toBe(box(2));

    await user.keyboard('{Backspace}');
    expect(values()).toEqual(['', '', '', '']);
    expect(document.activeElement).toBe(box(1));
  });

  it('replaces the digit of a filled box typed into', async () => {
    const user = userEvent.setup();
    render(<Harness onComplete={vi.fn()} />);
    await user.keyboard('12');
    await user.click(box(1));
    await user.keyboard('7');

    expect(values()).toEqual(['7', '2', '', '']);
    expect(document.activeElement).toBe(box(2));
  });
});
