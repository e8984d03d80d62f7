import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Each action the audit log records (audit_log.action), as the admin reads it. */
const ACTION_LABELS: Record<string, MessageDescriptor> = {
  'provider.approve': msg`Approved provider`,
  'provider.reject': msg`Rejected provider`,
  'service.activate': msg`Activated service`,
  'service.deactivate': msg`Deactivated service`,
  'service.delete': msg`Deleted service`,
  'category.create': msg`Created category`,
  'category.update': msg`Edited category`,
  'category.delete': msg`Deleted category`,
  'payments.read_stripe_fees': msg`Read Stripe fees`,
  'booking.view_messages': msg`Opened booking messages`,
  'payments.reconcile': msg`Reconciled with Stripe`,
  'payments.explain_difference': msg`Explained a difference with Stripe`,
  'payments.settle_by_hand': msg`Settled a booking by hand`,
  'dispute.submit_evidence': msg`Submitted dispute evidence`,
  'user.suspend': msg`Suspended account`,
  'user.unsuspend': msg`Lifted account suspension`,
  'review.hide': msg`Hid review`,
  'message.hide': msg`Hid message`,
  'report.dismiss': msg`Dismissed report`,
  'report.hide': msg`Report resolved: hidden`,
  'report.deactivate_service': msg`Report resolved: service deactivated`,
  'report.warn': msg`Report resolved: user warned`,
  'report.suspend': msg`Report resolved: account suspended`,
};

/** An audit action in the admin's words and language; one this version does not know, as it is. */
export function auditActionWords(i18n: I18n, action: string): string {
  const words = Object.hasOwn(ACTION_LABELS, action) ? ACTION_LABELS[action] : undefined;
  return words ? i18n._(words) : action;
}
