import type { PlaybookScope } from '@contracts';
import { ExpressionEvaluator } from '@gateway/core/cel';
import { condition, isCodeField, readsRunData, renderBody, renderText, TemplateError } from './templates';

const scope: PlaybookScope = {
  params: { reason: 'deploy', replicas: '3' },
  config: { id: 'c1', name: 'checkout', type: 'Shop::Service', labels: { app: 'shop' }, config: { replicas: 3 } },
  playbook: { id: 'p1', name: 'restart', title: 'Restart' },
  run: { id: 'r1', created_by: null },
  actions: { first: { status: 'completed', result: { code: 200 }, error: null } },
};

describe('playbook templates', () => {
  const evaluator = new ExpressionEvaluator({ expressions: { timeoutMs: 5000, workers: 1 } });
  afterAll(() => evaluator.onModuleDestroy());

  it('renders Go templates in every string of a body, keeps other values, and evaluates whole-value $(CEL)', async () => {
    const body = {
      url: 'http://svc/{{ .config.name }}/scale?to={{ .params.replicas }}',
      headers: { 'X-Reason': '{{ .params.reason }}', 'X-App': '{{ .config.labels.app }}' },
      count: '$(int(params.replicas) * 2)',
      list: ['{{ .actions.first.result.code }}', 7, true],
      plain: 'no template',
      mixed: 'cost $(not expanded)',
    };
    expect(await renderBody(body, scope, evaluator)).toEqual({
      url: 'http://svc/checkout/scale?to=3',
      headers: { 'X-Reason': 'deploy', 'X-App': 'shop' },
      count: 6,
      list: ['200', 7, true],
      plain: 'no template',
      mixed: 'cost $(not expanded)',
    });
  });

  it('leaves $(...) alone in code fields, including every item of a list with [*]', async () => {
    const rendered = await renderBody({ script: '$(date)', files: [{ content: '$(keep)' }, { content: '$(also)' }], other: "$('x')" }, scope, evaluator, [
      'script',
      'files[*].content',
    ]);
    expect(rendered).toEqual({ script: '$(date)', files: [{ content: '$(keep)' }, { content: '$(also)' }], other: 'x' });
    expect(isCodeField(['files[*].content'], 'files[12].content')).toBe(true);
    expect(isCodeField(['script'], 'scripts')).toBe(false);
  });

  it("keeps literal fields exactly as written, and tells which of them read the run's data", async () => {
    const rendered = await renderBody(
      { script: 'echo {{ .params.reason }} $(date)', env: [{ name: 'R', value: '{{ .params.reason }}' }] },
      scope,
      evaluator,
      ['script'],
      ['script'],
    );
    expect(rendered).toEqual({ script: 'echo {{ .params.reason }} $(date)', env: [{ name: 'R', value: 'deploy' }] });
    expect(readsRunData('echo {{ .params.service }}')).toBe(true);
    expect(readsRunData('{{- if .config.labels.app }}x{{ end }}')).toBe(true);
    expect(readsRunData('{{ $.request.body }}')).toBe(true);
    expect(readsRunData("docker inspect -f '{{.State.Status}}' web")).toBe(false);
    expect(readsRunData('echo "$SERVICE"')).toBe(false);
  });

  it('names the field whose template fails', async () => {
    await expect(renderBody({ a: { b: '$(nosuch.field)' } }, scope, evaluator)).rejects.toThrow(/^a\.b: /);
    await expect(renderBody({ a: '$(nosuch.field)' }, scope, evaluator)).rejects.toBeInstanceOf(TemplateError);
  });

  it('renders parameter defaults and decides conditions (true/false only)', async () => {
    expect(await renderText('{{ .config.config.replicas }}', scope, evaluator)).toBe('3');
    expect(await renderText('as written', scope, evaluator)).toBe('as written');
    expect(await condition("params.reason == 'deploy'", { params: scope.params }, evaluator)).toBe(true);
    expect(await condition("params.reason == 'rollback'", { params: scope.params }, evaluator)).toBe(false);
    await expect(condition('params.reason', { params: scope.params }, evaluator)).rejects.toThrow(/must give true or false/);
  });
});
