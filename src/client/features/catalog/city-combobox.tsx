import { plural } from '@lingui/core/macro';
import type { ComponentProps } from 'react';
import { useLingui } from '@lingui/react/macro';
import { MapPin } from '@/components/icons';
import { PlaceCombobox } from '@/components/place-combobox';
import { citySuggestionsQuery } from './catalog-api';

/**
 * The city box (decision 016): as the user types it suggests the cities served, with their
 * service counts, matched by name, other name or area ("Ubud" -> Bali), accents, case and small
 * typos aside.
 */
export function CityCombobox(
  props: Omit<ComponentProps<typeof PlaceCombobox>, 'suggestions' | 'icon' | 'label' | 'listLabel' | 'meta'>,
) {
  const { t } = useLingui();
  return (
    <PlaceCombobox
      suggestions={citySuggestionsQuery}
      icon={MapPin}
      label={t`City`}
      listLabel={t`Cities`}
      meta={(option) => {
        const count = option.serviceCount;
        return t`${plural(count, { one: '# service', other: '# services' })}`;
      }}
      {...props}
    />
  );
}
