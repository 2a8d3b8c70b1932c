import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeOverForm } from './early-form.ts';

/**
 * takeOverForm hands the app what a shopper did in a server-rendered form before the app took it over:
 * typed text as input events, ticked boxes and picked choices as change events, nothing for what is as
 * the server sent it.
 */
function serverForm(): HTMLFormElement {
  const form = document.createElement('form');
  form.innerHTML =
    '<input name="text" value="">' +
    '<input type="checkbox" name="ticked"><input type="checkbox" name="untouched">' +
    '<select name="qty"><option value="1" selected>1</option><option value="2">2</option></select>' +
    '<select name="same"><option value="a" selected>a</option><option value="b">b</option></select>';
  document.body.append(form);
  return form;
}

afterEach(() => {
  document.body.innerHTML = '';
  window.__rrHeldForm = undefined;
});

describe('takeOverForm', () => {
  it('reports typed text, a ticked box and a picked choice, and only those', () => {
    const form = serverForm();
    const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;
    (field('text') as HTMLInputElement).value = 'Asha';
    (field('ticked') as HTMLInputElement).checked = true;
    field('qty').value = '2';
    const seen: string[] = [];
    form.addEventListener('input', (e) => seen.push(`input ${(e.target as HTMLInputElement).name}`));
    form.addEventListener('change', (e) => seen.push(`change ${(e.target as HTMLInputElement).name}`));

    takeOverForm(form);

    expect(seen).toEqual(['input text', 'change ticked', 'change qty']);
    expect(form.__rrLive).toBe(true);
  });

  it('sends a form held meanwhile once the app has it', () => {
    vi.useFakeTimers();
    const form = serverForm();
    const submitted = vi.fn((e: Event) => e.preventDefault());
    form.addEventListener('submit', submitted);
    window.__rrHeldForm = form;
    takeOverForm(form);
    vi.runAllTimers();
    vi.useRealTimers();
    expect(submitted).toHaveBeenCalledOnce();
  });
});
