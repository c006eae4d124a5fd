import { Mail, Smartphone } from 'lucide-react';
import { Link } from 'react-router';
import { CASE_PRICE, caseBrands, caseFileTips, caseIncluded, caseSteps } from '../../content/services/coques';
import { euros } from '../../content/services/format';
import { ActionLink, CardGrid, CheckList, ClosingCta, CtaCall, CtaLink, ServiceHero, ServiceSection, StepList } from './service-blocks';
import { useStoreProfile } from '../../../../lib/store-profile';

export function CoquesService({ title }: { title: string }) {
  const storeProfile = useStoreProfile();
  const price = euros(CASE_PRICE);
  return (
    <>
      <ServiceHero
        title={title}
        icon={Smartphone}
        lead={
          <p>
            Votre photo, votre logo ou votre création imprimés sur une coque taillée pour votre téléphone, préparée par notre
            atelier de {storeProfile.address.city}. Un seul prix, un aperçu validé avec vous avant toute fabrication.
          </p>
        }
        highlight={{ label: 'Prix unique', value: price, note: 'la coque personnalisée' }}
        actions={
          <ActionLink to="/contact" icon={Mail}>
            Créer ma coque
          </ActionLink>
        }
      />

      <ServiceSection
        title="Les marques que nous personnalisons"
        intro={<p>Les modèles les plus demandés à l’atelier. Le vôtre n’y figure pas&nbsp;? Écrivez-nous, nous vous dirons s’il est disponible.</p>}
      >
        <ul className="grid gap-4 md:grid-cols-3">
          {caseBrands.map((brand) => (
            <li
              key={brand.brand}
              className="group rounded-2xl border-2 border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-1 hover:border-brand-600 hover:shadow-lg focus-within:-translate-y-1 focus-within:border-brand-600 focus-within:shadow-lg dark:border-slate-700 dark:bg-ink-900 dark:hover:border-brand-300 dark:focus-within:border-brand-300"
            >
              <h3 className="text-xl font-bold">{brand.brand}</h3>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{brand.text}</p>
              <p className="mt-4 text-sm font-semibold text-slate-900 dark:text-slate-100">Modèles populaires</p>
              <CheckList items={brand.models} className="mt-2 text-sm" />
              <p className="mt-4 flex items-baseline justify-between gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
                <span className="text-2xl font-extrabold text-brand-700 dark:text-brand-300">{price}</span>
                <Link
                  to="/contact"
                  className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4 group-hover:no-underline dark:text-brand-300"
                >
                  Commander pour mon {brand.brand}
                </Link>
              </p>
            </li>
          ))}
        </ul>
      </ServiceSection>

      <ServiceSection muted title="Comment ça marche" intro={<p>Quatre étapes, de votre fichier à la coque prête à poser.</p>}>
        <StepList steps={caseSteps} />
      </ServiceSection>

      <ServiceSection title="Ce qui est compris">
        <CardGrid cards={caseIncluded} cols={4} />
      </ServiceSection>

      <ServiceSection muted title="Bien préparer votre fichier">
        <CheckList items={caseFileTips} className="max-w-3xl" />
      </ServiceSection>

      <ClosingCta
        title={'Une idée de coque en tête\u00a0?'}
        text={
          <p>
            Envoyez-nous votre image et le modèle exact de votre téléphone par le formulaire de contact&nbsp;: nous revenons vers vous
            avec un aperçu. Coque personnalisée à {price}.
          </p>
        }
        actions={
          <>
            <CtaLink to="/contact" icon={Mail}>
              Envoyer mon visuel
            </CtaLink>
            <CtaCall />
          </>
        }
      />
    </>
  );
}
