import { AdminShell } from '@/features/admin/admin-shell';
import { ServiceModeration } from '@/features/admin/service-moderation';
import { useDocumentTitle } from '@/lib/document-title';

/** /admin/services (docs/product.md). */
export function AdminServicesPage() {
  useDocumentTitle('Service Moderation');
  return (
    <AdminShell title="Service Moderation" description="Activate, deactivate or delete any service on the marketplace.">
      <ServiceModeration />
    </AdminShell>
  );
}
