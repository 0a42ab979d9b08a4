import { INVALID_DURATION_MESSAGE } from '@contracts';
import { CUSTOM_DURATION, DEFAULT_HISTORY_FILTERS, minDurationOf, pageLabel, statusOf } from './historyFilters';
import { runResultMessage } from './runResult';

describe('history filters', () => {
  it('start on All, all statuses, 50 a page', () => {
    expect(DEFAULT_HISTORY_FILTERS).toMatchObject({ duration: 'All', status: 'all', page: 0, pageSize: 50 });
  });

  it('maps Healthy to true and Unhealthy to false', () => {
    expect(statusOf('all')).toBeUndefined();
    expect(statusOf('healthy')).toBe(true);
    expect(statusOf('unhealthy')).toBe(false);
  });

  it('takes the preset, or the custom text when custom is chosen', () => {
    expect(minDurationOf({ ...DEFAULT_HISTORY_FILTERS, duration: '500ms' })).toEqual({ ok: true, minDurationMs: 500 });
    expect(minDurationOf({ ...DEFAULT_HISTORY_FILTERS, duration: CUSTOM_DURATION, customDuration: '3s' })).toEqual({ ok: true, minDurationMs: 3000 });
    expect(minDurationOf({ ...DEFAULT_HISTORY_FILTERS, duration: CUSTOM_DURATION, customDuration: '3m' })).toEqual({
      ok: false,
      error: INVALID_DURATION_MESSAGE,
    });
  });

  it('labels the page as first–last of total', () => {
    expect(pageLabel(0, 50, 120)).toBe('1–50 of 120');
    expect(pageLabel(2, 50, 120)).toBe('101–120 of 120');
    expect(pageLabel(0, 50, 0)).toBe('0 of 0');
  });
});

describe('Run Now result', () => {
  it('says passed, failed or invalid with the message', () => {
    expect(runResultMessage({ status: true, invalid: false, message: 'HTTP 200', error: null })).toEqual({ intent: 'success', text: 'Check passed: HTTP 200' });
    expect(runResultMessage({ status: false, invalid: false, message: 'HTTP 500', error: 'expected 200' })).toEqual({
      intent: 'error',
      text: 'Check failed: expected 200',
    });
    expect(runResultMessage({ status: false, invalid: true, message: null, error: 'check type not supported' })).toEqual({
      intent: 'error',
      text: 'Check invalid: check type not supported',
    });
    expect(runResultMessage({ status: true, invalid: false, message: null, error: null }).text).toBe('Check passed');
  });
});
