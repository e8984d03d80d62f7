import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category } from '@shared/api/catalog-responses';
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
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { invalidateAfterAdminChange, updateCategoryRequest } from './admin-api';

/** Edit a category's name and icon (its slug is in addresses and stays). */
export function EditCategoryDialog({ category, onClose }: { category: Category; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const slug = category.slug;
  const [name, setName] = useState(category.name);
  const [icon, setIcon] = useState(category.icon ?? '');
  const [error, setError] = useState<string | undefined>();

  const save = useMutation({
    mutationFn: () => updateCategoryRequest(category.id, { name: name.trim(), icon: icon.trim() || null }),
    onSuccess: () => {
      invalidateAfterAdminChange(queryClient);
      onClose();
      toast({ title: t`Category updated` });
    },
    onError: (e) =>
      toast({
        variant: 'destructive',
        title: t`Failed to update category`,
        description: errorMessage(e, t`Please try again.`),
      }),
  });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!name.trim()) return setError(t`Name is required`);
    setError(undefined);
    save.mutate();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>
              <Trans>Edit category</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>
                Its slug, <span className="font-mono">{slug}</span>, stays: links to it keep working.
              </Trans>
            </DialogDescription>
          </DialogHeader>
          <FormField id="edit-category-name" label={t`Name`} error={error}>
            <Input
              id="edit-category-name"
              required
              value={name}
              maxLength={60}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'edit-category-name-error' : undefined}
              onChange={(e) => setName(e.target.value)}
            />
          </FormField>
          <FormField id="edit-category-icon" label={t`Icon (optional)`}>
            <Input
              id="edit-category-icon"
              value={icon}
              maxLength={40}
              aria-describedby="edit-category-icon-help"
              onChange={(e) => setIcon(e.target.value)}
            />
            <p id="edit-category-icon-help" className="text-xs text-muted-foreground">
              <Trans>An emoji or an icon name; empty for none</Trans>
            </p>
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Spinner decorative />}
              <Trans>Save</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
