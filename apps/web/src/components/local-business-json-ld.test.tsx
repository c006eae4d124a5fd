import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { buildLocalBusiness, LocalBusinessJsonLd, openingHoursSpecification } from './local-business-json-ld';

describe('buildLocalBusiness', () => {
  it('describes the shop from the store profile with a 25 km service circle around it', () => {
    const data = buildLocalBusiness(defaultStoreProfile, { origin: 'https://www.example.fr' });
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ElectronicsStore',
      name: defaultStoreProfile.name,
      url: 'https://www.example.fr/',
      telephone: defaultStoreProfile.phone.e164,
      email: defaultStoreProfile.email,
      address: {
        '@type': 'PostalAddress',
        streetAddress: defaultStoreProfile.address.street,
        postalCode: defaultStoreProfile.address.postalCode,
        addressLocality: defaultStoreProfile.address.city,
        addressCountry: 'FR',
      },
      geo: { '@type': 'GeoCoordinates', latitude: defaultStoreProfile.geo.latitude, longitude: defaultStoreProfile.geo.longitude },
      areaServed: {
        '@type': 'GeoCircle',
        geoMidpoint: { latitude: defaultStoreProfile.geo.latitude, longitude: defaultStoreProfile.geo.longitude },
        geoRadius: 25000,
      },
      sameAs: [defaultStoreProfile.social.facebook, defaultStoreProfile.social.instagram, defaultStoreProfile.social.tiktok],
    });
  });

  it('states the opening hours of the profile: Tuesday to Saturday, 9:30-13:30 and 14:30-18:00', () => {
    const tuesdayToSaturday = ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
    expect(buildLocalBusiness(defaultStoreProfile).openingHoursSpecification).toEqual([
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

  it('takes the page’s own name, description, path, radius and extra properties', () => {
    const data = buildLocalBusiness(defaultStoreProfile, {
      type: 'LocalBusiness',
      name: 'Réparation à Arcachon',
      description: 'Une page locale.',
      path: '/reparation-smartphone-arcachon',
      origin: 'https://www.example.fr',
      radiusMetres: 30000,
      extra: { priceRange: '€€' },
    });
    expect(data).toMatchObject({
      '@type': 'LocalBusiness',
      name: 'Réparation à Arcachon',
      description: 'Une page locale.',
      url: 'https://www.example.fr/reparation-smartphone-arcachon',
      areaServed: { geoRadius: 30000 },
      priceRange: '€€',
    });
  });

  it('keeps a relative address when the public origin is not configured', () => {
    expect(buildLocalBusiness(defaultStoreProfile, { path: '/a-propos', origin: '' }).url).toBe('/a-propos');
  });
});

describe('LocalBusinessJsonLd', () => {
  it('renders a JSON-LD script that parses back to the same data', () => {
    const { container } = render(<LocalBusinessJsonLd path="/label-qualirepar" origin="" />);
    const script = container.querySelector('script[type="application/ld+json"]');
    expect(script).not.toBeNull();
    const data = JSON.parse(script!.textContent ?? '') as Record<string, unknown>;
    expect(data).toEqual(buildLocalBusiness(defaultStoreProfile, { path: '/label-qualirepar', origin: '' }));
  });
});
