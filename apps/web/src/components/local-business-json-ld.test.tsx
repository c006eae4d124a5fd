import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { landingPages } from '@erepare/shared/routes';
import { realProfile } from '@erepare/shared/testing/real-store-profile';
import { PublicUrlProvider } from '../lib/public-url';
import { buildLocalBusiness, buildService, LocalBusinessJsonLd, openingHoursSpecification, townsServed } from './local-business-json-ld';

const ORIGIN = 'https://www.example.fr';

describe('buildLocalBusiness', () => {
  it('describes the shop from the store profile, with absolute addresses, its picture and the towns it serves', () => {
    const profile = realProfile();
    const data = buildLocalBusiness(profile, { origin: ORIGIN });
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ElectronicsStore',
      '@id': 'https://www.example.fr/#atelier',
      name: profile.name,
      url: 'https://www.example.fr/',
      image: 'https://www.example.fr/icons/icon-512.png',
      logo: 'https://www.example.fr/icons/icon-512.png',
      priceRange: '€€',
      telephone: profile.phone.e164,
      email: profile.email,
      address: {
        '@type': 'PostalAddress',
        streetAddress: profile.address.street,
        postalCode: profile.address.postalCode,
        addressLocality: profile.address.city,
        addressCountry: 'FR',
      },
      geo: { '@type': 'GeoCoordinates', latitude: profile.geo.latitude, longitude: profile.geo.longitude },
      sameAs: [profile.social.facebook],
    });
  });

  it('on a real site, leaves out the example values of a profile not filled in yet; the local demo keeps them', () => {
    const live = buildLocalBusiness(defaultStoreProfile, { origin: ORIGIN });
    expect(live).not.toHaveProperty('telephone');
    expect(live).not.toHaveProperty('email');
    expect(live).not.toHaveProperty('sameAs');
    expect(live.address).toEqual({ '@type': 'PostalAddress', postalCode: '33470', addressLocality: 'Gujan-Mestras', addressCountry: 'FR' });
    for (const fake of [defaultStoreProfile.email, defaultStoreProfile.phone.e164, defaultStoreProfile.address.street, defaultStoreProfile.social.facebook]) expect(JSON.stringify(live)).not.toContain(fake);
    const demo = buildLocalBusiness(defaultStoreProfile, { origin: 'http://localhost:3000' });
    expect(demo).toMatchObject({ telephone: defaultStoreProfile.phone.e164, email: defaultStoreProfile.email, sameAs: Object.values(defaultStoreProfile.social) });
  });

  it('places the shop to within a few metres (5 decimals at least)', () => {
    const { latitude, longitude } = defaultStoreProfile.geo;
    for (const value of [latitude, longitude]) expect(String(value).split('.')[1]?.length ?? 0).toBeGreaterThanOrEqual(5);
  });

  it('serves exactly the towns of the local pages, the shop’s own first (no circle that leaves some out)', () => {
    const served = (buildLocalBusiness(defaultStoreProfile, { origin: ORIGIN }).areaServed as { '@type': string; name: string }[]);
    expect(served[0]).toEqual({ '@type': 'City', name: 'Gujan-Mestras' });
    expect(served.every((town) => town['@type'] === 'City')).toBe(true);
    expect(new Set(served.map((town) => town.name))).toEqual(new Set(landingPages.map((page) => page.town)));
    for (const far of ['Bordeaux', 'Pessac', 'Cestas', 'Belin-Béliet']) expect(townsServed(defaultStoreProfile)).toContain(far);
  });

  it('states the opening hours of the profile: Tuesday to Saturday, 9:30-13:30 and 14:30-18:00', () => {
    const tuesdayToSaturday = ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
    expect(buildLocalBusiness(defaultStoreProfile, { origin: ORIGIN }).openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: tuesdayToSaturday, opens: '09:30', closes: '13:30' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: tuesdayToSaturday, opens: '14:30', closes: '18:00' },
    ]);
  });

  it('reads other wordings of the hours and leaves out closed days', () => {
    expect(
      openingHoursSpecification([
        { days: 'Lundi – Vendredi', hours: '9h00 – 18h30' },
        { days: 'Samedi', hours: '9h – 17h' },
        { days: 'Dimanche', hours: 'Fermé' },
        { days: 'Jours fériés', hours: 'Sur rendez-vous' },
      ]),
    ).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '18:30' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '09:00', closes: '17:00' },
    ]);
  });

  it('takes the page’s description and address, never another name', () => {
    const data = buildLocalBusiness(defaultStoreProfile, { description: 'Une page locale.', path: '/reparation-smartphone-arcachon', origin: ORIGIN });
    expect(data).toMatchObject({ name: defaultStoreProfile.name, description: 'Une page locale.', url: 'https://www.example.fr/reparation-smartphone-arcachon' });
  });
});

describe('buildService', () => {
  it('a service page describes a Service whose provider is the shop under its own name', () => {
    const data = buildService(defaultStoreProfile, { origin: ORIGIN, name: 'Réparation de consoles', description: 'Manettes, HDMI.', path: '/services/consoles' });
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Service',
      name: 'Réparation de consoles',
      description: 'Manettes, HDMI.',
      url: 'https://www.example.fr/services/consoles',
      provider: { '@type': 'ElectronicsStore', '@id': 'https://www.example.fr/#atelier', name: defaultStoreProfile.name },
    });
    expect(data.provider).not.toHaveProperty('@context');
    expect(data.areaServed).toEqual(buildLocalBusiness(defaultStoreProfile, { origin: ORIGIN }).areaServed);
  });
});

describe('LocalBusinessJsonLd', () => {
  it('renders a JSON-LD script that parses back to the same data', () => {
    const { container } = render(
      <PublicUrlProvider value={ORIGIN}>
        <LocalBusinessJsonLd path="/label-qualirepar" />
      </PublicUrlProvider>,
    );
    const script = container.querySelector('script[type="application/ld+json"]');
    expect(script).not.toBeNull();
    const data = JSON.parse(script!.textContent ?? '') as Record<string, unknown>;
    expect(data).toEqual(buildLocalBusiness(defaultStoreProfile, { path: '/label-qualirepar', origin: ORIGIN }));
  });
});
