import { describe, expect, it } from 'vitest';
import * as tickets from './tickets.js';

describe('tickets', () => {
  it('exposes the ticket-number and status rules in one import', () => {
    expect(tickets.normaliseTicketNumber('6632')).toBe('T-6632');
    expect(tickets.statusLabel('in progress')).toBe('En cours de réparation');
    expect(Object.keys(tickets).sort()).toEqual(
      [
        'accountListColour',
        'dashboardStyleGroup',
        'defaultStatuses',
        'deviceCategories',
        'emptyStatusLabel',
        'isDeviceCategory',
        'normaliseTicketNumber',
        'proxyDefaultStatuses',
        'resolveStatusName',
        'staffStatusKey',
        'staffStatusLabel',
        'statusBadgeColour',
        'statusKey',
        'statusLabel',
        'statusRequiresAction',
        'statusUpdateMessage',
        'statusUpdateNotification',
        'ticketInputMessages',
        'ticketNumberPattern',
        'validateTicketInput',
      ].sort(),
    );
  });
});
