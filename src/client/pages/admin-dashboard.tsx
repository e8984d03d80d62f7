import { useLingui } from '@lingui/react/macro';
import { AdminShell } from '@/features/admin/admin-shell';
import { AdminStatCards } from '@/features/admin/admin-stats';
import { AuditLog } from '@/features/admin/audit-log';
import { useDocumentTitle } from '@/lib/document-title';

/** /admin (docs/product.md): the five numbers and the recent admin decisions. */
export function AdminDashboardPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Admin Dashboard`);
  return (
    <AdminShell title={t`Admin Dashboard`} description={t`Platform statistics and recent admin activity.`}>
      <AdminStatCards />
      <AuditLog />
    </AdminShell>
  );
}
