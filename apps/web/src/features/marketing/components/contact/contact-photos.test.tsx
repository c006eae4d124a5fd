import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ContactPhotos, type ContactPhoto } from './contact-photos';

const JPEG_BYTES = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const photo = (name: string) => new File([JPEG_BYTES], name, { type: 'image/jpeg' });

function Harness() {
  const [photos, setPhotos] = useState<ContactPhoto[]>([]);
  return <ContactPhotos photos={photos} onChange={setPhotos} />;
}

function pick(input: HTMLInputElement, files: File[]) {
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
}

describe('ContactPhotos', () => {
  it('takes two quick picks in turn: the first batch is kept and the total never exceeds 5', async () => {
    const { container } = render(<Harness />);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    pick(input, [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')]);
    pick(input, [photo('d.jpg'), photo('e.jpg'), photo('f.jpg')]);
    // While reading, the button cannot open a third picker.
    expect(screen.getByRole('button', { name: 'Lecture des photos…' })).toBeDisabled();

    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(5));
    expect(screen.getAllByRole('img').map((image) => image.getAttribute('alt'))).toEqual([
      'Photo 1\u00a0: a.jpg',
      'Photo 2\u00a0: b.jpg',
      'Photo 3\u00a0: c.jpg',
      'Photo 4\u00a0: d.jpg',
      'Photo 5\u00a0: e.jpg',
    ]);
    expect(screen.getByText('Maximum 5 photos par message')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nombre maximum de photos atteint' })).toBeDisabled();
  });

  it('adds after a removal from the latest list', async () => {
    const { container } = render(<Harness />);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    pick(input, [photo('a.jpg'), photo('b.jpg')]);
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Retirer la photo 1 (a.jpg)' }));
    pick(input, [photo('c.jpg')]);
    await waitFor(() => expect(screen.getAllByRole('img').map((image) => image.getAttribute('alt'))).toEqual(['Photo 1\u00a0: b.jpg', 'Photo 2\u00a0: c.jpg']));
  });
});
