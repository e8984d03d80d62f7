import type { RefObject } from 'react';
import type { Category } from '@shared/api/catalog';
import { Button } from '@/components/ui/button';
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import type { ServiceFilters } from './catalog-api';
import { BrowseFilters, type UpdateFilters } from './browse-filters';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * The phone's filter sheet on /browse. Loaded the first time its button is pressed (the page keeps
 * the button, as the header does with its menu), so the dialog code is not part of the page's
 * first load; focus goes back to that button when the sheet closes.
 */
export function MobileFilters({
  open,
  onOpenChange,
  filters,
  categories,
  onChange,
  triggerRef,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filters: ServiceFilters;
  categories: Category[] | undefined;
  onChange: UpdateFilters;
  triggerRef: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useLingui();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        id="mobile-filters"
        closeLabel={t`Close filters`}
        className="overflow-y-auto"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      >
        <SheetHeader>
          <SheetTitle>
            <Trans>Filters</Trans>
          </SheetTitle>
          <SheetDescription>
            <Trans>Narrow the services by text, city, category and rating.</Trans>
          </SheetDescription>
        </SheetHeader>
        <div className="flex flex-col gap-4 px-4 pb-6">
          <BrowseFilters filters={filters} categories={categories} onChange={onChange} idPrefix="sheet" stacked />
          <SheetClose asChild>
            <Button>
              <Trans>Show results</Trans>
            </Button>
          </SheetClose>
        </div>
      </SheetContent>
    </Sheet>
  );
}
