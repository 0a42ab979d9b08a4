/**
 * Monaco for the Code tab, loaded lazily (its own chunk) and only from the installed package: `loader.config`
 * points @monaco-editor/react at it instead of its CDN default, and Vite bundles the editor worker.
 * Tests replace this module with a textarea (jsdom cannot run Monaco).
 */
import { useEffect, useRef } from 'react';
import Editor, { loader, type OnMount } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/esm/vs/editor/editor.api';
// The editor's contributions (hover for markers, find, folding...) without the other languages' workers.
import 'monaco-editor/esm/vs/editor/edcore.main';
import 'monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution';
import editorWorker from 'monaco-editor/esm/vs/editor/editor.worker?worker';
import { useTheme } from '@web/core/theme/ThemeProvider';
import type { YamlEditorProps } from './yamlEditorTypes';

self.MonacoEnvironment = { getWorker: () => new editorWorker() };
loader.config({ monaco: monaco as unknown as Parameters<typeof loader.config>[0]['monaco'] });

const MARKER_OWNER = 'yaml-validation';

export default function YamlEditor({ value, onChange, markers, readOnly, ariaLabel }: YamlEditorProps) {
  const { mode } = useTheme();
  const editorRef = useRef<Parameters<OnMount>[0] | null>(null);

  const applyMarkers = () => {
    const model = editorRef.current?.getModel();
    if (!model) return;
    const lines = model.getLineCount();
    monaco.editor.setModelMarkers(
      model,
      MARKER_OWNER,
      markers.map((marker) => {
        const line = Math.min(Math.max(1, marker.line), lines);
        return {
          severity: monaco.MarkerSeverity.Error,
          message: marker.message,
          startLineNumber: line,
          startColumn: marker.column ?? 1,
          endLineNumber: line,
          endColumn: marker.column ? marker.column + 1 : model.getLineMaxColumn(line),
        };
      }),
    );
  };
  // Markers follow the latest validation; applied again once the editor exists.
  useEffect(applyMarkers);

  return (
    <Editor
      height="480px"
      language="yaml"
      theme={mode === 'dark' ? 'vs-dark' : 'vs'}
      value={value}
      onChange={(next) => onChange(next ?? '')}
      onMount={(editor) => {
        editorRef.current = editor;
        applyMarkers();
      }}
      options={{ readOnly, minimap: { enabled: false }, automaticLayout: true, scrollBeyondLastLine: false, tabSize: 2, ariaLabel }}
    />
  );
}
