import { randomUUID } from 'node:crypto';
import { msg } from '@lingui/core/macro';
import { describe, expect, it } from 'vitest';
import { BLANK_PASSWORD_MESSAGE, HOSTILE_NAME_MESSAGE, nameSchema } from '../../shared/api/auth.ts';
import { createReviewSchema } from '../../shared/api/bookings.ts';
import { addCalendarSchema } from '../../shared/api/calendars.ts';
import { sendMessageSchema } from '../../shared/api/conversations.ts';
import { serviceMinHoursSchema, serviceTitleSchema } from '../../shared/api/provider-workspace.ts';
import { answerSchema } from '../../shared/api/trust.ts';
import {
  END_AFTER_START_MESSAGE,
  HALF_HOUR_MESSAGE,
  IN_THE_PAST_MESSAGE as AVAILABILITY_IN_THE_PAST_MESSAGE,
  RANGE_TOO_WIDE_MESSAGE,
  SELECT_DAY_MESSAGE,
  TOO_FAR_AHEAD_MESSAGE,
  TOO_LONG_MESSAGE,
  TOO_MANY_OCCURRENCES_MESSAGE,
} from '../../shared/domain/availability.ts';
import { SLOT_TAKEN_MESSAGE } from '../../shared/domain/booking-lifecycle.ts';
import {
  CARD_NOT_AUTHORISED_MESSAGE,
  CARD_PAYMENTS_OFF_MESSAGE,
  wrongTransitionMessage,
} from '../../shared/domain/booking-machine.ts';
import { PROVIDER_NOT_ACCEPTING_MESSAGE } from '../../shared/domain/connect.ts';
import { SUSPENDED_SIGN_IN_MESSAGE } from '../../shared/domain/google-sign-in.ts';
import {
  ANSWER_LOCKED_MESSAGE,
  NOT_PUBLISHED_MESSAGE,
  REVIEW_WINDOW_CLOSED_MESSAGE,
} from '../../shared/domain/reviews.ts';
import { SERVICE_ADDRESS_REQUIRED, TRAVELER_ADDRESS_REQUIRED } from '../../shared/domain/service-location.ts';
import { ID_DOCUMENT_TOO_LARGE_MESSAGE } from '../features/admin/id-documents.ts';
import { RESET_LINK_ERRORS, VERIFY_LINK_ERRORS } from '../features/auth/email-links.ts';
import { UNSUPPORTED_IMAGE_MESSAGE, UPLOAD_TOO_LARGE_MESSAGE } from '../storage/images.ts';
import { signUp, uniqueIp, useTestApp } from '../test/test-app.ts';
import { isKnownApiMessage, localized, localizeApiMessage } from './api-messages.ts';
import { AppError } from './errors.ts';

const t = useTestApp();

describe('the API’s messages in the asker’s language', () => {
  it('answers a wrong password in the language of the page (X-Locale), its code in English', async () => {
    const { email } = await signUp(t.app);
    const login = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: uniqueIp(),
        headers,
        payload: { email, password: 'not the password' },
      });
    const ja = await login({ 'x-locale': 'ja' });
    expect(ja.statusCode).toBe(401);
    expect(ja.json()).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'メールアドレスまたはパスワードが正しくありません。',
    });
    // Without X-Locale, the browser's Accept-Language; English when it asks for none of ours.
    expect((await login({ 'accept-language': 'pt-BR,pt;q=0.9' })).json().message).toBe('E-mail ou senha incorretos.');
    expect((await login({ 'accept-language': 'de-DE' })).json().message).toBe('Invalid email or password.');
    expect((await login({})).json().message).toBe('Invalid email or password.');
  });

  it('maps a validation message (zod) to the asker’s language, in the message and its details', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: uniqueIp(),
      headers: { 'x-locale': 'th' },
      payload: { email: 'not an address', password: 'correct horse battery', name: 'Somchai', role: 'TRAVELER' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; message: string; details: { path: string; message: string }[] }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toBe('กรอกอีเมลที่ถูกต้อง');
    expect(body.details).toContainEqual({ path: 'body.email', message: 'กรอกอีเมลที่ถูกต้อง' });
  });
});

describe('the messages src/shared writes in English, in every reader’s language', () => {
  // Each constant the API sends from src/shared, as the code writes it.
  const SHARED = [
    TRAVELER_ADDRESS_REQUIRED,
    SERVICE_ADDRESS_REQUIRED,
    SLOT_TAKEN_MESSAGE,
    SUSPENDED_SIGN_IN_MESSAGE,
    PROVIDER_NOT_ACCEPTING_MESSAGE,
    CARD_NOT_AUTHORISED_MESSAGE,
    CARD_PAYMENTS_OFF_MESSAGE,
    REVIEW_WINDOW_CLOSED_MESSAGE,
    ANSWER_LOCKED_MESSAGE,
    NOT_PUBLISHED_MESSAGE,
    END_AFTER_START_MESSAGE,
    SELECT_DAY_MESSAGE,
    AVAILABILITY_IN_THE_PAST_MESSAGE,
    TOO_FAR_AHEAD_MESSAGE,
    TOO_LONG_MESSAGE,
    HALF_HOUR_MESSAGE,
    TOO_MANY_OCCURRENCES_MESSAGE,
    RANGE_TOO_WIDE_MESSAGE,
    HOSTILE_NAME_MESSAGE,
    BLANK_PASSWORD_MESSAGE,
  ];

  it('knows each one, and a Japanese reader gets Japanese', () => {
    for (const message of SHARED) {
      expect(isKnownApiMessage(message), message).toBe(true);
      const ja = localizeApiMessage(message, 'ja');
      expect(ja, message).not.toBe(message);
      expect(ja, message).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(localizeApiMessage(message, 'en')).toBe(message);
    }
    expect(localizeApiMessage(TRAVELER_ADDRESS_REQUIRED, 'ja')).toBe('サービスを行う住所を入力してください');
    expect(localizeApiMessage(SUSPENDED_SIGN_IN_MESSAGE, 'pt-BR')).toMatch(/^Esta conta está suspensa/);
  });

  it('knows the limits the shared schemas write with their constants (the English stays the schema’s)', () => {
    const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
      result.error?.issues[0]?.message ?? '';
    const written = [
      firstMessage(createReviewSchema.safeParse({ bookingId: randomUUID(), rating: 5, text: 'x'.repeat(5000) })),
      firstMessage(createReviewSchema.safeParse({ bookingId: randomUUID(), rating: 9, text: 'Fine' })),
      firstMessage(answerSchema.safeParse({ text: 'x'.repeat(5000) })),
      firstMessage(sendMessageSchema.safeParse({ body: 'x'.repeat(5000) })),
      firstMessage(addCalendarSchema.safeParse({ name: 'x'.repeat(100), url: 'https://x.test/a.ics' })),
      firstMessage(addCalendarSchema.safeParse({ name: 'Work', url: 'ftp://x.test/a.ics' })),
      firstMessage(serviceTitleSchema.safeParse('ab')),
      firstMessage(serviceTitleSchema.safeParse('x'.repeat(500))),
      firstMessage(serviceMinHoursSchema.safeParse(99)),
      firstMessage(nameSchema.safeParse('x'.repeat(500))),
    ];
    for (const message of written) {
      expect(isKnownApiMessage(message), message).toBe(true);
      expect(localizeApiMessage(message, 'ja'), message).not.toBe(message);
    }
    expect(localizeApiMessage(firstMessage(serviceTitleSchema.safeParse('ab')), 'th')).toBe(
      'ชื่อบริการต้องยาวอย่างน้อย 3 ตัวอักษร',
    );
  });

  it('knows what accounts, conversations, payouts, uploads and the database’s refusals say', () => {
    const english = [
      'Create your provider profile first.',
      'Account not found.',
      'Only travelers can message a provider about a service.',
      'You have already reported this. We will look into it.',
      'Too many requests. Please wait a moment and try again.',
      'Your payouts account is not active yet: finish setting it up first.',
      'The document must be a JPEG or PNG image or a PDF file.',
      'The service is briefly unavailable. Please try again in a few seconds.',
      'You have already reviewed this booking',
      'You already have an open conversation about this service.',
      ...Object.values(VERIFY_LINK_ERRORS),
      ...Object.values(RESET_LINK_ERRORS),
      UNSUPPORTED_IMAGE_MESSAGE,
      UPLOAD_TOO_LARGE_MESSAGE,
      ID_DOCUMENT_TOO_LARGE_MESSAGE,
    ];
    for (const message of english) {
      expect(isKnownApiMessage(message), message).toBe(true);
      expect(localizeApiMessage(message, 'ja'), message).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    }
    expect(localizeApiMessage('Create your provider profile first.', 'ja')).toBe(
      '先に提供者プロフィールを作成してください。',
    );
    expect(localizeApiMessage(VERIFY_LINK_ERRORS.expired, 'ja')).toBe(
      'この確認リンクは有効期限が切れています。設定画面から新しいリンクを送信してください。',
    );
    expect(localizeApiMessage(UPLOAD_TOO_LARGE_MESSAGE, 'pt-BR')).toBe('A imagem deve ter no máximo 10 MB.');
    expect(localizeApiMessage('You already have an open conversation about this service.', 'pt-BR')).toBe(
      'Você já tem uma conversa aberta sobre este serviço.',
    );
  });

  it('says why a booking cannot move with its status in the reader’s words', () => {
    expect(localizeApiMessage(wrongTransitionMessage('accept', 'CONFIRMED'), 'ja')).toBe(
      'この予約は承認できません（状態：確定）',
    );
    expect(localizeApiMessage(`${wrongTransitionMessage('cancel', 'PAID')} and has already started.`, 'es')).toBe(
      'No se puede cancelar esta reserva: su estado es Pagada y ya ha empezado.',
    );
  });

  it('writes a message with its values in each reader’s language, English in the logs', () => {
    const minHours = 3;
    const words = localized((i18n) => i18n._(msg`This service is booked for a minimum of ${minHours} hour(s)`));
    expect(words.english).toBe('This service is booked for a minimum of 3 hour(s)');
    expect(words.in('ja')).toBe('このサービスは最低 3 時間からのご予約です');
    expect(new AppError('BAD_REQUEST', words).message).toBe(words.english);
  });
});
