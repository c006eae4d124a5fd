import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { BookingForm } from './booking-form';

// The form's checks come with the first submit (import()); here the connection dropped since the
// page loaded, so that module cannot be fetched.
vi.mock('@erepare/shared/schemas/bookings', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('BookingForm', () => {
  it('checks that cannot be fetched give the French network message, and nothing is sent', async () => {
    const onSubmit = vi.fn();
    render(
      <MemoryRouter>
        <BookingForm smsEnabled={false} submitting={false} onSubmit={onSubmit} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Réserver ce créneau' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK_ERROR_MESSAGE);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
