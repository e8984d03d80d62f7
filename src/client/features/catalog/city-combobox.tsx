import type { ComponentProps } from 'react';
import { MapPin } from 'lucide-react';
import { PlaceCombobox } from '@/components/place-combobox';
import { citySuggestionsQuery } from './catalog-api';

function countText(n: number) {
  return `${n} ${n === 1 ? 'service' : 'services'}`;
}

/**
 * The city box (decision 016): as the user types it suggests the cities served, with their
 * service counts, matched by name, other name or area ("Ubud" -> Bali), accents, case and small
 * typos aside.
 */
export function CityCombobox(
  props: Omit<ComponentProps<typeof PlaceCombobox>, 'suggestions' | 'icon' | 'label' | 'listLabel' | 'meta'>,
) {
  return (
    <PlaceCombobox
      suggestions={citySuggestionsQuery}
      icon={MapPin}
      label="City"
      listLabel="Cities"
      meta={(option) => countText(option.serviceCount)}
      {...props}
    />
  );
}
