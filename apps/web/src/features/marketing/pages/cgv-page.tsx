import { useMemo } from 'react';
import { LegalContactBlock, LegalSectionView, LegalTableOfContents } from '../components/legal/legal-document';
import { cgvDocument } from '../content/cgv';
import { useStoreProfile } from '../../../lib/store-profile';

/** Terms of sale (spec 3 §2): an overview, 9 articles and a contact block. */
export function CgvPage() {
  const profile = useStoreProfile();
  const { overview, articles } = useMemo(() => cgvDocument(profile), [profile]);
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">Conditions générales de vente</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
        Réparations, ventes en boutique et en ligne, rachat d’appareils&nbsp;: les règles qui s’appliquent entre nous, vos droits de consommateur et nos garanties.
      </p>
      <div className="mt-8">
        <LegalTableOfContents sections={[overview, ...articles]} />
      </div>
      <div className="mt-10 space-y-12">
        <LegalSectionView section={overview} />
        {articles.map((article) => (
          <LegalSectionView key={article.id} section={article} />
        ))}
        <LegalContactBlock text="Une question sur une commande, un devis, une garantie ou une rétractation&nbsp;: nous vous répondons par téléphone, par e-mail ou à l’atelier." />
      </div>
    </div>
  );
}
