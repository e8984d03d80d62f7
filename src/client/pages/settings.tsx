import { Trans, useLingui } from '@lingui/react/macro';
import { Navigate } from 'react-router';
import { LanguageMenu } from '@/components/language-menu';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { EmailCard } from '@/features/auth/email-card';
import { PasswordCard } from '@/features/auth/password-card';
import { ProfileCard } from '@/features/auth/profile-card';
import { SessionsCard } from '@/features/auth/sessions-card';
import { CurrencyCard } from '@/features/currency/currency-card';
import { MessageEmailCard } from '@/features/messages/message-email-card';
import { useAuth } from '@/lib/auth-context';
import { useDocumentTitle } from '@/lib/document-title';
import { useCurrentPath } from '@/lib/sign-in-address';
import { signInPath } from '@shared/domain/return-path';

export function SettingsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Settings`);
  const { user, isLoading } = useAuth();
  const currentPath = useCurrentPath();

  if (isLoading) {
    return (
      <div className="flex flex-1 items-center justify-center py-24">
        <Spinner className="size-8 text-primary" label={t`Loading your account`} />
      </div>
    );
  }
  if (!user) return <Navigate to={signInPath(currentPath)} replace />;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">
          <Trans>Settings</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Trans>Manage your profile, email address, password and signed-in devices.</Trans>
        </p>
      </div>
      <ProfileCard key={user.id} user={user} />
      <Card>
        <CardContent>
          <LanguageMenu showLabel className="justify-between" />
        </CardContent>
      </Card>
      <CurrencyCard />
      <EmailCard />
      <PasswordCard email={user.email} />
      <SessionsCard />
      {user.role !== 'ADMIN' && <MessageEmailCard />}
    </div>
  );
}
