import { useLingui } from '@lingui/react/macro';
import { AdminShell } from '@/features/admin/admin-shell';
import { PendingProviders } from '@/features/admin/pending-providers';
import { useDocumentTitle } from '@/lib/document-title';

/** /admin/providers (docs/product.md). */
export function AdminProvidersPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Provider Verification`);
  return (
    <AdminShell
      title={t`Provider Verification`}
      description={t`Review identity documents and approve or reject providers waiting for verification.`}
    >
      <PendingProviders />
    </AdminShell>
  );
}
