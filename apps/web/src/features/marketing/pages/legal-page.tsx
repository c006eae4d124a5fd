import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { normalisePath } from '@erepare/shared/routes';
import { LegalContactBlock, LegalSectionView, LegalTableOfContents } from '../components/legal/legal-document';
import { legalSections, PRIVACY_SECTION_ID } from '../content/legal';
import { useStoreProfile } from '../../../lib/store-profile';

const PRIVACY_PATH = '/politique-confidentialite';

/**
 * Legal notice and privacy policy, one page for /mentions-legales and /politique-confidentialite
 * (spec 3 §2): 11 sections and a contact block. On /politique-confidentialite the page opens on
 * the personal-data section (scrolled to and focused once rendered, after the layout has moved
 * focus to the main content).
 */
export function LegalPage() {
  const { pathname } = useLocation();
  const privacy = normalisePath(pathname) === PRIVACY_PATH;
  const profile = useStoreProfile();
  const sections = useMemo(() => legalSections(profile), [profile]);

  useEffect(() => {
    if (!privacy) return;
    const frame = requestAnimationFrame(() => {
      const target = document.getElementById(PRIVACY_SECTION_ID);
      target?.scrollIntoView({ block: 'start' });
      target?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [privacy]);

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">Mentions légales et politique de confidentialité</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
        Qui édite ce site, comment l’utiliser, et ce que nous faisons de vos données personnelles. Ce site ne dépose aucun cookie publicitaire ni de mesure
        d’audience.
      </p>
      <div className="mt-8">
        <LegalTableOfContents sections={sections} />
      </div>
      <div className="mt-10 space-y-12">
        {sections.map((section) => (
          <LegalSectionView key={section.id} section={section} />
        ))}
        <LegalContactBlock text="Une question sur ces mentions, sur vos données ou pour exercer vos droits&nbsp;: écrivez-nous ou appelez l’atelier." />
      </div>
    </div>
  );
}
