import { useId, useState, type FormEvent } from 'react';
import { CircleAlert } from '@/components/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Category } from '@shared/api/catalog-responses';
import type { CreateServiceInput, ProviderService } from '@shared/api/provider-workspace';
import {
  PRICING_UNITS,
  SERVICE_CITY_MAX,
  SERVICE_DESCRIPTION_MAX,
  SERVICE_MIN_HOURS_MAX,
  SERVICE_PHOTOS_MAX,
  SERVICE_TITLE_MAX,
} from '@shared/domain/service-limits';
import {
  LOCATION_TYPES,
  needsServiceAddress,
  SERVICE_LOCATION_ADDRESS_MAX,
  SERVICE_LOCATION_AREA_MAX,
} from '@shared/domain/service-location';
import { PhotoUploader } from '@/components/photo-uploader';
import { PlaceCombobox } from '@/components/place-combobox';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { LocationType } from '@shared/domain/service-location';
import { useCategoryName, usePricingUnit } from '@/lib/words';
import { FormField } from '@/components/form-field';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { fieldErrorsOf } from './field-errors';
import { cn } from '@/lib/utils';
import { Textarea } from '@/components/ui/textarea';
import { formErrors, initialState, minHoursForUnit, toPayload, type FormState } from './service-form';
import {
  createServiceRequest,
  invalidateAfterServiceChange,
  placeSuggestionsQuery,
  providerSetupQuery,
  updateServiceRequest,
} from './workspace-api';

/**
 * The one length field, named for the unit (decision 035): the minimum hours per hour, the length
 * of one session per session, the hours one day covers per day.
 */
const MIN_HOURS_LABELS: Record<FormState['pricingUnit'], MessageDescriptor> = {
  'per hour': msg`Min Hours`,
  'per session': msg`Session length`,
  'per day': msg`Hours per day`,
};

/** Where a service happens, as its provider reads it ('At my place'). */
const LOCATION_TYPE_LABELS: Record<LocationType, MessageDescriptor> = {
  provider_place: msg`At my place`,
  meeting_point: msg`At a meeting point`,
  traveler_address: msg`At the traveler’s address`,
};

const FIELDS = [
  'title',
  'description',
  'categoryId',
  'city',
  'price',
  'free',
  'pricingUnit',
  'minHours',
  'photos',
  'locationType',
  'locationAddress',
  'locationArea',
] as const;
export type Field = (typeof FIELDS)[number];
export type FieldErrors = Partial<Record<Field, string>>;

/**
 * The Create Service dialog (docs/product.md, Provider dashboard), which also edits a service. Save
 * is disabled until a title and a category are set (and while photos upload); Cancel closes it, and
 * it opens fresh next time (the parent mounts a new one per opening).
 */
export function ServiceDialog({
  open,
  onOpenChange,
  categories,
  service,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  categories: readonly Category[];
  service?: ProviderService;
}) {
  const queryClient = useQueryClient();
  const id = useId();
  const [form, setForm] = useState<FormState>(() => initialState(service));
  const [errors, setErrors] = useState<FieldErrors>({});
  // The server's refusal (4xx) when no field shows it: said in the dialog, in its words.
  const [refusal, setRefusal] = useState<string | undefined>();
  const [isUploading, setIsUploading] = useState(false);
  const isEdit = Boolean(service);
  const { t } = useLingui();
  // Payments on and the provider cannot be paid yet: saved, but not bookable (nor listed) until then.
  const canBeBooked = useQuery(providerSetupQuery).data?.canBeBooked ?? true;

  const save = useMutation({
    mutationFn: (payload: CreateServiceInput) =>
      service ? updateServiceRequest(service.id, payload) : createServiceRequest(payload),
    onSuccess: (saved) => {
      invalidateAfterServiceChange(queryClient);
      toast(
        isEdit
          ? { title: t`Service updated`, description: t`Your changes are saved.` }
          : canBeBooked
            ? { title: t`Service created!`, description: t`Your service is now live.` }
            : { title: t`Service created!`, description: t`Saved. Travelers can book it once payouts are set up.` },
      );
      // A day no availability window holds: said now, not found later as "No free days this month".
      const warning = saved.dayLengthWarning;
      if (warning) {
        const needed = warning.hoursNeeded;
        const longest = warning.longestWindowHours;
        toast({
          variant: 'destructive',
          title: t`Travelers will see no free days`,
          description:
            longest === 0
              ? t`You have no availability in the next 60 days. Add a window of at least ${needed} hours on the Availability tab.`
              : t`Your longest availability window in the next 60 days is ${longest} hours, shorter than this ${needed}-hour day. Add a longer window on the Availability tab.`,
        });
      }
      onOpenChange(false);
    },
    onError: (error) => {
      const fieldErrors: FieldErrors = fieldErrorsOf(error, FIELDS);
      const message = error instanceof ApiError && error.status < 500 ? error.body?.message : undefined;
      if (message && /category/i.test(message) && !fieldErrors.categoryId) fieldErrors.categoryId = message;
      if (message && /photo|upload/i.test(message) && !fieldErrors.photos) fieldErrors.photos = message;
      if (fieldErrors.free && !fieldErrors.price) fieldErrors.price = fieldErrors.free;
      setErrors(fieldErrors);
      if (message) {
        // Refused for what was sent: the reason, at its field or else in the dialog.
        setRefusal(Object.values(fieldErrors).includes(message) ? undefined : message);
        focusFirstError(fieldErrors);
        return;
      }
      // The product's words for a failure that is not the form's (docs/product.md).
      toast({
        variant: 'destructive',
        title: isEdit ? t`Failed to update service` : t`Failed to create service`,
        description: t`Please try again later.`,
      });
    },
  });

  function set<K extends keyof FormState>(key: K, value: FormState[K]) {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key as Field]) setErrors((e) => ({ ...e, [key]: undefined }));
    if (key === 'isFree' && errors.price) setErrors((e) => ({ ...e, price: undefined }));
  }

  function focusFirstError(found: FieldErrors) {
    const first = FIELDS.find((name) => found[name] && name !== 'free' && name !== 'photos');
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSave) return;
    setRefusal(undefined);
    const problem = formErrors(form).price;
    const found: FieldErrors = problem
      ? {
          price: {
            empty: t`Enter a price, or mark the service as free`,
            not_number: t`Enter the price as a number`,
            negative: t`The price cannot be negative`,
            zero: t`A price of $0: mark the service as free, or enter a price`,
          }[problem],
        }
      : {};
    if (Object.keys(found).length > 0) {
      setErrors((e) => ({ ...e, ...found }));
      focusFirstError(found);
      return;
    }
    save.mutate(toPayload(form));
  }

  const canSave = form.title.trim() !== '' && form.categoryId !== '' && !isUploading && !save.isPending;

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-2xl">
        <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{isEdit ? <Trans>Edit Service</Trans> : <Trans>Create Service</Trans>}</DialogTitle>
            <DialogDescription>
              {isEdit ? (
                <Trans>Change what travelers see. Changes show at once.</Trans>
              ) : (
                <Trans>Describe what you offer. It goes live as soon as you save it.</Trans>
              )}
            </DialogDescription>
          </DialogHeader>

          <ServiceFields
            idPrefix={id}
            form={form}
            errors={errors}
            categories={categories}
            onChange={set}
            onUploadingChange={setIsUploading}
          />

          {refusal && (
            <Alert variant="destructive">
              <CircleAlert aria-hidden="true" />
              <AlertTitle>
                {isEdit ? <Trans>The changes were not saved</Trans> : <Trans>The service was not created</Trans>}
              </AlertTitle>
              <AlertDescription>{refusal}</AlertDescription>
            </Alert>
          )}

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={!canSave} aria-busy={save.isPending}>
              {save.isPending && <Spinner decorative />}
              {save.isPending ? <Trans>Saving...</Trans> : <Trans>Save</Trans>}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The dialog's fields, as the provider sees them: what is typed, the Free choice that turns the
 * price off, and each field's error under it (rendered alone in render tests).
 */
export function ServiceFields({
  idPrefix,
  form,
  errors,
  categories,
  onChange,
  onUploadingChange,
}: {
  idPrefix: string;
  form: FormState;
  errors: FieldErrors;
  categories: readonly Category[];
  onChange: <K extends keyof FormState>(key: K, value: FormState[K]) => void;
  onUploadingChange: (isUploading: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const categoryName = useCategoryName();
  const unitName = usePricingUnit();
  const fid = (name: Field) => `${idPrefix}-${name}`;
  const invalid = (name: Field) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${fid(name)}-error` } : {};
  return (
    <>
      <FormField id={fid('title')} label={t`Service Title`} error={errors.title}>
        <Input
          id={fid('title')}
          value={form.title}
          maxLength={SERVICE_TITLE_MAX}
          required
          onValueChange={(value) => onChange('title', value)}
          placeholder={t`e.g. Sunset walking tour of Alfama`}
          {...invalid('title')}
        />
      </FormField>

      <FormField id={fid('description')} label={t`Description`} error={errors.description}>
        <Textarea
          id={fid('description')}
          rows={4}
          value={form.description}
          maxLength={SERVICE_DESCRIPTION_MAX}
          onValueChange={(value) => onChange('description', value)}
          placeholder={t`e.g. What travelers get, where you meet, what to bring`}
          {...invalid('description')}
        />
      </FormField>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={fid('categoryId')} label={t`Category`} error={errors.categoryId}>
          <NativeSelect
            id={fid('categoryId')}
            value={form.categoryId}
            required
            onValueChange={(value) => onChange('categoryId', value)}
            {...invalid('categoryId')}
          >
            <option value="">{t`Select a category`}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {categoryName(c)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={fid('city')} label={t`City`} error={errors.city}>
          <PlaceCombobox
            id={fid('city')}
            value={form.city}
            maxLength={SERVICE_CITY_MAX}
            suggestions={placeSuggestionsQuery}
            listLabel={t`Known places`}
            onValueChange={(value) => onChange('city', value)}
            placeholder={t`e.g. Lisbon`}
            {...invalid('city')}
          />
        </FormField>
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id={fid('price')} label={t`Price`} error={errors.price}>
          <div className="relative">
            <span
              aria-hidden="true"
              className={cn(
                'pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground',
                form.isFree && 'opacity-50',
              )}
            >
              $
            </span>
            <Input
              id={fid('price')}
              type="number"
              inputMode="decimal"
              min={0}
              max={100000}
              step="any"
              className="pl-7"
              value={form.isFree ? '' : form.price}
              disabled={form.isFree}
              required={!form.isFree}
              onValueChange={(value) => onChange('price', value)}
              {...invalid('price')}
            />
          </div>
          <div className="flex items-center gap-2">
            <Checkbox
              id={fid('free')}
              checked={form.isFree}
              onCheckedChange={(checked) => onChange('isFree', checked === true)}
            />
            <Label htmlFor={fid('free')} className="font-normal">
              <Trans>Free service</Trans>
            </Label>
          </div>
        </FormField>
        <FormField id={fid('pricingUnit')} label={t`Unit`} error={errors.pricingUnit}>
          <NativeSelect
            id={fid('pricingUnit')}
            value={form.pricingUnit}
            onValueChange={(value) => {
              const unit = value as FormState['pricingUnit'];
              const minHours = minHoursForUnit(form.pricingUnit, unit, form.minHours);
              onChange('pricingUnit', unit);
              if (minHours !== form.minHours) onChange('minHours', minHours);
            }}
          >
            {PRICING_UNITS.map((u) => (
              <option key={u} value={u}>
                {unitName(u)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={fid('minHours')} label={i18n._(MIN_HOURS_LABELS[form.pricingUnit])} error={errors.minHours}>
          <Input
            id={fid('minHours')}
            type="number"
            inputMode="numeric"
            min={1}
            max={SERVICE_MIN_HOURS_MAX}
            step={1}
            value={form.minHours}
            onValueChange={(value) => onChange('minHours', value)}
            {...invalid('minHours')}
          />
        </FormField>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={fid('locationType')} label={t`Where it happens`} error={errors.locationType}>
          <NativeSelect
            id={fid('locationType')}
            value={form.locationType}
            onValueChange={(value) => onChange('locationType', value as FormState['locationType'])}
          >
            {LOCATION_TYPES.map((type) => (
              <option key={type} value={type}>
                {i18n._(LOCATION_TYPE_LABELS[type])}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={fid('locationArea')} label={t`Area (shown to everyone)`} error={errors.locationArea}>
          <Input
            id={fid('locationArea')}
            maxLength={SERVICE_LOCATION_AREA_MAX}
            value={form.locationArea}
            onValueChange={(value) => onChange('locationArea', value)}
            {...invalid('locationArea')}
          />
        </FormField>
        {needsServiceAddress(form.locationType) && (
          <div className="sm:col-span-2">
            <FormField
              id={fid('locationAddress')}
              label={t`Address (shown to travelers once you accept)`}
              error={errors.locationAddress}
            >
              <Input
                id={fid('locationAddress')}
                required
                maxLength={SERVICE_LOCATION_ADDRESS_MAX}
                value={form.locationAddress}
                onValueChange={(value) => onChange('locationAddress', value)}
                {...invalid('locationAddress')}
              />
            </FormField>
          </div>
        )}
      </div>

      <div className="flex flex-col gap-2">
        <PhotoUploader
          value={form.photos}
          onChange={(urls) => onChange('photos', urls)}
          max={SERVICE_PHOTOS_MAX}
          onBusyChange={onUploadingChange}
          label={t`Photos (the first is the cover)`}
        />
        {errors.photos && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errors.photos}
          </p>
        )}
      </div>
    </>
  );
}
