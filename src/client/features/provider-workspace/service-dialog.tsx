import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
  LOCATION_TYPE_PROVIDER_LABELS,
  LOCATION_TYPES,
  needsServiceAddress,
  SERVICE_LOCATION_ADDRESS_MAX,
  SERVICE_LOCATION_AREA_MAX,
} from '@shared/domain/service-location';
import { PhotoUploader } from '@/components/photo-uploader';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
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
import { Textarea } from '@/components/ui/textarea';
import { initialState, toPayload, type FormState } from './service-form';
import { createServiceRequest, invalidateAfterServiceChange, updateServiceRequest } from './workspace-api';

/**
 * The one length field, named for the unit (decision 035): the minimum hours per hour, the length
 * of one session per session, the hours one day covers per day.
 */
function minHoursLabel(unit: FormState['pricingUnit']): string {
  if (unit === 'per session') return 'Session length';
  if (unit === 'per day') return 'Hours per day';
  return 'Min Hours';
}

const FIELDS = [
  'title',
  'description',
  'categoryId',
  'city',
  'price',
  'pricingUnit',
  'minHours',
  'photos',
  'locationType',
  'locationAddress',
  'locationArea',
] as const;
type Field = (typeof FIELDS)[number];

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
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [isUploading, setIsUploading] = useState(false);
  const isEdit = Boolean(service);

  const save = useMutation({
    mutationFn: (payload: CreateServiceInput) =>
      service ? updateServiceRequest(service.id, payload) : createServiceRequest(payload),
    onSuccess: () => {
      invalidateAfterServiceChange(queryClient);
      toast(
        isEdit
          ? { title: 'Service updated', description: 'Your changes are saved.' }
          : { title: 'Service created!', description: 'Your service is now live.' },
      );
      onOpenChange(false);
    },
    onError: (error) => {
      const fieldErrors = fieldErrorsOf(error, FIELDS);
      const message = error instanceof ApiError && error.status < 500 ? error.body?.message : undefined;
      if (message && /category/i.test(message) && !fieldErrors.categoryId) fieldErrors.categoryId = message;
      if (message && /photo|upload/i.test(message) && !fieldErrors.photos) fieldErrors.photos = message;
      setErrors(fieldErrors);
      toast({
        variant: 'destructive',
        title: isEdit ? 'Failed to update service' : 'Failed to create service',
        // The product's words for a failed create (docs/product.md); the reason is shown on the
        // field it concerns.
        description:
          isEdit && error instanceof ApiError && error.status === 400 && message ? message : 'Please try again later.',
      });
    },
  });

  function set<K extends keyof FormState>(key: K, value: FormState[K]) {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key as Field]) setErrors((e) => ({ ...e, [key]: undefined }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSave) return;
    save.mutate(toPayload(form));
  }

  const canSave = form.title.trim() !== '' && form.categoryId !== '' && !isUploading && !save.isPending;
  const fid = (name: Field) => `${id}-${name}`;
  const invalid = (name: Field) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${fid(name)}-error` } : {};

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-2xl">
        <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{isEdit ? 'Edit Service' : 'Create Service'}</DialogTitle>
            <DialogDescription>
              {isEdit
                ? 'Change what travelers see. Changes show at once.'
                : 'Describe what you offer. It goes live as soon as you save it.'}
            </DialogDescription>
          </DialogHeader>

          <FormField id={fid('title')} label="Service Title" error={errors.title}>
            <Input
              id={fid('title')}
              value={form.title}
              maxLength={SERVICE_TITLE_MAX}
              required
              onValueChange={(value) => set('title', value)}
              placeholder="Sunset walking tour of Alfama"
              {...invalid('title')}
            />
          </FormField>

          <FormField id={fid('description')} label="Description" error={errors.description}>
            <Textarea
              id={fid('description')}
              rows={4}
              value={form.description}
              maxLength={SERVICE_DESCRIPTION_MAX}
              onValueChange={(value) => set('description', value)}
              placeholder="What travelers get, where you meet, what to bring"
              {...invalid('description')}
            />
          </FormField>

          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={fid('categoryId')} label="Category" error={errors.categoryId}>
              <NativeSelect
                id={fid('categoryId')}
                value={form.categoryId}
                required
                onValueChange={(value) => set('categoryId', value)}
                {...invalid('categoryId')}
              >
                <option value="">Select a category</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id={fid('city')} label="City" error={errors.city}>
              <Input
                id={fid('city')}
                value={form.city}
                maxLength={SERVICE_CITY_MAX}
                autoComplete="address-level2"
                onValueChange={(value) => set('city', value)}
                placeholder="Lisbon"
                {...invalid('city')}
              />
            </FormField>
          </div>

          <div className="grid gap-4 sm:grid-cols-3">
            <FormField id={fid('price')} label="Price" error={errors.price}>
              <div className="relative">
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
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
                  value={form.price}
                  onValueChange={(value) => set('price', value)}
                  placeholder="50"
                  {...invalid('price')}
                />
              </div>
            </FormField>
            <FormField id={fid('pricingUnit')} label="Unit" error={errors.pricingUnit}>
              <NativeSelect
                id={fid('pricingUnit')}
                value={form.pricingUnit}
                onValueChange={(value) => set('pricingUnit', value as FormState['pricingUnit'])}
              >
                {PRICING_UNITS.map((u) => (
                  <option key={u} value={u}>
                    {u}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id={fid('minHours')} label={minHoursLabel(form.pricingUnit)} error={errors.minHours}>
              <Input
                id={fid('minHours')}
                type="number"
                inputMode="numeric"
                min={1}
                max={SERVICE_MIN_HOURS_MAX}
                step={1}
                value={form.minHours}
                onValueChange={(value) => set('minHours', value)}
                {...invalid('minHours')}
              />
            </FormField>
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={fid('locationType')} label="Where it happens" error={errors.locationType}>
              <NativeSelect
                id={fid('locationType')}
                value={form.locationType}
                onValueChange={(value) => set('locationType', value as FormState['locationType'])}
              >
                {LOCATION_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {LOCATION_TYPE_PROVIDER_LABELS[type]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id={fid('locationArea')} label="Area (shown to everyone)" error={errors.locationArea}>
              <Input
                id={fid('locationArea')}
                maxLength={SERVICE_LOCATION_AREA_MAX}
                value={form.locationArea}
                onValueChange={(value) => set('locationArea', value)}
                {...invalid('locationArea')}
              />
            </FormField>
            {needsServiceAddress(form.locationType) && (
              <div className="sm:col-span-2">
                <FormField
                  id={fid('locationAddress')}
                  label="Address (shown to travelers once you accept)"
                  error={errors.locationAddress}
                >
                  <Input
                    id={fid('locationAddress')}
                    required
                    maxLength={SERVICE_LOCATION_ADDRESS_MAX}
                    value={form.locationAddress}
                    onValueChange={(value) => set('locationAddress', value)}
                    {...invalid('locationAddress')}
                  />
                </FormField>
              </div>
            )}
          </div>

          <div className="flex flex-col gap-2">
            <PhotoUploader
              value={form.photos}
              onChange={(urls) => set('photos', urls)}
              max={SERVICE_PHOTOS_MAX}
              onBusyChange={setIsUploading}
              label="Photos (the first is the cover)"
            />
            {errors.photos && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {errors.photos}
              </p>
            )}
          </div>

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSave} aria-busy={save.isPending}>
              {save.isPending && <Spinner decorative />}
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
