import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { FormField } from './form-field.tsx';
import { SCHEMA_LOAD_FAILED, lazySchema, useSchemaForm, type LazySchema } from './use-schema-form.ts';

const schema = z.object({
  phone: z.string().check(z.regex(/^\d{10}$/, { error: 'phone must be 10 digits' })),
  currentPassword: z.string(),
});

function PasswordForm({
  send,
  lazy,
}: {
  send: (body: z.infer<typeof schema>) => Promise<unknown>;
  lazy?: LazySchema<z.infer<typeof schema>>;
}) {
  const form = useSchemaForm({
    initialValues: { phone: '', currentPassword: '' },
    schema: lazy ?? schema,
    onSubmit: send,
  });
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

  describe('with a schema loaded when needed', () => {
    it('checks with the schema once it has loaded, loading it once, from the first edit', async () => {
      const user = userEvent.setup();
      const send = vi.fn((_body: unknown) => Promise.resolve());
      const load = vi.fn(() => Promise.resolve(schema));
      render(<PasswordForm send={send} lazy={lazySchema(load)} />);
      expect(load).not.toHaveBeenCalled();

      const phone = screen.getByLabelText('Phone');
      await user.type(phone, '98');
      expect(load).toHaveBeenCalledTimes(1);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(errorOf(phone)).toBe('Phone must be 10 digits');
      expect(send).not.toHaveBeenCalled();

      await user.type(phone, '76543210');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
      expect(send.mock.calls[0]?.[0]).toEqual({ phone: '9876543210', currentPassword: '' });
      expect(load).toHaveBeenCalledTimes(1);
    });

    it('says so when the schema cannot load, sends nothing, and loads it again on the next send', async () => {
      const user = userEvent.setup();
      const send = vi.fn(() => Promise.resolve());
      const load = vi.fn<() => Promise<typeof schema>>().mockRejectedValue(new Error('offline'));
      render(<PasswordForm send={send} lazy={lazySchema(load)} />);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect((await screen.findByRole('alert')).textContent).toBe(SCHEMA_LOAD_FAILED);
      expect(send).not.toHaveBeenCalled();

      load.mockResolvedValue(schema);
      await user.type(screen.getByLabelText('Phone'), '9876543210');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });
});
