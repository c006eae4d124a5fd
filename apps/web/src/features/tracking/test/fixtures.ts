import type { PublicTicket, PublicTicketDetail } from '@erepare/shared/schemas/repair';

type DeviceInput = Partial<PublicTicket['devices'][number]>;

/** A public ticket as the API sends it, with the fields a test cares about overridden. */
export function publicTicket(overrides: Partial<Omit<PublicTicket, 'devices'>> & { devices?: DeviceInput[] } = {}): PublicTicket {
  const id = overrides.id ?? 1;
  const base = {
    device_name: 'iPhone 13',
    device_brand: 'Apple',
    device_model: 'A2633',
    device_category: 'Téléphone',
    device_fault: 'Écran cassé',
    status: overrides.status ?? 'In Progress',
  };
  const devices = (overrides.devices ?? [{}]).map((device) => ({ ...base, ...device }));
  const first = devices[0] ?? base;
  const { devices: _devices, ...rest } = overrides;
  return {
    id,
    ticket_number: `T-${6500 + id}`,
    status: 'In Progress',
    created_at: '2026-11-10T09:30:00.000Z',
    updated_at: '2026-11-12T15:45:00.000Z',
    customer_name: 'Client #12',
    device_name: first.device_name,
    device_brand: first.device_brand,
    device_model: first.device_model,
    device_category: first.device_category,
    device_fault: first.device_fault,
    devices,
    ...rest,
  };
}

export function ticketDetail(overrides: Partial<PublicTicketDetail> = {}): PublicTicketDetail {
  return {
    ...publicTicket({ id: 150, ticket_number: 'T-6650', status: 'En cours' }),
    history: [
      { from_status: 'Waiting for inspection', to_status: 'En cours', created_at: '2026-11-20T09:15:27.000Z' },
      { from_status: null, to_status: 'Waiting for inspection', created_at: '2026-11-14T10:50:01.000Z' },
    ],
    ...overrides,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function listEnvelope(data: unknown[]) {
  return { success: true, data, message: 'Tickets récupérés', statusCode: 200, total: data.length };
}
