import { describe, expect, it } from 'vitest';
import { profileUpdateSchema, registerRequestSchema } from './account.js';
import { cleanDisplayName, customerUpdateBodySchema } from './repair.js';

describe('display names (spec 1 §5)', () => {
  it('keep letters (accented too), digits, spaces, hyphen, underscore, dot and apostrophe', () => {
    expect(cleanDisplayName('Jean-Édouard')).toBe('Jean-Édouard');
    expect(cleanDisplayName("N'Diaye")).toBe("N'Diaye");
    expect(cleanDisplayName('D’Artagnan')).toBe('D’Artagnan');
    expect(cleanDisplayName('Zoé_2 J.')).toBe('Zoé_2 J.');
    expect(cleanDisplayName('Ñúñez Çelik Łukasz 李')).toBe('Ñúñez Çelik Łukasz 李');
  });

  it('lose everything else, and control, replacement and diamond characters; whitespace collapsed', () => {
    expect(cleanDisplayName('<b>Léa</b> ;)')).toBe('bLéab');
    expect(cleanDisplayName('Léa 😀 Martin!')).toBe('Léa Martin');
    expect(cleanDisplayName('Lé\uFFFDa\u0000 \u25C6Martin\n\t  (admin)')).toBe('Léa Martin admin');
    expect(cleanDisplayName('@#$%')).toBe('');
  });

  it('are applied by the registration, the profile and the customer forms, which refuse a name left empty', () => {
    const base = { email: 'lea@exemple.fr', password: 'Motdepasse-2026', confirmPassword: 'Motdepasse-2026' };
    const registered = registerRequestSchema.parse({ ...base, first_name: 'Léa 😀', last_name: 'Martin <script>' });
    expect(registered).toMatchObject({ first_name: 'Léa', last_name: 'Martin script' });
    expect(registerRequestSchema.safeParse({ ...base, first_name: '😀😀', last_name: 'Martin' }).success).toBe(false);
    expect(profileUpdateSchema.parse({ first_name: 'Zoé!', last_name: 'D’Artagnan', email: 'zoe@exemple.fr' })).toMatchObject({ first_name: 'Zoé', last_name: 'D’Artagnan' });
    expect(customerUpdateBodySchema.parse({ first_name: 'Paul*', last_name: 'Dupont' })).toMatchObject({ first_name: 'Paul', last_name: 'Dupont' });
  });
});
