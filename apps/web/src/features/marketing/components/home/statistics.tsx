import { statistics } from '../../content/home-sections';

/** Section 5: experience figures (spec 3 §9). */
export function Statistics() {
  return (
    <section aria-labelledby="chiffres-titre" className="bg-brand-800 px-4 py-14 text-white dark:bg-ink-800">
      <div className="mx-auto max-w-6xl">
        <h2 id="chiffres-titre" className="text-center text-3xl font-bold tracking-tight">
          Notre expérience en chiffres
        </h2>
        <dl className="mt-10 grid grid-cols-2 gap-6 text-center lg:grid-cols-4">
          {statistics.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse">
              <dt className="mt-1 text-cyan-50 dark:text-slate-300">{stat.label}</dt>
              <dd className="text-4xl font-extrabold sm:text-5xl dark:text-brand-300">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
