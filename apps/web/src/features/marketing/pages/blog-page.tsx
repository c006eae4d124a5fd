import { Info } from 'lucide-react';
import { useState } from 'react';
import { PageIntro } from '../../../components/ui/page-intro';
import { ArticleCard } from '../components/blog/article-card';
import { CategoryFilter } from '../components/blog/category-filter';
import { NewsletterBox } from '../components/blog/newsletter-box';
import { blogArticles, blogFilters, filterArticles, type BlogFilter } from '../content/blog';

const featured = blogArticles.find((article) => article.featured);

function countLabel(count: number, filter: BlogFilter): string {
  const articles = `${count}\u00a0article${count > 1 ? 's' : ''}`;
  if (filter === 'all') return articles;
  const label = blogFilters.find((entry) => entry.id === filter)?.label ?? '';
  return `${articles} dans la catégorie «\u00a0${label}\u00a0»`;
}

export function BlogPage() {
  const [filter, setFilter] = useState<BlogFilter>('all');
  const articles = filterArticles(blogArticles, filter);

  return (
    <>
      <PageIntro
        eyebrow="Conseils et actualités"
        title="Le blog de l’atelier"
        lead="Entretien de vos appareils, bons réflexes en cas de panne et nouvelles de l’atelier : un aperçu des articles que nous préparons."
      >
        <p className="flex max-w-3xl gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-100">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>
            Version de démonstration&nbsp;: ces articles sont des exemples, leur lecture complète sera disponible à l’ouverture du
            blog.
          </span>
        </p>
      </PageIntro>

      <div className="mx-auto w-full max-w-5xl space-y-14 px-4">
        {featured ? (
          <section aria-labelledby="blog-une">
            <h2 id="blog-une" className="mb-4 text-2xl font-bold tracking-tight">
              À la une
            </h2>
            <ArticleCard article={featured} featured />
          </section>
        ) : null}

        <section aria-labelledby="blog-articles">
          <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
            <h2 id="blog-articles" className="text-2xl font-bold tracking-tight">
              Tous les articles
            </h2>
            <CategoryFilter value={filter} onChange={setFilter} />
          </div>
          <p aria-live="polite" className="mt-3 text-sm text-slate-600 dark:text-slate-400">
            {countLabel(articles.length, filter)}
          </p>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {articles.map((article) => (
              <li key={article.id}>
                <ArticleCard article={article} />
              </li>
            ))}
          </ul>
        </section>

        <NewsletterBox />
      </div>
    </>
  );
}
