import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { createQueryClient, Providers } from '../app/providers';
import { toastError, toastSuccess } from './toast';

describe('toasts', () => {
  it('loads the toast area on the first toast and shows that toast (3 s, polite live region)', async () => {
    render(
      <Providers client={createQueryClient()} storeProfile={defaultStoreProfile}>
        <button type="button" onClick={() => toastSuccess('Panier vidé')}>
          Vider
        </button>
      </Providers>,
    );
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Vider' }));
    expect(await screen.findByText('Panier vidé')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Notifications/ })).toHaveAttribute('aria-live', 'polite');
  });

  it('a toast with an id replaces the one shown with that id (the former leaves, the new one shows)', async () => {
    render(
      <Providers client={createQueryClient()} storeProfile={defaultStoreProfile}>
        <button type="button" onClick={() => toastError('Ticket T-1 non autorisé', { id: 'suivi' })}>
          Refus
        </button>
        <button type="button" onClick={() => toastSuccess('Ticket T-2 ajouté au suivi', { id: 'suivi' })}>
          Ajout
        </button>
      </Providers>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Refus' }));
    expect(await screen.findByText('Ticket T-1 non autorisé')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ajout' }));
    expect(await screen.findByText('Ticket T-2 ajouté au suivi')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Ticket T-1 non autorisé')).not.toBeInTheDocument());
  });
});
