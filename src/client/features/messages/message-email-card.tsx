import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messagePreferencesSchema, type MessagePreferences } from '@shared/api/conversations-responses';
import { Card, CardContent } from '@/components/ui/card';
import { CardDescription, CardHeader, CardTitle } from '@/components/ui/card-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api';
import { Trans, useLingui } from '@lingui/react/macro';

const preferencesKey = ['/api/messages/preferences'] as const;

/** Settings: email me about messages I have not read (decision 017). */
export function MessageEmailCard() {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const { data } = useQuery({
    queryKey: preferencesKey,
    queryFn: async ({ signal }) =>
      messagePreferencesSchema.parse(
        await (await apiRequest('GET', '/api/messages/preferences', undefined, { signal })).json(),
      ),
  });
  // The choice shows at once and a failure puts it back. It is React state set in the change
  // handler: the mutation's own pending state arrives a tick later (TanStack batches it), and React
  // meanwhile restored the controlled box to the saved value, so a click could seem not to take.
  const [choosing, setChoosing] = useState<boolean>();
  const save = useMutation({
    mutationFn: async (next: MessagePreferences) =>
      messagePreferencesSchema.parse(await (await apiRequest('PUT', '/api/messages/preferences', next)).json()),
    onSuccess: (saved) => {
      queryClient.setQueryData(preferencesKey, saved);
      toast({ title: saved.messageEmails ? t`Message emails on` : t`Message emails off` });
    },
    onError: () =>
      toast({ variant: 'destructive', title: t`Could not save your choice`, description: t`Please try again.` }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>
            <Trans>Email notifications</Trans>
          </h2>
        </CardTitle>
        <CardDescription>
          <Trans>When a message waits unread for a few minutes, we email you once per conversation.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {data ? (
          <label className="flex items-center gap-3 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={choosing ?? data.messageEmails}
              disabled={choosing !== undefined}
              onChange={(e) => {
                const next = e.target.checked;
                setChoosing(next);
                save.mutate({ messageEmails: next }, { onSettled: () => setChoosing(undefined) });
              }}
            />
            <Trans>Email me about messages I have not read</Trans>
          </label>
        ) : (
          <Skeleton className="h-5 w-72" />
        )}
      </CardContent>
    </Card>
  );
}
