/** What the Code tab's editor shows besides the text: error markers at 1-based lines and columns. */
export interface EditorMarker {
  message: string;
  line: number;
  column?: number;
}

export interface YamlEditorProps {
  value: string;
  onChange(value: string): void;
  markers: readonly EditorMarker[];
  readOnly?: boolean;
  ariaLabel: string;
}
