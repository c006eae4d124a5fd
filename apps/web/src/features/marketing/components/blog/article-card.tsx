import { CalendarDays, Clock, Eye } from 'lucide-react';
import { blogCategoryStyles, formatArticleDate, formatViews, type BlogArticle } from '../../content/blog';

type ArticleCardProps = { article: BlogArticle; featured?: boolean; headingLevel?: 'h2' | 'h3' };

/**
 * A sample article: visual, category, title, excerpt and details. Not a link: the articles are
 * samples and their full text does not exist yet (no link to a missing page).
 */
export function ArticleCard({ article, featured = false, headingLevel: Heading = 'h3' }: ArticleCardProps) {
  const style = blogCategoryStyles[article.category];
  const headingId = `article-${article.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`flex h-full overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-ink-900 ${
        featured ? 'flex-col md:flex-row' : 'flex-col'
      }`}
    >
      <div
        aria-hidden="true"
        className={`relative flex shrink-0 items-center justify-center bg-linear-to-br ${style.gradient} ${
          featured ? 'h-40 md:h-auto md:w-2/5' : 'h-24 sm:h-32'
        }`}
      >
        <style.icon className={`text-white/90 drop-shadow ${featured ? 'size-20' : 'size-12'}`} />
      </div>
      <div className={`flex flex-1 flex-col ${featured ? 'p-6 sm:p-8' : 'p-5'}`}>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 font-semibold text-brand-800 dark:bg-ink-800 dark:text-brand-300">
            {style.label}
          </span>
          {featured ? (
            <span className="rounded-full bg-amber-100 px-2.5 py-0.5 font-semibold text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
              À la une
            </span>
          ) : null}
        </p>
        <Heading id={headingId} className={`mt-3 font-bold text-balance ${featured ? 'text-2xl sm:text-3xl' : 'text-lg'}`}>
          {article.title}
        </Heading>
        <p className={`mt-2 flex-1 text-slate-700 dark:text-slate-300 ${featured ? 'text-lg' : ''}`}>{article.excerpt}</p>
        <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
          <li className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-4" />
            <time dateTime={article.date}>{formatArticleDate(article.date)}</time>
          </li>
          <li className="inline-flex items-center gap-1.5">
            <Clock aria-hidden="true" className="size-4" />
            {article.readTime}&nbsp;min de lecture
          </li>
          <li className="inline-flex items-center gap-1.5">
            <Eye aria-hidden="true" className="size-4" />
            {formatViews(article.views)}
          </li>
        </ul>
      </div>
    </article>
  );
}
