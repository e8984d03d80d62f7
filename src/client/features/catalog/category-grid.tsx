import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { InlineLoadFailed } from '@/components/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { categoryIconGlyph } from '@/lib/format';
import { categoriesQuery } from './catalog-api';
import { useLingui } from '@lingui/react/macro';
import { useCategoryName } from '@/lib/words';

const gridClass = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5';

/** Every category, each linking to /browse?category={slug} (2, 3 or 5 columns by width). */
export function CategoryGrid() {
  const { data: categories, isPending, isError, refetch } = useQuery(categoriesQuery);
  const { t } = useLingui();
  const categoryName = useCategoryName();

  if (isPending) {
    return (
      <div className={gridClass} aria-hidden="true">
        {Array.from({ length: 10 }, (_, i) => (
          <Skeleton key={i} className="h-16 rounded-xl sm:h-28" />
        ))}
      </div>
    );
  }
  if (isError) {
    return <InlineLoadFailed what={t`the categories`} onRetry={() => void refetch()} />;
  }
  return (
    <ul className={gridClass}>
      {categories.map((category) => (
        <li key={category.id}>
          <Link
            to={`/browse?category=${encodeURIComponent(category.slug)}`}
            className="group flex h-full min-h-16 items-center gap-3 rounded-xl border bg-card p-3 shadow-xs sm:min-h-28 sm:flex-col sm:justify-center sm:p-4 sm:text-center transition-[border-color,box-shadow,transform] outline-none hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/60 motion-reduce:hover:translate-y-0"
          >
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-xl transition-colors group-hover:bg-primary/15 sm:size-12 sm:text-2xl"
            >
              {categoryIconGlyph(category.icon) ?? categoryName(category).charAt(0)}
            </span>
            <span className="min-w-0 font-medium break-words">{categoryName(category)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
