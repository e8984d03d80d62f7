import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Camera, Trash2, Upload } from '@/components/icons';
import type { User } from '@shared/api/auth';
import { AVATAR_MAX_BYTES, NAME_MAX_LENGTH } from '@shared/domain/constants';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CardDescription, CardHeader, CardTitle } from '@/components/ui/card-parts';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Separator } from '@/components/ui/separator';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { usePhotoFileProblem } from '@/lib/photo-words';
import { PHOTO_ACCEPT } from '@/lib/upload-photo';
import { useAuth } from '@/lib/auth-context';
import { removeAvatar, updateProfile, uploadAvatar } from './account-api';
import { useRoleLabel } from '@/lib/role-words';
import { UserAvatar } from '@/components/user-avatar';

function AvatarSection({ user }: { user: User }) {
  const { updateUser } = useAuth();
  const { t } = useLingui();
  const avatarProblem = usePhotoFileProblem();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [choice, setChoice] = useState<{ file: File; previewUrl: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const file = choice?.file ?? null;
  const previewUrl = choice?.previewUrl ?? null;

  // Release the preview's object URL when it is replaced or the section unmounts.
  useEffect(() => {
    if (!choice) return;
    return () => URL.revokeObjectURL(choice.previewUrl);
  }, [choice]);

  function resetChoice() {
    setChoice(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  const upload = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (next) => {
      updateUser(next);
      resetChoice();
      toast({ title: t`Profile photo updated`, description: t`Your new photo is now visible.` });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: t`Failed to update photo`,
        description: errorMessage(error, t`Please try again later.`),
      });
    },
  });

  const remove = useMutation({
    mutationFn: removeAvatar,
    onSuccess: (next) => {
      updateUser(next);
      toast({ title: t`Profile photo removed` });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: t`Failed to remove photo`,
        description: errorMessage(error, t`Please try again later.`),
      });
    },
  });

  function handleChoose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    // The same check as service photos get, before the avatar is sent.
    const issue = avatarProblem(chosen);
    setProblem(issue);
    if (issue) {
      resetChoice();
      return;
    }
    setChoice({ file: chosen, previewUrl: URL.createObjectURL(chosen) });
  }

  const isBusy = upload.isPending || remove.isPending;
  const fileName = file?.name ?? '';
  const maxMb = AVATAR_MAX_BYTES / (1024 * 1024);

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <UserAvatar
        user={user}
        src={previewUrl ?? user.image}
        className="size-20 border-2 border-background shadow-md ring-1 ring-border"
        fallbackClassName="text-2xl"
      />
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium">
          <Trans>Profile photo</Trans>
        </p>
        <input
          ref={inputRef}
          id="avatar-file"
          type="file"
          accept={PHOTO_ACCEPT}
          className="sr-only"
          aria-describedby={hintId}
          onChange={handleChoose}
          disabled={isBusy}
        />
        {file ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => upload.mutate(file)} disabled={isBusy} aria-busy={upload.isPending}>
              {upload.isPending ? <Spinner decorative /> : <Upload aria-hidden="true" />}
              <Trans>Save photo</Trans>
            </Button>
            <Button size="sm" variant="ghost" onClick={resetChoice} disabled={isBusy}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" asChild>
              <label htmlFor="avatar-file" className={isBusy ? 'pointer-events-none opacity-50' : undefined}>
                <Camera aria-hidden="true" />
                {user.image ? t`Change photo` : t`Upload photo`}
              </label>
            </Button>
            {user.image && (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => remove.mutate()}
                disabled={isBusy}
                aria-busy={remove.isPending}
              >
                {remove.isPending ? <Spinner decorative /> : <Trash2 aria-hidden="true" />}
                <Trans>Remove photo</Trans>
              </Button>
            )}
          </div>
        )}
        <p id={hintId} className="text-xs text-muted-foreground">
          {file
            ? t`Preview of ${fileName}. Save it to use it as your photo.`
            : t`JPEG, PNG, WebP or HEIC, up to ${maxMb} MB.`}
        </p>
        {problem && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}

function NameForm({ user }: { user: User }) {
  const { updateUser } = useAuth();
  const roleLabel = useRoleLabel();
  const { t } = useLingui();
  const [name, setName] = useState(user.name ?? '');
  const trimmed = name.trim();
  const isUnchanged = trimmed === (user.name ?? '');
  const roleName = roleLabel(user.role);

  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: (next) => {
      updateUser(next);
      setName(next.name ?? '');
      toast({ title: t`Profile updated`, description: t`Your name has been saved.` });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: t`Failed to update profile`,
        description: errorMessage(error, t`Please try again later.`),
      });
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!trimmed || isUnchanged || save.isPending) return;
    save.mutate({ name: trimmed });
  }

  return (
    <form onSubmit={handleSubmit} className="grid gap-4 sm:grid-cols-2">
      <div className="flex flex-col gap-2">
        <Label htmlFor="settings-name">
          <Trans>Full Name</Trans>
        </Label>
        <Input
          id="settings-name"
          name="name"
          autoComplete="name"
          required
          maxLength={NAME_MAX_LENGTH}
          value={name}
          onValueChange={(value) => setName(value)}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="settings-email">
          <Trans>Email</Trans>
        </Label>
        <Input
          id="settings-email"
          type="email"
          value={user.email}
          readOnly
          aria-readonly="true"
          className="bg-muted/60"
        />
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <Button type="submit" disabled={!trimmed || isUnchanged || save.isPending} aria-busy={save.isPending}>
          {save.isPending && <Spinner decorative />}
          <Trans>Save changes</Trans>
        </Button>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Account type: <span className="font-medium text-foreground">{roleName}</span>
          </Trans>
        </p>
      </div>
    </form>
  );
}

export function ProfileCard({ user }: { user: User }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>
            <Trans>Profile</Trans>
          </h2>
        </CardTitle>
        <CardDescription>
          <Trans>How providers and travelers see you on Locora.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <AvatarSection user={user} />
        <Separator />
        <NameForm user={user} />
      </CardContent>
    </Card>
  );
}
