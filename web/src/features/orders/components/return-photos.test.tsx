import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hi } from '../../../i18n/hi.ts';
import { LanguageProvider } from '../../../i18n/index.tsx';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { ReturnPhotos } from './return-photos.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function Photos() {
  const [photos, setPhotos] = useState<string[]>([]);
  return <ReturnPhotos photos={photos} setPhotos={setPhotos} />;
}

describe('a return’s photos in Hindi (issue 30)', () => {
  it('says in Hindi why the server refused a photo, by the refusal’s code', async () => {
    fetchMock.mockImplementation(async () =>
      jsonReply({ message: 'Upload a still picture, not an animation', code: 'ANIMATED_IMAGE' }, 400),
    );
    renderInApp(
      <LanguageProvider language="hi" texts={hi}>
        <Photos />
      </LanguageProvider>,
    );
    const animated = new File([new Uint8Array([0xff, 0xd8, 0xff, 0])], 'moving.webp', { type: 'image/webp' });
    await userEvent.upload(screen.getByLabelText(hi['orders.addPhotos']), animated);
    expect((await screen.findByRole('alert')).textContent).toBe(hi['errors.ANIMATED_IMAGE']);
    expect(hi['errors.ANIMATED_IMAGE']).toBe('कृपया चलती तस्वीर (एनिमेशन) नहीं, एक स्थिर फ़ोटो चुनें।');
  });
});
