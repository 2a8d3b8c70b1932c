import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { FormField } from './form-field.tsx';
import { useSchemaForm } from './use-schema-form.ts';

const schema = z.object({
  phone: z.string().check(z.regex(/^\d{10}$/, { error: 'phone must be 10 digits' })),
  currentPassword: z.string(),
});

function PasswordForm({ send }: { send: (body: z.infer<typeof schema>) => Promise<unknown> }) {
  const form = useSchemaForm({ initialValues: { phone: '', currentPassword: '' }, schema, onSubmit: send });
  return (
    <form onSubmit={form.submit} noValidate>
      {form.error && <p role="alert">{form.error}</p>}
      <FormField label="Phone" {...form.field('phone')} />
      <FormField label="Current password" {...form.field('currentPassword')} />
      <button type="submit" disabled={form.busy}>
        Save
      </button>
    </form>
  );
}

/** The text of the error tied to a control (FormField's aria-describedby), or null. */
function errorOf(control: HTMLElement): string | null {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).find(Boolean) ?? null;
}

describe('useSchemaForm', () => {
  it("shows the schema's message under the field, and clears only that field's error when it is edited", async () => {
    const user = userEvent.setup();
    const send = vi.fn(() => Promise.resolve());
    render(<PasswordForm send={send} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const phone = screen.getByLabelText('Phone');
    expect(errorOf(phone)).toBe('Phone must be 10 digits');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(send).not.toHaveBeenCalled();

    await user.type(phone, '9');
    expect(errorOf(phone)).toBeNull();
    expect(phone.hasAttribute('aria-invalid')).toBe(false);

    // Still wrong on the next submit: the error comes back.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf(phone)).toBe('Phone must be 10 digits');
  });

  it('sends what the schema accepted and is busy until the reply', async () => {
    const user = userEvent.setup();
    let reply!: () => void;
    const send = vi.fn(() => new Promise<void>((resolve) => (reply = resolve)));
    render(<PasswordForm send={send} />);
    await user.type(screen.getByLabelText('Phone'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(send).toHaveBeenCalledWith({ phone: '9876543210', currentPassword: '' }, expect.anything());
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    reply();
    await vi.waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(false),
    );
  });

  it('puts a server refusal that names a field under that field, cleared when the field is edited', async () => {
    const user = userEvent.setup();
    const send = vi.fn(() => Promise.reject(new Error('currentPassword: the current password is not correct.')));
    render(<PasswordForm send={send} />);
    await user.type(screen.getByLabelText('Phone'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const current = screen.getByLabelText('Current password');
    await vi.waitFor(() => expect(errorOf(current)).toBe('The current password is not correct.'));
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(current, 'x');
    expect(errorOf(current)).toBeNull();
  });

  it('shows a server refusal about no field of the form above it', async () => {
    const user = userEvent.setup();
    const send = vi.fn(() => Promise.reject(new Error('Invalid phone number or password')));
    render(<PasswordForm send={send} />);
    await user.type(screen.getByLabelText('Phone'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid phone number or password');
  });
});
