import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { describe, expect, it } from 'vitest';
import { linksIn } from './outbox.js';
import {
  accountCreatedEmail,
  escapeHtml,
  passwordResetEmail,
  signupNoticeEmail,
  verificationEmail,
  type MailContent,
} from './templates.js';

const publicUrl = 'https://www.erepare.fr';

function expectAccessibleFrench(mail: MailContent) {
  expect(mail.html).toMatch(/^<!DOCTYPE html>\n<html lang="fr"/);
  expect(mail.html).toContain(`<title>${escapeHtml(mail.subject)}</title>`);
  expect(mail.html).not.toMatch(/<script|<img|<style/i);
  // The store identity is in both footers.
  for (const part of [mail.html, mail.text]) {
    expect(part).toContain(defaultStoreProfile.address.city);
    expect(part).toContain(defaultStoreProfile.phone.display);
  }
}

describe('mail templates', () => {
  it('verification: French, link in both parts, validity stated', () => {
    const mail = verificationEmail({ publicUrl, token: 'tok_123-abc', firstName: 'Zoé', validForHours: 24 }, defaultStoreProfile);
    const url = 'https://www.erepare.fr/verify-email?token=tok_123-abc';
    expect(mail.subject).toBe('Confirmez votre adresse e-mail – E.repare');
    expect(mail.text).toContain('Bonjour Zoé,');
    expect(linksIn(mail.text)).toContain(url);
    expect(mail.html).toContain(`href="${url}"`);
    // The link is also readable as a plain URL under the button.
    expect(mail.html).toContain(`>${url}</a>`);
    expect(mail.text).toContain('valable 24 heures');
    expect(mail.html).toContain('valable 24 heures');
    expectAccessibleFrench(mail);
  });

  it('password reset: token and e-mail in the link, 1 hour, "ignore if you did not ask"', () => {
    const mail = passwordResetEmail({ publicUrl: 'http://localhost:3000/', token: 'a+b/c=', email: 'zoe+test@exemple.fr' }, defaultStoreProfile);
    const url = 'http://localhost:3000/reset-password?token=a%2Bb%2Fc%3D&email=zoe%2Btest%40exemple.fr';
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe – E.repare');
    expect(linksIn(mail.text)).toEqual([url]);
    const parsed = new URL(url);
    expect(parsed.searchParams.get('token')).toBe('a+b/c=');
    expect(parsed.searchParams.get('email')).toBe('zoe+test@exemple.fr');
    // In HTML attributes the & is escaped.
    expect(mail.html).toContain(`href="${url.replace('&', '&amp;')}"`);
    expect(mail.text).toContain('valable 1 heure');
    expect(mail.text).toContain('Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail');
    expect(mail.text).toMatch(/^Bonjour,/);
    expectAccessibleFrench(mail);
  });

  it('account created: link to /compte', () => {
    const mail = accountCreatedEmail({ publicUrl, email: 'zoe@exemple.fr', firstName: 'Zoé' }, defaultStoreProfile);
    expect(mail.subject).toBe('Votre compte E.repare est créé');
    expect(linksIn(mail.text)).toEqual(['https://www.erepare.fr/compte']);
    expect(mail.html).toContain('href="https://www.erepare.fr/compte"');
    expect(mail.text).toContain('zoe@exemple.fr');
    expectAccessibleFrench(mail);
  });

  it('signup notice: every field, escaped in HTML, on one line in the subject', () => {
    const mail = signupNoticeEmail({
      firstName: '<script>alert(1)</script>',
      lastName: 'O\'Brien "&"\r\nBcc: pirate@example.com',
      email: 'zoe@exemple.fr',
      phone: '06 12 34 56 78',
      accountType: 'Client',
      createdAt: new Date('2026-03-02T13:05:00Z'),
    }, defaultStoreProfile);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('O&#39;Brien &quot;&amp;&quot;');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toBe('Nouvelle inscription\u00a0: <script>alert(1)</script> O\'Brien "&" Bcc: pirate@example.com');
    expect(mail.text).not.toMatch(/\nBcc:/);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('zoe@exemple.fr');
      expect(part).toContain('06 12 34 56 78');
      expect(part).toContain('Client');
      // Paris time (UTC+1 in March before the switch).
      expect(part).toContain('lundi 2 mars 2026 à 14:05');
      expect(part.toLowerCase()).not.toContain('mot de passe');
    }
    expectAccessibleFrench(mail);
  });

  it('signup notice without a phone says so', () => {
    const mail = signupNoticeEmail({
      firstName: 'Zoé',
      lastName: 'Martin',
      email: 'zoe@exemple.fr',
      phone: null,
      accountType: 'Client',
      createdAt: new Date('2026-07-14T08:00:00Z'),
    }, defaultStoreProfile);
    expect(mail.subject).toBe('Nouvelle inscription\u00a0: Zoé Martin');
    expect(mail.text).toContain('Téléphone\u00a0: non renseigné');
    expect(mail.text).toContain('mardi 14 juillet 2026 à 10:00');
  });

  it('escapes user values in links too', () => {
    const mail = verificationEmail({ publicUrl, token: '"><script>', validForHours: 1 }, defaultStoreProfile);
    expect(mail.html).not.toContain('"><script>');
    expect(mail.text).toContain('valable 1 heure ');
  });
});
