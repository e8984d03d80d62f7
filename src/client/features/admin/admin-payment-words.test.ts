import { setupI18n } from '@lingui/core';
import { ACCOUNT_SUSPENDED_NOTE, HOLD_LAPSED_REASON } from '@shared/domain/booking-machine';
import { describe, expect, it } from 'vitest';
import { messages as en } from '../../../locales/en/admin';
import { messages as es } from '../../../locales/es/admin';
import { messages as ja } from '../../../locales/ja/admin';
import { messages as th } from '../../../locales/th/admin';
import {
  accountStateWords,
  disputeReasonWords,
  disputeStatusWords,
  heldReasonWords,
  historyNoteWords,
  movementWords,
} from './admin-payment-words';

const i18nOf = (locale: string, messages: typeof ja) => setupI18n({ locale, messages: { [locale]: messages } });

/** Every reason Stripe gives for a dispute (its API reference). */
const STRIPE_REASONS = [
  'bank_cannot_process',
  'check_returned',
  'credit_not_processed',
  'customer_initiated',
  'debit_not_authorized',
  'duplicate',
  'fraudulent',
  'general',
  'incorrect_account_details',
  'insufficient_funds',
  'noncompliant',
  'product_not_received',
  'product_unacceptable',
  'subscription_canceled',
  'unrecognized',
];

describe("the codes of the admin's payment pages", () => {
  it('every dispute reason is worded in the admin’s language, none shown as a raw code', () => {
    const inJapanese = i18nOf('ja', ja);
    expect(disputeReasonWords(inJapanese, 'fraudulent')).toBe('不正利用');
    expect(disputeReasonWords(inJapanese, 'product_not_received')).toBe('商品未受領');
    expect(disputeReasonWords(i18nOf('es', es), 'duplicate')).toBe('Cargo duplicado');
    expect(disputeReasonWords(i18nOf('en', en), 'product_not_received')).toBe('Product not received');
    for (const locale of [i18nOf('en', en), inJapanese, i18nOf('th', th)])
      for (const reason of STRIPE_REASONS) {
        const words = disputeReasonWords(locale, reason);
        expect(words, reason).not.toBe(reason);
        expect(words, reason).not.toMatch(/_/);
      }
  });

  it('a reason, status or movement this version does not know is shown as it is', () => {
    const inJapanese = i18nOf('ja', ja);
    expect(disputeReasonWords(inJapanese, 'some_new_reason')).toBe('some_new_reason');
    expect(disputeReasonWords(inJapanese, 'constructor')).toBe('constructor');
    expect(disputeStatusWords(inJapanese, 'needs_response')).not.toBe('needs_response');
    expect(disputeStatusWords(inJapanese, 'appeal_pending')).toBe('appeal_pending');
    expect(movementWords(i18nOf('th', th), 'refund')).toBe('การคืนเงิน');
    expect(movementWords(i18nOf('th', th), 'stripe:adjustment')).toBe('stripe:adjustment');
  });

  it('a payouts account’s state and why a payout is held, in the admin’s language', () => {
    const inSpanish = i18nOf('es', es);
    expect(accountStateWords(inSpanish, 'details_needed')).toBe('Faltan datos');
    expect(accountStateWords(inSpanish, 'not_set_up')).toBe('Sin configurar');
    expect(heldReasonWords(inSpanish, 'dispute_open')).toBe('Hay una disputa abierta');
    expect(heldReasonWords(i18nOf('ja', ja), 'account_suspended')).toBe('提供者のアカウントが停止中');
    expect(heldReasonWords(inSpanish, 'manual_hold')).toBe('manual_hold');
  });

  it('a booking’s history: the notes Locora wrote in the admin’s language, a typed reason as written', () => {
    const inThai = i18nOf('th', th);
    expect(historyNoteWords(inThai, HOLD_LAPSED_REASON)).toBe('การชำระเงินไม่เสร็จสมบูรณ์');
    expect(historyNoteWords(inThai, ACCOUNT_SUSPENDED_NOTE)).toBe('ยกเลิกโดย Locora เนื่องจากบัญชีหนึ่งในการจองนี้ถูกระงับ');
    expect(historyNoteWords(i18nOf('es', es), 'dispute opened')).toBe('disputa abierta');
    expect(historyNoteWords(inThai, 'Family emergency')).toBe('Family emergency');
  });
});
