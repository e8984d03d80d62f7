import { describe, expect, it } from 'vitest';
import { paymentDates } from './payment-dates';

const at = '2026-11-29T13:05:00Z';

describe('the payments page’s dates', () => {
  it('are in the admin’s language and on their clock, with the zone named', () => {
    const ja = paymentDates('ja', 'Asia/Tokyo', new Date(at));
    expect([ja.day(at), ja.at(at), ja.zone]).toEqual(['2026/11/29', '2026/11/29 22:05', '日本標準時 (UTC+9)']);
    const ptBR = paymentDates('pt-BR', 'America/Sao_Paulo', new Date(at));
    expect([ptBR.day(at), ptBR.at(at), ptBR.zone]).toEqual([
      '29 de nov. de 2026',
      '29 de nov. de 2026, 10:05',
      'Horário Padrão de Brasília (UTC−3)',
    ]);
  });

  it('in English too, on the admin’s clock (the day can differ from UTC’s)', () => {
    const en = paymentDates('en', 'Pacific/Kiritimati', new Date(at));
    expect([en.day(at), en.at(at)]).toEqual(['Nov 30, 2026', 'Nov 30, 2026, 3:05 AM']);
  });
});
