import { checkFrenchTypography } from '@erepare/shared/typography';
import { describe, expect, it } from 'vitest';
import { frenchTypography, typeset } from './typography';

describe('frenchTypography: content written with plain spaces, shown with French typography', () => {
  it('puts the no-break spaces in, and the checker finds nothing left', () => {
    const written = "L'atelier : « pas réparé, pas payé » ! Jusqu'à 300 000 euros, 10 %, 80 €, SIRET 732 829 320 00074 ; 05 56 66 12 34 ?";
    const shown = frenchTypography(written);
    expect(shown).toBe(
      'L’atelier\u00a0: «\u00a0pas réparé, pas payé\u00a0»\u00a0! Jusqu’à 300\u00a0000 euros, 10\u00a0%, 80\u00a0€, SIRET 732\u00a0829\u00a0320\u00a000074\u00a0; 05\u00a056\u00a066\u00a012\u00a034\u00a0?',
    );
    expect(checkFrenchTypography(shown)).toEqual([]);
  });

  it('typesets every string of a content tree, and leaves the rest', () => {
    expect(typeset({ rows: [['SIRET', '000 000 000 00000']], count: 3, link: { label: 'Contact :', href: 'tel:+33556000000' } })).toEqual({
      rows: [['SIRET', '000\u00a0000\u00a0000\u00a000000']],
      count: 3,
      link: { label: 'Contact\u00a0:', href: 'tel:+33556000000' },
    });
  });
});
