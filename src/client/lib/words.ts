import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { CategorySlug } from '@shared/domain/categories';
import type { PricingUnit } from '@shared/domain/pricing';

/** Locora's own categories in the reader's language (the demo data keeps its English names). */
const NAMES: Record<CategorySlug, MessageDescriptor> = {
  massage: msg`Massage`,
  tours: msg`Tours`,
  'private-chef': msg`Private Chef`,
  doctor: msg`Doctor`,
  yoga: msg`Yoga`,
  babysitting: msg`Babysitting`,
  driver: msg`Driver`,
  beauty: msg`Beauty`,
  fitness: msg`Fitness`,
};

/**
 * A category's name as the reader reads it: ours by its slug in their language, one an admin
 * added as it was written.
 */
export function useCategoryName(): (category: { slug: string; name: string }) => string {
  const { i18n } = useLingui();
  return (category) => {
    const known = (NAMES as Record<string, MessageDescriptor | undefined>)[category.slug];
    return known ? i18n._(known) : category.name;
  };
}

const UNITS: Record<PricingUnit, MessageDescriptor> = {
  'per hour': msg`per hour`,
  'per session': msg`per session`,
  'per day': msg`per day`,
};

/** 'per hour' beside a price, in the reader's language ('por hora', '1時間あたり'). */
export function usePricingUnit(): (unit: PricingUnit) => string {
  const { i18n } = useLingui();
  return (unit) => i18n._(UNITS[unit]);
}
