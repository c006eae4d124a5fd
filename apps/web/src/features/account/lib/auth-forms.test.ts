import { describe, expect, it } from 'vitest';
import { accountMessages } from '@erepare/shared/schemas/account';
import { ApiError, NETWORK_ERROR_MESSAGE, UNAVAILABLE_MESSAGE } from '../../../lib/api-client';
import {
  emailError,
  emptyRegisterValues,
  failureMessage,
  registerPayload,
  resendEmailError,
  resetChecklist,
  tokenFromInput,
  validateRegister,
  type RegisterValues,
} from './auth-forms';

const valid: RegisterValues = {
  ...emptyRegisterValues,
  email: 'lea@example.fr',
  password: 'Secret-2026',
  confirmPassword: 'Secret-2026',
  first_name: 'Léa',
  last_name: 'Martin',
  phone: '06 01 02 03 04',
};

describe('validateRegister (spec 1 §5)', () => {
  it('accepts the required fields alone (address, city, postal code optional)', () => {
    expect(validateRegister(valid, false)).toEqual({});
  });

  it('requires the phone unless the form was prefilled from the store', () => {
    expect(validateRegister({ ...valid, phone: '' }, false)).toEqual({ phone: 'Le téléphone est requis' });
    expect(validateRegister({ ...valid, phone: '' }, true)).toEqual({});
    expect(validateRegister({ ...valid, phone: 'abc' }, true)).toEqual({ phone: 'Numéro de téléphone invalide' });
  });

  it('password: required, 8 characters at least, confirmation identical', () => {
    expect(validateRegister({ ...valid, password: '', confirmPassword: '' }, false)).toMatchObject({
      password: 'Le mot de passe est requis',
      confirmPassword: 'Veuillez confirmer le mot de passe',
    });
    expect(validateRegister({ ...valid, password: 'Abc1234', confirmPassword: 'Abc1234' }, false)).toEqual({
      password: accountMessages.passwordTooShort,
    });
    expect(validateRegister({ ...valid, confirmPassword: 'Secret-2027' }, false)).toEqual({
      confirmPassword: 'Les mots de passe ne correspondent pas',
    });
  });

  it('names and e-mail required; postal code checked', () => {
    expect(validateRegister({ ...valid, first_name: '  ', last_name: '', email: '' }, false)).toEqual({
      first_name: 'Le prénom est requis',
      last_name: 'Le nom est requis',
      email: 'L’adresse e-mail est requise',
    });
    expect(validateRegister({ ...valid, email: 'lea@', postal_code: '33#' }, false)).toEqual({
      email: 'Adresse e-mail invalide',
      postal_code: 'Code postal invalide',
    });
  });

  it('builds the spec’s payload: trimmed, lower-cased e-mail, accountType Client, consents as chosen', () => {
    expect(registerPayload({ ...valid, email: ' Lea@Example.FR ', city: ' Arcachon ', sms_opt_in: true })).toMatchObject({
      email: 'lea@example.fr',
      city: 'Arcachon',
      accountType: 'Client',
      email_opt_in: false,
      sms_opt_in: true,
      rememberMe: false,
    });
  });
});

describe('other rules', () => {
  it('emailError', () => {
    expect(emailError('')).toBe('L’adresse e-mail est requise');
    expect(emailError('a@b')).toBe('Adresse e-mail invalide');
    expect(emailError(' A@B.fr ')).toBeNull();
  });

  it('resend: non-empty and containing "@" (spec 1 §5)', () => {
    expect(resendEmailError('')).toBe('Veuillez entrer une adresse e-mail valide');
    expect(resendEmailError('lea.example.fr')).toBe('Veuillez entrer une adresse e-mail valide');
    expect(resendEmailError('lea@example.fr')).toBeNull();
  });

  it('reset checklist: 8 characters, and both passwords identical', () => {
    expect(resetChecklist('', '')).toEqual({ longEnough: false, matches: false });
    expect(resetChecklist('12345678', '1234567')).toEqual({ longEnough: true, matches: false });
    expect(resetChecklist('1234567', '1234567')).toEqual({ longEnough: false, matches: true });
    expect(resetChecklist('12345678', '12345678')).toEqual({ longEnough: true, matches: true });
  });

  it('tokenFromInput takes the code out of a pasted link', () => {
    expect(tokenFromInput('  abc123  ')).toBe('abc123');
    expect(tokenFromInput('https://erepare.fr/verify-email?token=abc%2D123&x=1')).toBe('abc-123');
  });

  it('failureMessage: the server’s message, else the fallback, and the page’s own network message', () => {
    expect(failureMessage(new ApiError(429, 'Trop de demandes.'), 'réseau')).toBe('Trop de demandes.');
    expect(failureMessage(new ApiError(502, UNAVAILABLE_MESSAGE), 'réseau')).toBe('Une erreur est survenue');
    expect(failureMessage(new ApiError(0, NETWORK_ERROR_MESSAGE), 'Impossible de contacter le serveur')).toBe('Impossible de contacter le serveur');
    expect(failureMessage(new Error('x'), 'réseau', 'repli')).toBe('repli');
  });
});
