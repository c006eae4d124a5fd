/**
 * Staff tickets (issue 9): server-side search, filters, sort and paging; detail with devices,
 * history, customer and invoices; creation with an existing or a new customer and devices
 * (numbers after the highest, never twice); edits of devices, notes and due date; the status
 * change may e-mail the customer through the outbox; admins only; bad input changes nothing;
 * every change audited.
 */
import { adminRepairMessages, type AdminTicket, type AdminTicketListItem } from '@erepare/shared/schemas/admin-repair';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, mailOutbox, ticketDevices, tickets } from '../../db/schema.js';
import { createTestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';
import { adminTestBed, type AdminTestBed, type Envelope } from '../../test/admin.js';
import { createTicket, updateTicket } from './tickets-admin.js';


let h: AdminTestBed;
const db = () => h.t.database.db;
let customerId: number;
const ticketCount = async () => Number((await db().select({ n: count() }).from(tickets))[0]?.n ?? 0);
const list = async (query: string) => {
  const response = await h.call('GET', `/api/admin/tickets${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Envelope<AdminTicketListItem[]>>();
};
const device = (overrides: Record<string, unknown> = {}) => ({ category: 'Téléphone', brand: 'Apple', name: 'iPhone 13', fault: 'Écran cassé', imei: '356789012345678', priceCents: 12900, ...overrides });
const highestNumber = async () => {
  const rows = await db().select({ n: tickets.ticketNumber }).from(tickets);
  return Math.max(...rows.map((row) => Number(row.n.slice(2))));
};

beforeAll(async () => {
  h = await adminTestBed();
  const [customer] = await db()
    .insert(customers)
    .values({ firstName: 'Zoé', lastName: 'Réparée', email: 'zoe.reparee@exemple.fr', mobile: '06 98 76 54 32' })
    .returning();
  customerId = customer?.id ?? 0;
});
afterAll(async () => {
  await h?.t.close();
});

describe('access', () => {
  it('answers 401 without a session and 403 to a customer on every ticket route, before the body', async () => {
    const before = await ticketCount();
    for (const [method, url] of [
      ['GET', '/api/admin/tickets'],
      ['GET', '/api/admin/tickets/T-6600'],
      ['POST', '/api/admin/tickets'],
      ['PATCH', '/api/admin/tickets/T-6600'],
      ['PATCH', '/api/admin/tickets/T-6600/status'],
    ] as const) {
      expect((await h.call(method, url, { bad: true }, 'none')).statusCode, `${method} ${url}`).toBe(401);
      expect((await h.call(method, url, { bad: true }, 'customer')).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await ticketCount()).toBe(before);
  });
});

describe('GET /api/admin/tickets', () => {
  it('pages on the server, newest first by default', async () => {
    const page = await list('?pageSize=10&page=2');
    expect(page.pagination).toEqual({ page: 2, pageSize: 10, total: await ticketCount() });
    expect(page.data).toHaveLength(10);
    const [eleventh] = await db().select().from(tickets).orderBy(desc(tickets.createdAt), desc(tickets.id)).limit(1).offset(10);
    expect(page.data[0]?.ticketNumber).toBe(eleventh?.ticketNumber);
    expect(page.data[0]).toMatchObject({ customer: { id: eleventh?.customerId }, statusType: expect.stringMatching(/^(Open|Closed)$/) as unknown as string });
  });

  it('sorts by number or update, both ways', async () => {
    const ascending = await list('?sort=number&order=asc&pageSize=3');
    const [first] = await db().select().from(tickets).orderBy(asc(sql`length(${tickets.ticketNumber})`), asc(tickets.ticketNumber)).limit(1);
    expect(ascending.data[0]?.ticketNumber).toBe(first?.ticketNumber);
    const descending = await list('?sort=number&order=desc&pageSize=3');
    expect(descending.data[0]?.ticketNumber).toBe(`T-${await highestNumber()}`);
    const updated = await list('?sort=updated&pageSize=50');
    const times = updated.data.map((item) => Date.parse(item.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('searches the number, the customer’s name, e-mail and phone, and the device', async () => {
    const [ticket] = await db().select().from(tickets).orderBy(asc(tickets.id)).limit(1);
    const [owner] = await db().select().from(customers).where(eq(customers.id, ticket?.customerId ?? 0));
    const [firstDevice] = await db().select().from(ticketDevices).where(eq(ticketDevices.ticketId, ticket?.id ?? 0));
    expect(ticket && owner && firstDevice).toBeTruthy();
    const number = await list(`?q=${ticket?.ticketNumber.slice(2)}`);
    expect(number.data.map((item) => item.ticketNumber)).toContain(ticket?.ticketNumber);
    for (const q of [`${owner?.firstName} ${owner?.lastName}`, owner?.email ?? '', firstDevice?.name ?? '']) {
      const found = await list(`?q=${encodeURIComponent(q)}&pageSize=100`);
      expect(found.data.map((item) => item.ticketNumber), q).toContain(ticket?.ticketNumber);
    }
    const phone = (owner?.mobile || owner?.phone || '').replace(/\D/g, '');
    if (phone.length >= 4) {
      // Spaces typed or not, the digits match.
      const spaced = phone.slice(-6).replace(/(\d\d)(?=\d)/g, '$1 ');
      const found = await list(`?q=${encodeURIComponent(spaced)}&pageSize=100`);
      expect(found.data.map((item) => item.ticketNumber)).toContain(ticket?.ticketNumber);
    }
    expect((await list('?q=zzzzzznothing')).data).toEqual([]);
    expect((await list(`?q=${encodeURIComponent('100%_')}`)).pagination?.total).toBe(0);
  });

  it('filters by status, status type and dates; refuses bad filters', async () => {
    const ready = await list('?status=Ready%20for%20pickup&pageSize=100');
    expect(ready.data.every((item) => item.status === 'Ready for pickup')).toBe(true);
    const [expected] = await db().select({ n: count() }).from(tickets).where(eq(tickets.status, 'Ready for pickup'));
    expect(ready.pagination?.total).toBe(expected?.n);
    const closed = await list('?statusType=Closed&pageSize=100');
    expect(closed.data.every((item) => item.statusType === 'Closed')).toBe(true);
    const open = await list('?statusType=Open&pageSize=1');
    expect((closed.pagination?.total ?? 0) + (open.pagination?.total ?? 0)).toBe(await ticketCount());

    const [middle] = await db().select().from(tickets).orderBy(asc(tickets.createdAt)).limit(1).offset(80);
    const day = middle?.createdAt.toISOString().slice(0, 10) ?? '';
    const since = await list(`?from=${day}&pageSize=100`);
    // A day is a Paris day: it starts at 00:00 in Paris (UTC+1 or +2).
    expect(since.data.every((item) => Date.parse(item.createdAt) >= Date.parse(`${day}T00:00:00+02:00`))).toBe(true);
    const until = await list(`?to=${day}&pageSize=100`);
    expect((since.pagination?.total ?? 0) + (until.pagination?.total ?? 0)).toBeGreaterThanOrEqual(await ticketCount());
    const exact = await list(`?from=${encodeURIComponent(middle?.createdAt.toISOString() ?? '')}&to=${encodeURIComponent(middle?.createdAt.toISOString() ?? '')}`);
    expect(exact.data.map((item) => item.ticketNumber)).toContain(middle?.ticketNumber);

    for (const query of ['?statusType=Ouvert', '?from=2026-13-45', '?from=hier', '?from=2026-11-20&to=2026-11-01', '?sort=price', '?pageSize=500', '?page=0', `?q=${'x'.repeat(101)}`]) {
      const response = await h.call('GET', `/api/admin/tickets${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/^Données invalides/);
    }
  });
});

describe('POST /api/admin/tickets', () => {
  it('refuses bad input with a French message and changes nothing', async () => {
    const before = await ticketCount();
    const customersBefore = Number((await db().select({ n: count() }).from(customers))[0]?.n);
    const cases: [unknown, string][] = [
      [{ customerId, devices: [] }, 'Ajoutez au moins un appareil'],
      [{ customerId }, 'Appareils'],
      [{ devices: [device()] }, adminRepairMessages.customerChoice],
      [{ customerId, customer: { lastName: 'Double' }, devices: [device()] }, adminRepairMessages.customerChoice],
      [{ customer: { email: 'sans.nom@exemple.fr' }, devices: [device()] }, 'Indiquez au moins le nom ou le prénom'],
      [{ customer: { lastName: 'Nom', email: 'pas-une-adresse' }, devices: [device()] }, 'Adresse e-mail invalide'],
      [{ customerId, devices: [device({ name: '' })] }, 'Appareil\u00a0: champ obligatoire'],
      [{ customerId, devices: [device({ fault: '' })] }, 'Panne\u00a0: champ obligatoire'],
      [{ customerId, devices: [device({ category: 'Grille-pain' })] }, 'Catégorie invalide'],
      [{ customerId, devices: [device({ priceCents: -100 })] }, 'montant négatif refusé'],
      [{ customerId, devices: [device({ imei: 'ABC' })] }, 'IMEI invalide'],
      [{ customerId, devices: [device()], dueOn: '31/12/2026' }, 'Date invalide'],
      [{ customerId, devices: [device()], ticketNumber: 'T-1' }, 'Champ inconnu'],
    ];
    for (const [body, message] of cases) {
      const response = await h.call('POST', '/api/admin/tickets', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    const unknownStatus = await h.call('POST', '/api/admin/tickets', { customerId, devices: [device()], status: 'En vacances' });
    expect(unknownStatus.statusCode).toBe(400);
    expect(unknownStatus.json<{ message: string }>().message).toBe(adminRepairMessages.unknownStatus('En vacances'));
    // A new customer and an unknown status: the customer is not created either.
    const withNewCustomer = await h.call('POST', '/api/admin/tickets', { customer: { lastName: 'Fantôme' }, devices: [device()], status: 'En vacances' });
    expect(withNewCustomer.statusCode).toBe(400);
    const unknownCustomer = await h.call('POST', '/api/admin/tickets', { customerId: 999_999, devices: [device()] });
    expect(unknownCustomer.statusCode).toBe(400);
    expect(unknownCustomer.json<{ message: string }>().message).toBe(adminRepairMessages.customerNotFound);
    expect(await ticketCount()).toBe(before);
    expect(Number((await db().select({ n: count() }).from(customers))[0]?.n)).toBe(customersBefore);
    expect(await db().select().from(auditLog).where(eq(auditLog.entity, 'ticket'))).toHaveLength(0);
  });

  it('creates a ticket for an existing customer after the highest number, with its devices, history and audit', async () => {
    const highest = await highestNumber();
    const response = await h.call('POST', '/api/admin/tickets', {
      customerId,
      devices: [device(), device({ category: 'Tablette', name: 'iPad 9', fault: 'Batterie', imei: undefined, serial: 'DMPX1234', priceCents: 8900 })],
      notes: 'Code de déverrouillage donné oralement',
      dueOn: '2026-12-24',
    });
    expect(response.statusCode, response.body).toBe(201);
    const ticket = response.json<Envelope<AdminTicket>>().data;
    expect(ticket.ticketNumber).toBe(`T-${highest + 1}`);
    expect(response.json<{ message: string }>().message).toBe(adminRepairMessages.created.ticket(ticket.ticketNumber));
    expect(ticket).toMatchObject({
      status: 'En attente',
      statusType: 'Open',
      totalCents: 21800,
      notes: 'Code de déverrouillage donné oralement',
      customer: { id: customerId, fullName: 'Zoé Réparée', email: 'zoe.reparee@exemple.fr', phone: '06 98 76 54 32' },
      history: [{ fromStatus: null, toStatus: 'En attente' }],
      invoices: [],
    });
    expect(ticket.dueOn).toBe('2026-12-23T23:00:00.000Z');
    expect(ticket.devices.map((entry) => [entry.name, entry.category, entry.imei, entry.serial, entry.priceCents, entry.status])).toEqual([
      ['iPhone 13', 'Téléphone', '356789012345678', '', 12900, 'En attente'],
      ['iPad 9', 'Tablette', '', 'DMPX1234', 8900, 'En attente'],
    ]);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'ticket.create'));
    expect(audit).toMatchObject({ actorId: h.admin.id, entityId: ticket.ticketNumber, after: { customerId, status: 'En attente', totalCents: 21800 } });
    // The detail route gives the same ticket, with or without "T-".
    const detail = await h.call('GET', `/api/admin/tickets/${ticket.ticketNumber.slice(2)}`);
    expect(detail.json<Envelope<AdminTicket>>().data).toEqual(ticket);
    expect((await h.call('GET', '/api/admin/tickets/T-999999')).statusCode).toBe(404);
    expect((await h.call('GET', '/api/admin/tickets/abc')).statusCode).toBe(400);
  });

  it('creates the customer with the ticket when asked, both audited', async () => {
    const response = await h.call('POST', '/api/admin/tickets', {
      customer: { firstName: 'Noé', lastName: 'Nouveau', email: 'Noe.Nouveau@Exemple.fr', phone: '05 56 11 22 33' },
      devices: [device({ category: 'Console', brand: 'Nintendo', name: 'Switch', imei: '', fault: 'Joy-Con qui dérive' })],
      status: 'In Progress',
    });
    expect(response.statusCode, response.body).toBe(201);
    const ticket = response.json<Envelope<AdminTicket>>().data;
    expect(ticket).toMatchObject({ status: 'In Progress', customer: { fullName: 'Noé Nouveau', email: 'noe.nouveau@exemple.fr' } });
    const [created] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'customer.create'), eq(auditLog.entityId, String(ticket.customer.id))));
    expect(created).toMatchObject({ after: { firstName: 'Noé', lastName: 'Nouveau', email: 'noe.nouveau@exemple.fr' } });
  });

  it('parallel creations never take the same number', async () => {
    const highest = await highestNumber();
    const responses = await Promise.all(Array.from({ length: 5 }, (_, i) => h.call('POST', '/api/admin/tickets', { customerId, devices: [device({ name: `Téléphone ${i}` })] })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(5).fill(201));
    const numbers = responses.map((response) => Number(response.json<Envelope<AdminTicket>>().data.ticketNumber.slice(2))).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5].map((i) => highest + i));
  });
});

describe('PATCH /api/admin/tickets/:ticket', () => {
  let ticket: AdminTicket;
  beforeAll(async () => {
    const response = await h.call('POST', '/api/admin/tickets', { customerId, devices: [device()] });
    ticket = response.json<Envelope<AdminTicket>>().data;
    await h.call('PATCH', `/api/admin/tickets/${ticket.ticketNumber}/status`, { status: 'In Progress' });
  });

  it('refuses bad input and unknown tickets, changing nothing', async () => {
    const [before] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    for (const body of [{}, { devices: [] }, { status: 'Collected' }, { dueOn: 'demain' }, { notes: 'a\u0000b' }, { devices: [device({ priceCents: 1.5 })] }]) {
      const response = await h.call('PATCH', `/api/admin/tickets/${ticket.ticketNumber}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await h.call('PATCH', '/api/admin/tickets/T-999999', { notes: 'x' })).statusCode).toBe(404);
    const [after] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(after).toEqual(before);
  });

  it('edits devices, notes and the due date; devices kept keep their status; only changes are audited', async () => {
    const response = await h.call('PATCH', `/api/admin/tickets/${ticket.ticketNumber}`, {
      devices: [device({ priceCents: 14900 }), device({ name: 'Apple Watch', category: 'Montre', fault: 'Bracelet', imei: '', priceCents: 2500 })],
      notes: 'Client prévenu du surcoût',
      dueOn: null,
    });
    expect(response.statusCode, response.body).toBe(200);
    const edited = response.json<Envelope<AdminTicket>>().data;
    expect(edited).toMatchObject({ notes: 'Client prévenu du surcoût', dueOn: null, totalCents: 17400, status: 'In Progress' });
    expect(edited.devices.map((entry) => [entry.name, entry.priceCents, entry.status])).toEqual([
      ['iPhone 13', 14900, 'In Progress'],
      ['Apple Watch', 2500, 'In Progress'],
    ]);
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.action, 'ticket.update'), eq(auditLog.entityId, ticket.ticketNumber)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.before).toMatchObject({ notes: '', totalCents: 12900 });
    expect(audits[0]?.after).toMatchObject({ notes: 'Client prévenu du surcoût', totalCents: 17400 });
    expect(Object.keys(audits[0]?.after as object).sort()).toEqual(['devices', 'notes', 'totalCents']);
    // The same values again: nothing to record.
    await h.call('PATCH', `/api/admin/tickets/${ticket.ticketNumber}`, { notes: 'Client prévenu du surcoût' });
    expect(await db().select().from(auditLog).where(and(eq(auditLog.action, 'ticket.update'), eq(auditLog.entityId, ticket.ticketNumber)))).toHaveLength(1);
  });
});

describe('status change with an e-mail to the customer', () => {
  it('queues a short French e-mail, escaped, with a link to /suivi, in the same transaction', async () => {
    const [customer] = await db().insert(customers).values({ firstName: '<b>Éloi</b>', lastName: 'Test', email: 'eloi@exemple.fr' }).returning();
    const created = await h.call('POST', '/api/admin/tickets', { customerId: customer?.id, devices: [device()] });
    const ticket = created.json<Envelope<AdminTicket>>().data;
    const response = await h.call('PATCH', `/api/admin/tickets/${ticket.ticketNumber}/status`, { status: 'Ready for pickup', notifyByEmail: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string; data: { emailed: boolean } }>()).toMatchObject({
      message: `Statut du ticket ${ticket.ticketNumber}\u00a0: Prêt à récupérer E-mail envoyé à eloi@exemple.fr.`,
      data: { emailed: true, changed: true },
    });
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'eloi@exemple.fr'));
    expect(mail).toMatchObject({ kind: 'ticket_status', status: 'pending' });
    expect(mail?.subject).toContain(ticket.ticketNumber);
    expect(mail?.html).toContain('Bonjour &lt;b&gt;Éloi&lt;/b&gt;,');
    expect(mail?.html).not.toContain('<b>Éloi');
    expect(mail?.text).toContain(`${h.t.config.publicUrl}/suivi?ticket=${ticket.ticketNumber}`);
    expect(mail?.html).toContain(`href="${h.t.config.publicUrl}/suivi?ticket=${ticket.ticketNumber}"`);
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'ticket.status'), eq(auditLog.entityId, ticket.ticketNumber)));
    expect(audit?.after).toEqual({ status: 'Ready for pickup', emailed: true });
  });

  it('a customer without an address: the status changes, no e-mail, and the answer says so; without the flag, no e-mail', async () => {
    const [customer] = await db().insert(customers).values({ firstName: 'Sans', lastName: 'Adresse' }).returning();
    const created = await h.call('POST', '/api/admin/tickets', { customerId: customer?.id, devices: [device()] });
    const ticket = created.json<Envelope<AdminTicket>>().data;
    const mailsBefore = Number((await db().select({ n: count() }).from(mailOutbox))[0]?.n);
    const response = await h.call('PATCH', `/api/admin/tickets/${ticket.ticketNumber}/status`, { status: 'In Progress', notifyByEmail: true });
    expect(response.json<{ message: string; data: { emailed: boolean } }>()).toMatchObject({ data: { emailed: false, to: 'In Progress' } });
    expect(response.json<{ message: string }>().message).toContain('aucun e-mail envoyé');
    const silent = await h.call('PATCH', `/api/admin/tickets/${ticket.ticketNumber}/status`, { status: 'Repaired' });
    expect(silent.json<{ data: Record<string, unknown> }>().data.emailed).toBeUndefined();
    expect(Number((await db().select({ n: count() }).from(mailOutbox))[0]?.n)).toBe(mailsBefore);
    expect((await h.call('PATCH', `/api/admin/tickets/${ticket.ticketNumber}/status`, { status: 'Repaired', notifyByEmail: 'oui' })).statusCode).toBe(400);
  });
});

describe('RepairDesk', () => {
  it('tickets are managed in RepairDesk: creation and edits answer 409 with the reason', async () => {
    const actor = { user: { id: h.admin.id, email: 'x@exemple.fr' } };
    await expect(createTicket(db(), 'repairdesk', { customerId, devices: [{ name: 'x', fault: 'y' }] }, actor)).rejects.toMatchObject({
      httpStatus: 409,
      message: adminRepairMessages.readOnly('la création d’un ticket'),
    });
    await expect(updateTicket(db(), 'repairdesk', 'T-6600', { notes: 'x' }, actor)).rejects.toMatchObject({ httpStatus: 409 });
  });

  it('with the RepairDesk backend configured, every write says why it is refused', async () => {
    const rd = await createTestApp({ REPAIRDESK_API_KEY: 'rd-test-key', REPAIRDESK_BASE_URL: 'http://127.0.0.1:9/api/web/v1' });
    try {
      const admin = await signedInUser(rd.app, rd.database.db, { email: 'staff.rd@exemple.fr', role: 'admin' });
      for (const [method, url, payload] of [
        ['POST', '/api/admin/tickets', { customerId: 1, devices: [device()] }],
        ['PATCH', '/api/admin/tickets/T-6600', { notes: 'x' }],
        ['PATCH', '/api/admin/customers/1', { city: 'Arcachon' }],
        ['POST', '/api/admin/invoices', { customerId: 1, lines: [{ name: 'x', quantity: 1, unitPriceCents: 100, vatRate: 20 }] }],
        ['POST', '/api/admin/statuses', { name: 'Nouveau', color: '#123456', type: 'Open' }],
      ] as const) {
        const response = await rd.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
        expect(response.statusCode, `${method} ${url}`).toBe(409);
        expect(response.json<{ message: string }>().message).toMatch(/^Les réparations sont gérées dans RepairDesk\u00a0: /);
      }
    } finally {
      await rd.close();
    }
  });
});
