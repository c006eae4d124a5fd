import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { createQueryClient, Providers } from '../app/providers';
import { toastSuccess } from './toast';

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
});
