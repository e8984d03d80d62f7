import fs from 'node:fs';
import path from 'node:path';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { REPORT_ACTIONS } from '@shared/domain/reports';
import { messages as ja } from '../../../locales/ja/admin';
import { auditActionWords } from './audit-words';

/** Every action name the server writes to the audit log as a literal (action: '…'). */
function actionsWritten(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (file.endsWith('.ts') && !file.endsWith('.test.ts'))
        for (const m of fs.readFileSync(file, 'utf8').matchAll(/action: '([a-z_]+\.[a-z_]+)'/g)) found.add(m[1]!);
    }
  };
  walk(path.resolve('src/server'));
  return [...found].sort();
}

describe('the audit log’s actions', () => {
  it('every action the server records is worded in the admin’s language', () => {
    const inJapanese = setupI18n({ locale: 'ja', messages: { ja } });
    const actions = [
      ...actionsWritten(),
      'provider.approve',
      'provider.reject',
      'service.activate',
      'service.deactivate',
      'review.hide',
      'message.hide',
      ...REPORT_ACTIONS.map((a) => `report.${a}`),
    ];
    expect(actions).toContain('user.suspend');
    for (const action of actions) expect(auditActionWords(inJapanese, action), action).not.toBe(action);
    expect(auditActionWords(inJapanese, 'user.suspend')).toBe('アカウントを停止');
    expect(auditActionWords(inJapanese, 'something.new')).toBe('something.new');
  });
});
