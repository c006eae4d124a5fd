import { describe, expect, it } from 'vitest';
import { defaultSiteSettings } from '@erepare/shared/site-settings';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { realProfile } from '@erepare/shared/testing/real-store-profile';
import { pageHead, type RootData } from './page-meta';

function head(pathname: string, root: Partial<RootData>) {
  const loaderData: RootData = { settings: defaultSiteSettings, storeProfile: defaultStoreProfile, publicUrl: 'http://localhost:3000', paymentReady: false, ...root };
  return pageHead({ location: { pathname }, matches: [{ id: 'root', loaderData }] });
}

const robots = (meta: ReturnType<typeof head>) => meta.find((entry) => 'name' in entry && entry.name === 'robots');
const canonical = (meta: ReturnType<typeof head>) => meta.find((entry) => 'rel' in entry && entry.rel === 'canonical');

describe('the head of a public page and the example store profile (issue 23 §2)', () => {
  it('a real site with example values is noindex, without a canonical address', () => {
    const meta = head('/contact', { publicUrl: 'https://www.erepare.fr' });
    expect(robots(meta)).toEqual({ name: 'robots', content: 'noindex' });
    expect(canonical(meta)).toBeUndefined();
  });

  it('a real site with a real profile is indexable', () => {
    const meta = head('/contact', { publicUrl: 'https://www.erepare.fr', storeProfile: realProfile() });
    expect(robots(meta)).toBeUndefined();
    expect(canonical(meta)).toMatchObject({ href: 'https://www.erepare.fr/contact' });
  });

  it('the demo on this machine stays as it is', () => {
    expect(robots(head('/contact', {}))).toBeUndefined();
  });
});
