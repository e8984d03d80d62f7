import { lazy, Suspense, useState } from 'react';
import { ChevronDown } from '@/components/icons';
import type { CurrencyCode } from '@shared/domain/currency';
import { buttonVariants } from '@/components/ui/button';
import { useCurrencyView } from '@/lib/currency-view';
import { useHydrated } from '@/lib/hydration';
import { cn } from '@/lib/utils';
import { preloadModules } from '@/lib/preload-modules';

/*
 * The select itself (the currency names, saving the choice) is loaded once the page is live, like
 * the account menu (decision 012): the first load carries only the label the server rendered.
 */
const CurrencySelect = lazy(() => {
  preloadModules(['components/currency-select.tsx']);
  return import('./currency-select').then((m) => ({ default: m.CurrencySelect }));
});

/**
 * The header's currency menu (decision 049): the code of the reader's display currency (rendered
 * by the server with the page), under an invisible native select listing every currency by name.
 */
export function CurrencyMenu({ className }: { className?: string }) {
  const view = useCurrencyView();
  const isHydrated = useHydrated();
  const [pending, setPending] = useState<CurrencyCode | null>(null);
  const current = pending ?? view?.displayCurrency ?? null;
  return (
    <div
      data-testid="currency-menu"
      className={buttonVariants({
        variant: 'ghost',
        size: 'sm',
        className: cn(
          'relative gap-1 px-2 text-muted-foreground focus-within:ring-[3px] focus-within:ring-ring/60',
          className,
        ),
      })}
    >
      <span aria-hidden="true" data-testid="currency-menu-code">
        {current ?? '¤'}
      </span>
      <ChevronDown className="size-3.5" aria-hidden="true" />
      {isHydrated && (
        <Suspense fallback={null}>
          <CurrencySelect current={current} onPending={setPending} />
        </Suspense>
      )}
    </div>
  );
}
