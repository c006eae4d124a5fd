import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ImageUpload } from './image-upload';
import { dataUrlBytes, fitWidth, processFiles, UPLOAD_MAX_BYTES } from './process-image';

const jpeg = (name = 'photo.jpg', size = 10) => new File([new Uint8Array(size).fill(0xff)], name, { type: 'image/jpeg' });

function Harness({ initial = [] as string[] }) {
  const [images, setImages] = useState(initial);
  return <ImageUpload images={images} onChange={setImages} />;
}

describe('processFiles', () => {
  it('keeps at most 3 images, with the spec’s message', async () => {
    const result = await processFiles([jpeg('a.jpg'), jpeg('b.jpg')], 2, { convert: async (file) => `data:${file.name}` });
    expect(result.images).toEqual(['data:a.jpg']);
    expect(result.errors).toEqual(['Maximum 3 images autorisées']);
  });

  it('refuses other types, and images still over 2 MB once resized', async () => {
    const gif = new File(['GIF89a'], 'anim.gif', { type: 'image/gif' });
    const big = jpeg('grande.jpg', UPLOAD_MAX_BYTES + 1);
    // The browser could not resize it: it stays as it is, over 2 MB.
    const raw = async (file: File) => `data:image/jpeg;base64,${btoa(String.fromCharCode(...new Uint8Array(await file.arrayBuffer()).slice(0, 3)))}${'A'.repeat(Math.ceil((file.size * 4) / 3) - 4)}`;
    const result = await processFiles([gif, big, jpeg()], 0, { convert: raw });
    expect(result.errors[0]).toBe('Type de fichier non supporté: image/gif');
    expect(result.errors[1]).toContain('«\u00a0grande.jpg\u00a0» dépasse 2\u00a0Mo');
    expect(result.images).toHaveLength(1);
  });

  it('takes a 3.8 MB phone photo: resized to 800 px first, it weighs far less than 2 MB', async () => {
    const photo = jpeg('IMG_2041.jpg', 3.8 * 1024 * 1024);
    const resized = `data:image/jpeg;base64,${'A'.repeat(200_000)}`;
    const result = await processFiles([photo], 0, { convert: async () => resized });
    expect(result.errors).toEqual([]);
    expect(result.images).toEqual([resized]);
  });

  it('weighs a data URL by what it holds', () => {
    expect(dataUrlBytes('data:image/jpeg;base64,AAAA')).toBe(3);
    expect(dataUrlBytes('data:image/jpeg;base64,AA==')).toBe(1);
    expect(dataUrlBytes('data:ok')).toBe(7);
  });

  it('reports a file that cannot be read, and other failures', async () => {
    const unreadable = await processFiles([jpeg()], 0, { convert: () => Promise.reject(new Error('Impossible de lire le fichier')) });
    expect(unreadable.errors).toEqual(['Impossible de lire le fichier']);
    const broken = await processFiles([jpeg()], 0, { convert: () => Promise.reject(new Error('boom')) });
    expect(broken.errors).toEqual(['Erreur lors de l’upload']);
  });

  it('falls back to the raw file when the browser cannot compress (no createImageBitmap here)', async () => {
    const result = await processFiles([jpeg()], 0);
    expect(result.errors).toEqual([]);
    expect(result.images[0]).toMatch(/^data:image\/jpeg;base64,/);
  });

  it('resizes to 800 px wide at most, proportions kept', () => {
    expect(fitWidth(4000, 3000)).toEqual({ width: 800, height: 600 });
    expect(fitWidth(640, 480)).toEqual({ width: 640, height: 480 });
  });
});

describe('ImageUpload', () => {
  it('adds chosen photos with previews, counts them and removes one', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no input');
    await user.upload(input, [jpeg('a.jpg'), jpeg('b.jpg')]);
    expect(await screen.findByRole('img', { name: 'Photo 2' })).toBeInTheDocument();
    expect(screen.getByText(/\(2\/3\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retirer la photo 1' }));
    expect(screen.queryByRole('img', { name: 'Photo 2' })).not.toBeInTheDocument();
    expect(screen.getByText(/\(1\/3\)/)).toBeInTheDocument();
  });

  it('takes dropped files and says when a type is not supported', async () => {
    render(<Harness />);
    const zone = screen.getByRole('button', { name: /Ajouter des photos/ }).parentElement;
    if (!zone) throw new Error('no zone');
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['x'], 'doc.pdf', { type: 'application/pdf' }), jpeg()] } });
    expect(await screen.findByText('Type de fichier non supporté: application/pdf')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('img', { name: 'Photo 1' })).toBeInTheDocument());
  });

  it('the drop zone is a button and is disabled once 3 photos are held', () => {
    render(<Harness initial={['data:image/jpeg;base64,AA==', 'data:image/jpeg;base64,AB==', 'data:image/jpeg;base64,AC==']} />);
    expect(screen.getByRole('button', { name: /Nombre maximum de photos atteint/ })).toBeDisabled();
  });
});
