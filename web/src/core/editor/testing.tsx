/** Test helpers of the resource spec editors (tests only). */
import type { YamlEditorProps } from './yamlEditorTypes';
import { jsonResponse } from '@web/core/testing/jsonResponse';

/**
 * jsdom cannot run Monaco: the Code tab's editor as a textarea. In a test file:
 * `jest.mock('@web/core/editor/YamlEditor', () => jest.requireActual('@web/core/editor/testing').textareaYamlEditor);`
 */
export const textareaYamlEditor = {
  __esModule: true,
  default: ({ value, onChange, ariaLabel, readOnly }: YamlEditorProps) => (
    <textarea aria-label={ariaLabel} value={value} readOnly={readOnly} onChange={(event) => onChange(event.target.value)} />
  ),
};

/**
 * A fresh `fetch` mock before each test: every call answers 404 unless the test says otherwise (no validate endpoint:
 * 404 means "no validation").
 */
export function useFetchMock(): jest.Mock {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(() => jsonResponse(404, { message: 'Not Found' }));
    globalThis.fetch = fetchMock;
  });
  return fetchMock;
}
