import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { FolderTree, Pencil, Plus, Trash2 } from '@/components/icons';
import type { Category } from '@shared/api/catalog-responses';
import { FormField } from '@/components/form-field';
import { InlineLoadFailed } from '@/components/load-failed';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { categoryIconGlyph } from '@/lib/format';
import { createCategoryRequest, deleteCategoryRequest, invalidateAfterAdminChange } from './admin-api';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EditCategoryDialog } from './edit-category-dialog';

const SLUG_RE = /^[a-z0-9-]{2,40}$/;

function AddCategoryForm() {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [icon, setIcon] = useState('');
  const [errors, setErrors] = useState<{ name?: string; slug?: string }>({});

  const create = useMutation({
    mutationFn: () =>
      createCategoryRequest({ name: name.trim(), slug: slug.trim(), ...(icon.trim() ? { icon: icon.trim() } : {}) }),
    onSuccess: () => {
      invalidateAfterAdminChange(queryClient);
      setName('');
      setSlug('');
      setIcon('');
      setErrors({});
      toast({ title: t`Category created` });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t`Failed to create category`,
        description: errorMessage(error, t`Please try again.`),
      }),
  });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const next: { name?: string; slug?: string } = {};
    if (!name.trim()) next.name = t`Name is required`;
    if (!slug.trim()) next.slug = t`Slug is required`;
    else if (!SLUG_RE.test(slug.trim())) next.slug = t`Slug must be 2 to 40 lower-case letters, digits or dashes`;
    setErrors(next);
    if (next.name || next.slug) return;
    create.mutate();
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="add-category-heading"
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
    >
      <h2 id="add-category-heading" className="text-xl font-semibold">
        <Trans>Add Category</Trans>
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        <FormField id="category-name" label={t`Name`} error={errors.name}>
          <Input
            id="category-name"
            required
            value={name}
            maxLength={60}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? 'category-name-error' : undefined}
            onValueChange={(value) => setName(value)}
            placeholder={t`e.g. Surf Lessons`}
          />
        </FormField>
        <FormField id="category-slug" label={t`Slug`} error={errors.slug}>
          <Input
            id="category-slug"
            required
            value={slug}
            maxLength={40}
            aria-invalid={errors.slug ? true : undefined}
            aria-describedby={errors.slug ? 'category-slug-error' : 'category-slug-help'}
            onValueChange={(value) => setSlug(value)}
            placeholder={t`e.g. surf-lessons`}
          />
          {!errors.slug && (
            <p id="category-slug-help" className="text-xs text-muted-foreground">
              <Trans>Lower-case letters, digits and dashes</Trans>
            </p>
          )}
        </FormField>
        <FormField id="category-icon" label={t`Icon (optional)`}>
          <Input
            id="category-icon"
            value={icon}
            maxLength={40}
            aria-describedby="category-icon-help"
            onValueChange={(value) => setIcon(value)}
            placeholder={t`e.g. 🏄 or waves`}
          />
          <p id="category-icon-help" className="text-xs text-muted-foreground">
            <Trans>An emoji or an icon name</Trans>
          </p>
        </FormField>
      </div>
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Spinner decorative /> : <Plus aria-hidden="true" />}
          <Trans>Add Category</Trans>
        </Button>
      </div>
    </form>
  );
}

/**
 * /admin/categories: the add form and the list with delete (docs/product.md). The list is the
 * public one (GET /api/categories), which the page reads with the catalog's query.
 */
export function CategoryManagement({ categories }: { categories: UseQueryResult<Category[]> }) {
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<Category | null>(null);
  const [editing, setEditing] = useState<Category | null>(null);
  const { t } = useLingui();
  const deletingName = deleting?.name ?? '';

  const remove = useMutation({
    mutationFn: (id: string) => deleteCategoryRequest(id),
    onSuccess: () => {
      invalidateAfterAdminChange(queryClient);
      setDeleting(null);
      toast({ title: t`Category deleted` });
    },
    onError: (error) => {
      setDeleting(null);
      toast({
        variant: 'destructive',
        title: t`Failed to delete category`,
        description: errorMessage(error, t`Please try again.`),
      });
    },
  });

  return (
    <div className="flex flex-col gap-6">
      <AddCategoryForm />
      <section aria-labelledby="categories-heading" className="flex flex-col gap-3">
        <h2 id="categories-heading" className="text-xl font-semibold">
          <Trans>Categories</Trans>
        </h2>
        {categories.isError ? (
          <InlineLoadFailed what={t`the categories`} onRetry={() => void categories.refetch()} />
        ) : categories.isPending ? (
          <div className="flex flex-col gap-2" aria-busy="true" aria-label={t`Loading categories`}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : categories.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-12 text-center">
            <FolderTree className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="text-lg font-medium">
              <Trans>No categories yet</Trans>
            </p>
          </div>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="admin-categories">
            {categories.data.map((c) => {
              const name = c.name;
              return (
                <li key={c.id} className="flex items-center gap-3 rounded-xl border bg-card p-3 shadow-sm">
                  <span
                    className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-lg text-accent-foreground"
                    aria-hidden="true"
                  >
                    {categoryIconGlyph(c.icon) ?? <FolderTree className="size-5" />}
                  </span>
                  <div className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate font-medium">{c.name}</span>
                    <span className="truncate text-xs text-muted-foreground">
                      {c.slug}
                      {c.icon && !categoryIconGlyph(c.icon) ? ` · ${c.icon}` : ''}
                    </span>
                  </div>
                  <Button size="icon" variant="ghost" onClick={() => setEditing(c)} aria-label={t`Edit ${name}`}>
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                    onClick={() => setDeleting(c)}
                    aria-label={t`Delete ${name}`}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {editing && <EditCategoryDialog key={editing.id} category={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t`Delete category "${deletingName}"?`}
        confirmLabel={t`Delete`}
        isPending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </div>
  );
}
