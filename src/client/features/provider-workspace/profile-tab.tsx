import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, X } from '@/components/icons';
import type { MyProvider } from '@shared/api/providers';
import { KNOWN_LANGUAGES, languageName, MAX_PROFILE_LANGUAGES } from '@shared/domain/languages';
import { NAME_MAX_LENGTH } from '@shared/domain/constants';
import { intlLocale } from '@shared/domain/locales';
import { PROFILE_BIO_MAX, PROFILE_CITY_MAX } from '@shared/domain/service-limits';
import { FormField } from '@/components/form-field';
import { PhotoUploader } from '@/components/photo-uploader';
import { TimeZoneSelect } from '@/components/time-zone-select';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth-context';
import { detectProviderTimeZone } from '@/lib/time-zone';
import { useLocale } from '@/lib/locale';
import { CurrencyField } from './currency-field';
import { fieldErrorsOf } from './field-errors';
import { Textarea } from '@/components/ui/textarea';
import { Trans, useLingui } from '@lingui/react/macro';
import { invalidateAfterProfileChange, refetchCurrentUser, updateMyProviderRequest } from './workspace-api';

const FIELDS = ['displayName', 'bio', 'baseCity', 'languages', 'timeZone', 'avatar', 'currency'] as const;
type Field = (typeof FIELDS)[number];

/** The provider's public profile, edited in place; the public page shows the changes at once. */
export function ProfileTab({ provider }: { provider: MyProvider }) {
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  const { t } = useLingui();
  const locale = useLocale();
  const id = useId();
  const [displayName, setDisplayName] = useState(provider.displayName);
  const [bio, setBio] = useState(provider.bio ?? '');
  const [baseCity, setBaseCity] = useState(provider.baseCity ?? '');
  const [languages, setLanguages] = useState<string[]>(provider.languages);
  const [timeZone, setTimeZone] = useState(provider.timeZone || detectProviderTimeZone() || '');
  const [avatar, setAvatar] = useState<string[]>(provider.avatar ? [provider.avatar] : []);
  const [currency, setCurrency] = useState(provider.currency);
  const [isUploading, setIsUploading] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const save = useMutation({
    mutationFn: () =>
      updateMyProviderRequest({
        displayName,
        bio,
        baseCity,
        languages,
        timeZone,
        avatar: avatar[0] ?? null,
        // Sent only when chosen: it can change only while nothing is in flight (a 409 says why).
        ...(currency !== provider.currency ? { currency } : {}),
      }),
    onSuccess: (next) => {
      queryClient.setQueryData(['/api/provider/me'], next);
      invalidateAfterProfileChange(queryClient);
      // A first profile photo is also the account's: the header's avatar shows it at once.
      refetchCurrentUser().then(updateUser, () => undefined);
      setErrors({});
      toast({ title: t`Profile updated`, description: t`Your public profile shows the changes.` });
    },
    onError: (error) => {
      const fieldErrors = fieldErrorsOf(error, FIELDS);
      const message = error instanceof ApiError && error.status === 400 ? error.body?.message : undefined;
      if (message && /upload|picture/i.test(message) && !fieldErrors.avatar) fieldErrors.avatar = message;
      const conflict = error instanceof ApiError && error.status === 409 ? error.body?.message : undefined;
      if (conflict && currency !== provider.currency) fieldErrors.currency = conflict;
      setErrors(fieldErrors);
      toast({
        variant: 'destructive',
        title: t`Failed to update profile`,
        description: message ?? conflict ?? t`Please try again later.`,
      });
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isUploading) save.mutate();
  }

  const fid = (name: Field) => `${id}-${name}`;
  const invalid = (name: Field) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${fid(name)}-error` } : {};
  // The choices by their names in the reader's language, in its alphabetical order.
  const collator = new Intl.Collator(intlLocale(locale));
  const available = KNOWN_LANGUAGES.filter((l) => !languages.includes(l))
    .map((l) => ({ value: l, label: languageName(l, locale) }))
    .sort((a, b) => collator.compare(a.label, b.label));

  return (
    <section aria-labelledby="profile-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="profile-heading" className="text-xl font-semibold">
          <Trans>Public profile</Trans>
        </h2>
        <Button asChild variant="outline" size="sm">
          <Link to={`/provider/${provider.userId}`}>
            <ExternalLink aria-hidden="true" />
            <Trans>View public profile</Trans>
          </Link>
        </Button>
      </div>
      <form onSubmit={handleSubmit} className="flex max-w-2xl flex-col gap-5" noValidate>
        <div className="flex flex-col gap-2">
          <PhotoUploader value={avatar} onChange={setAvatar} max={1} onBusyChange={setIsUploading} label={t`Avatar`} />
          {errors.avatar && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors.avatar}
            </p>
          )}
        </div>
        <FormField id={fid('displayName')} label={t`Display name`} error={errors.displayName}>
          <Input
            id={fid('displayName')}
            value={displayName}
            maxLength={NAME_MAX_LENGTH}
            required
            onValueChange={(value) => setDisplayName(value)}
            {...invalid('displayName')}
          />
        </FormField>
        <FormField id={fid('bio')} label={t`Bio`} error={errors.bio}>
          <Textarea
            id={fid('bio')}
            rows={5}
            value={bio}
            maxLength={PROFILE_BIO_MAX}
            onValueChange={(value) => setBio(value)}
            placeholder={t`Who you are, your experience, what travelers can expect`}
            {...invalid('bio')}
          />
        </FormField>
        <FormField id={fid('baseCity')} label={t`Base city`} error={errors.baseCity}>
          <Input
            id={fid('baseCity')}
            value={baseCity}
            maxLength={PROFILE_CITY_MAX}
            autoComplete="address-level2"
            onValueChange={(value) => setBaseCity(value)}
            {...invalid('baseCity')}
          />
        </FormField>
        <FormField id={fid('languages')} label={t`Languages`} error={errors.languages}>
          {languages.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label={t`Languages you speak`}>
              {languages.map((l) => {
                const language = languageName(l, locale);
                return (
                  <li key={l}>
                    <Badge variant="soft" className="gap-1 py-1 pr-1 text-sm">
                      {language}
                      <button
                        type="button"
                        className="cursor-pointer rounded-sm p-0.5 hover:bg-background/60 focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
                        aria-label={t`Remove ${language}`}
                        onClick={() => setLanguages((list) => list.filter((x) => x !== l))}
                      >
                        <X className="size-3" aria-hidden="true" />
                      </button>
                    </Badge>
                  </li>
                );
              })}
            </ul>
          )}
          <NativeSelect
            id={fid('languages')}
            value=""
            disabled={languages.length >= MAX_PROFILE_LANGUAGES}
            onChange={(e) => e.target.value && setLanguages((list) => [...list, e.target.value])}
            {...invalid('languages')}
          >
            <option value="">{t`Add a language…`}</option>
            {available.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <div className="flex flex-col gap-1">
          <TimeZoneSelect
            value={timeZone}
            onChange={setTimeZone}
            required
            description={t`Your availability and bookings are shown in this zone.`}
          />
          {errors.timeZone && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors.timeZone}
            </p>
          )}
        </div>
        <CurrencyField
          id={fid('currency')}
          provider={provider}
          value={currency}
          onChange={setCurrency}
          error={errors.currency}
        />
        <div>
          <Button
            type="submit"
            disabled={save.isPending || isUploading || !displayName.trim() || !timeZone}
            aria-busy={save.isPending}
          >
            {save.isPending && <Spinner decorative />}
            {save.isPending ? <Trans>Saving...</Trans> : <Trans>Save profile</Trans>}
          </Button>
        </div>
      </form>
    </section>
  );
}
