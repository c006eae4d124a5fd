import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ContactPage } from '../../pages/contact-page';
import { ContactForm } from './contact-form';
import { contactErrorText, sendContactMessage } from './send-contact';

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Nom *'), 'Camille D.');
  await user.type(screen.getByLabelText('Adresse e-mail *'), 'camille@exemple.fr');
  await user.type(screen.getByLabelText('Objet *'), 'Écran cassé');
  await user.type(screen.getByLabelText('Message *'), 'Bonjour, mon écran est fissuré.');
}

function renderForm(send: typeof sendContactMessage) {
  return render(
    <MemoryRouter>
      <ContactForm send={send} />
    </MemoryRouter>,
  );
}

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((ok, ko) => {
    resolve = ok;
    reject = ko;
  });
  return { promise, resolve, reject };
}

describe('ContactForm', () => {
  it('shows French errors linked to the fields and focuses the first invalid one', async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    renderForm(send);
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    const name = screen.getByLabelText('Nom *');
    // The validation loads with the first check (not with the page).
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('Veuillez indiquer votre nom');
    expect(name).toHaveFocus();
    expect(screen.getByLabelText('Message *')).toHaveAccessibleDescription(/Veuillez écrire votre message/);
    expect(screen.getByLabelText('Adresse e-mail *')).toHaveAttribute('type', 'email');
    expect(send).not.toHaveBeenCalled();
  });

  it('disables everything while sending, blocks a second submit, then clears the form on success', async () => {
    const user = userEvent.setup();
    const pending = deferred<string>();
    const send = vi.fn(() => pending.promise);
    renderForm(send);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));

    const button = screen.getByRole('button', { name: 'Envoi en cours...' });
    expect(button).toBeDisabled();
    expect(screen.getByLabelText('Nom *')).toBeDisabled();
    expect(screen.getByLabelText('Message *')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Ajouter des photos' })).toBeDisabled();
    await user.click(button);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({
      name: 'Camille D.',
      email: 'camille@exemple.fr',
      phone: '',
      subject: 'Écran cassé',
      message: 'Bonjour, mon écran est fissuré.',
      images: [],
    });

    pending.resolve('Votre message a été envoyé avec succès !');
    expect(await screen.findByText('Votre message a été envoyé avec succès !')).toBeInTheDocument();
    expect(screen.getByLabelText('Nom *')).toHaveValue('');
    expect(screen.getByLabelText('Message *')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Envoyer le message' })).toBeEnabled();
  });

  it('shows the server’s message on failure and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderForm(() => Promise.reject(new Error('Une des photos n’est pas une image JPEG, PNG ou WebP valide')));
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    expect(await screen.findByText('Une des photos n’est pas une image JPEG, PNG ou WebP valide')).toBeInTheDocument();
    expect(screen.getByLabelText('Nom *')).toHaveValue('Camille D.');
  });
});

describe('sendContactMessage', () => {
  const body = { name: 'A', email: 'a@exemple.fr', subject: 'B', message: 'C', images: [] };
  const reply = (status: number, text: string) => vi.fn(() => Promise.resolve(new Response(text, { status })));

  it('answers the success text', async () => {
    await expect(sendContactMessage(body, reply(200, '{"success":true,"message":"Votre message a été envoyé avec succès !"}'))).resolves.toBe(
      'Votre message a été envoyé avec succès !',
    );
  });

  it('sends a multipart form: the fields as text, the photos as files', async () => {
    const fetcher = reply(200, '{"success":true,"message":"ok"}');
    const photo = new File([Uint8Array.from([0xff, 0xd8, 0xff, 0xe0])], 'ecran.jpg', { type: 'image/jpeg' });
    await sendContactMessage({ ...body, phone: '06 12 34 56 78', images: [photo, new Blob([Uint8Array.from([0x89, 0x50])], { type: 'image/png' })] }, fetcher);
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/email-simple/contact');
    // No JSON Content-Type: the browser writes the multipart one with its boundary.
    expect(init.headers).toEqual({ accept: 'application/json' });
    const data = init.body as FormData;
    expect(data).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...data.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({ name: 'A', email: 'a@exemple.fr', subject: 'B', message: 'C', phone: '06 12 34 56 78' });
    const files = data.getAll('images') as File[];
    expect(files.map((file) => [file.name, file.type, file.size])).toEqual([
      ['ecran.jpg', 'image/jpeg', 4],
      ['photo-2.png', 'image/png', 2],
    ]);
  });

  it('raises the server’s message, else the spec’s texts', async () => {
    await expect(sendContactMessage(body, reply(429, '{"success":false,"message":"Trop de messages"}'))).rejects.toThrow('Trop de messages');
    await expect(sendContactMessage(body, reply(502, '<html>Bad gateway</html>'))).rejects.toThrow('Erreur lors de l’envoi. Veuillez réessayer.');
    await expect(sendContactMessage(body, vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))))).rejects.toThrow(
      'Erreur lors de l’envoi. Veuillez réessayer.',
    );
    expect(contactErrorText('?')).toBe('Une erreur est survenue');
  });
});

describe('ContactPage', () => {
  it('shows the shop’s details, hours, the quote link and the form', () => {
    render(
      <MemoryRouter>
        <ContactPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Contactez-nous' })).toBeInTheDocument();
    expect(screen.getByText('Du mardi au samedi')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Demander un devis en ligne/ })).toHaveAttribute('href', '/devis-en-ligne');
    expect(screen.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('rel', 'noopener noreferrer');
    // The portal link only exists when the store profile has an address for it (empty here).
    expect(screen.queryByRole('link', { name: /Espace client/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
