import { ExpressionEvaluator } from '@gateway/core/cel';
import { loadConfig } from '@gateway/core/config/app-config';
import { eventMatches } from '@gateway/core/events';
import { filterProblem, FilterError, passesFilter } from './filter';
import { defaultTemplates, markdownToHtml, renderMessage } from './render';
import { eventResourceType, sampleVariables } from './variables';
import { NOTIFICATION_EVENTS } from '@contracts';

const evaluator = new ExpressionEvaluator(loadConfig({}));
afterAll(() => evaluator.onModuleDestroy());

describe('rule matching', () => {
  it('a rule names events exactly, or by a prefix with *', () => {
    expect(eventMatches(['check.failed'], 'check.failed')).toBe(true);
    expect(eventMatches(['check.failed'], 'check.passed')).toBe(false);
    expect(eventMatches(['config.*'], 'config.unhealthy')).toBe(true);
  });
  it('every event a rule may name has a resource kind', () => {
    for (const event of NOTIFICATION_EVENTS) expect(eventResourceType(event)).not.toBeNull();
  });
});

describe('CEL filters', () => {
  it('pass or stop an event on its variables', async () => {
    const variables = sampleVariables('check.failed');
    await expect(passesFilter("check.labels.env == 'prod'", variables, evaluator)).resolves.toBe(true);
    await expect(passesFilter("check.labels.env == 'dev'", variables, evaluator)).resolves.toBe(false);
    await expect(passesFilter('', variables, evaluator)).resolves.toBe(true);
  });
  it('a filter that fails or is not boolean is an error', async () => {
    const variables = sampleVariables('check.failed');
    await expect(passesFilter('check.nmae == 1', variables, evaluator)).rejects.toBeInstanceOf(FilterError);
    await expect(passesFilter('check.name', variables, evaluator)).rejects.toThrow('The filter must answer true or false, not string');
  });
  it('are checked against a sample of each named event', async () => {
    await expect(filterProblem("check.status == 'unhealthy'", ['check.failed', 'check.passed'], evaluator)).resolves.toBeNull();
    await expect(filterProblem("config.type == 'x'", ['config.created', 'check.failed'], evaluator)).resolves.toMatch(/^check\.failed: /);
    await expect(filterProblem('1 +', ['check.failed'], evaluator)).resolves.toMatch(/^The expression /);
    await expect(filterProblem('', ['check.failed'], evaluator)).resolves.toBeNull();
  });
});

describe('rendering', () => {
  it('every event has a default title and body that render on its sample', async () => {
    for (const event of NOTIFICATION_EVENTS) {
      const out = await renderMessage({ title: null, template: null }, event, sampleVariables(event), evaluator);
      expect(out.title).not.toMatch(/\{\{|<no value>/);
      expect(out.title.length).toBeGreaterThan(5);
      expect(out.body).toContain('[Open in the console](https://console.example.com/');
    }
    expect(defaultTemplates('check.failed').title).toBe('Check {{.check.name}} has failed');
  });
  it('a rule’s own title and template, and which field fails', async () => {
    const variables = sampleVariables('check.failed');
    await expect(renderMessage({ title: '{{.check.name}} down', template: 'Canary {{.canary.name}}' }, 'check.failed', variables, evaluator)).resolves.toEqual({
      title: 'payments-api down',
      body: 'Canary payments',
    });
    await expect(renderMessage({ title: 'ok', template: '{{if .check.name}}' }, 'check.failed', variables, evaluator)).rejects.toThrow(/^template: /);
  });
  it('Markdown to HTML keeps raw HTML as text', () => {
    expect(markdownToHtml('**a** <script>x</script>')).toBe('<p><strong>a</strong> &lt;script&gt;x&lt;/script&gt;</p>\n');
  });
});
