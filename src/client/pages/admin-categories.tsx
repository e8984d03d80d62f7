import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { AdminShell } from '@/features/admin/admin-shell';
import { CategoryManagement } from '@/features/admin/category-management';
import { categoriesQuery } from '@/features/catalog/catalog-api';
import { useDocumentTitle } from '@/lib/document-title';

function Categories() {
  const categories = useQuery(categoriesQuery);
  return <CategoryManagement categories={categories} />;
}

/** /admin/categories (docs/product.md). */
export function AdminCategoriesPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Category Management`);
  return (
    <AdminShell title={t`Category Management`} description={t`Add categories, or delete ones no service uses.`}>
      <Categories />
    </AdminShell>
  );
}
