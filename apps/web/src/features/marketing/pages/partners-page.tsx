import { ContactActions } from '../../../components/contact-actions';
import { PartnersCarousel } from '../components/partners/partners-carousel';

const families = [
  {
    title: 'Mémoire et stockage',
    text: 'Cartes microSD, clés USB, SSD et mémoire vive pour agrandir, accélérer ou sauvegarder vos appareils.',
  },
  {
    title: 'Accessoires',
    text: 'Chargeurs, câbles et adaptateurs fiables, pour charger vite sans abîmer la batterie.',
  },
  {
    title: 'Protection mobile',
    text: 'Verres trempés et coques posés à l’atelier, pour que la réparation dure.',
  },
];

export function PartnersPage() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:py-16">
      <p className="mb-2 text-sm font-semibold tracking-wide text-brand-800 uppercase dark:text-brand-300">Partenaires</p>
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">Marques et partenaires</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
        Pour vos réparations et vos accessoires, nous sélectionnons des marques reconnues en mémoire et stockage, en
        accessoires et en protection mobile. Voici celles avec lesquelles nous travaillons au quotidien.
      </p>
      <div className="mt-10">
        <PartnersCarousel />
      </div>
      <section aria-labelledby="familles-titre" className="mt-14">
        <h2 id="familles-titre" className="text-2xl font-bold">
          Trois familles de produits
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {families.map((family) => (
            <li key={family.title} className="rounded-2xl border border-slate-200 bg-slate-50 p-5 dark:border-slate-700 dark:bg-ink-900">
              <h3 className="text-lg font-bold">{family.title}</h3>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{family.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">
          Les marques citées appartiennent à leurs propriétaires respectifs. Leur mention indique les produits que nous
          utilisons et proposons, et non un partenariat commercial exclusif.
        </p>
      </section>
      <section aria-labelledby="partenaires-contact" className="mt-12">
        <h2 id="partenaires-contact" className="mb-4 text-2xl font-bold">
          Un accessoire ou une pièce à trouver&nbsp;?
        </h2>
        <ContactActions />
      </section>
    </div>
  );
}
