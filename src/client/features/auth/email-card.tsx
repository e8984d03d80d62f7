import { useMutation, useQuery } from '@tanstack/react-query';
import { BadgeCheck, CircleAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { emailStatusQuery, resendVerification } from './email-links-api';

/** Settings: the account's address, whether it is verified, and 'Resend verification email'. */
export function EmailCard() {
  const { data } = useQuery(emailStatusQuery);
  const resend = useMutation({
    mutationFn: resendVerification,
    onSuccess: () =>
      toast({ title: 'Verification email sent', description: `Open the link we sent to ${data?.email ?? 'you'}.` }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Could not send the email',
        description: errorMessage(error, 'Please try again.'),
      }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Email address</h2>
        </CardTitle>
        <CardDescription>We send booking updates, messages and password reset links here.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {data ? (
          <>
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <span className="truncate font-medium">{data.email}</span>
              {data.verified ? (
                <Badge variant="secondary" className="gap-1">
                  <BadgeCheck aria-hidden="true" className="size-3.5" />
                  Verified
                </Badge>
              ) : (
                <Badge variant="outline" className="gap-1">
                  <CircleAlert aria-hidden="true" className="size-3.5" />
                  Not verified
                </Badge>
              )}
            </div>
            {!data.verified && (
              <Button
                variant="outline"
                disabled={resend.isPending}
                aria-busy={resend.isPending}
                onClick={() => resend.mutate()}
              >
                {resend.isPending && <Spinner decorative />}
                Resend verification email
              </Button>
            )}
          </>
        ) : (
          <Skeleton className="h-5 w-72" />
        )}
      </CardContent>
    </Card>
  );
}
