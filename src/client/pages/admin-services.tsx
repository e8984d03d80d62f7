import { useLingui } from '@lingui/react/macro';
import { AdminShell } from '@/features/admin/admin-shell';
import { ServiceModeration } from '@/features/admin/service-moderation';
import { useDocumentTitle } from '@/lib/document-title';

/** /admin/services (docs/product.md). */
export function AdminServicesPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Service Moderation`);
  return (
    <AdminShell
      title={t`Service Moderation`}
      description={t`Activate, deactivate or delete any service on the marketplace.`}
    >
      <ServiceModeration />
    </AdminShell>
  );
}
