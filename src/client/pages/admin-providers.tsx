import { AdminShell } from '@/features/admin/admin-shell';
import { PendingProviders } from '@/features/admin/pending-providers';
import { useDocumentTitle } from '@/lib/document-title';

/** /admin/providers (docs/product.md). */
export function AdminProvidersPage() {
  useDocumentTitle('Provider Verification');
  return (
    <AdminShell
      title="Provider Verification"
      description="Review identity documents and approve or reject providers waiting for verification."
    >
      <PendingProviders />
    </AdminShell>
  );
}
