/**
 * The calendar file of a drop-off booking (RFC 5545): one VEVENT, times in UTC, METHOD:REQUEST for
 * a new or moved booking and METHOD:CANCEL for a cancelled one, with one UID per booking and a
 * SEQUENCE that grows with each change, so a calendar updates the event instead of adding one.
 */

export type BookingIcsInput = {
  method: 'REQUEST' | 'CANCEL';
  /** Stable per booking: RDV-2026-000123@erepare.fr. */
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  stamp: Date;
  summary: string;
  description: string;
  location: string;
  /** The shop's address (ORGANIZER is required with METHOD). */
  organizerEmail: string;
  organizerName: string;
  attendeeEmail?: string;
};

function utc(instant: Date): string {
  return instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** TEXT values: backslash, semicolon, comma and newlines escaped (§3.3.11). */
export function escapeIcsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded with CRLF + space (§3.1), never inside a UTF-8 character. */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const pieces: string[] = [];
  let current = '';
  let size = 0;
  for (const character of line) {
    const bytes = encoder.encode(character).length;
    const limit = pieces.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      pieces.push(current);
      current = '';
      size = 0;
    }
    current += character;
    size += bytes;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

export function bookingIcs(input: BookingIcsInput): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//E.repare//Rendez-vous de dépôt//FR',
    'CALSCALE:GREGORIAN',
    `METHOD:${input.method}`,
    'BEGIN:VEVENT',
    `UID:${input.uid}`,
    `SEQUENCE:${input.sequence}`,
    `DTSTAMP:${utc(input.stamp)}`,
    `DTSTART:${utc(input.start)}`,
    `DTEND:${utc(input.end)}`,
    `SUMMARY:${escapeIcsText(input.summary)}`,
    `DESCRIPTION:${escapeIcsText(input.description)}`,
    `LOCATION:${escapeIcsText(input.location)}`,
    `ORGANIZER;CN=${escapeIcsText(input.organizerName).replace(/[:;"]/g, '')}:mailto:${input.organizerEmail}`,
    ...(input.attendeeEmail ? [`ATTENDEE;ROLE=REQ-PARTICIPANT:mailto:${input.attendeeEmail}`] : []),
    `STATUS:${input.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}
