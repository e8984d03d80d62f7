import { AdminShell } from '@/features/admin/admin-shell';
import { AdminStatCards } from '@/features/admin/admin-stats';
import { AuditLog } from '@/features/admin/audit-log';
import { useDocumentTitle } from '@/lib/document-title';

/** /admin (docs/product.md): the five numbers and the recent admin decisions. */
export function AdminDashboardPage() {
  useDocumentTitle('Admin Dashboard');
  return (
    <AdminShell title="Admin Dashboard" description="Platform statistics and recent admin activity.">
      <AdminStatCards />
      <AuditLog />
    </AdminShell>
  );
}
